/*
 * Experts publish a new version of a legal text from the back-office (issue 16, line 10). A version
 * is never edited: each publication inserts the next number for both languages, so what a seller
 * accepted stays readable, and sellers who accepted an older version are asked again at their
 * next sign-in (pendingTerms).
 */
import { asc, desc, eq, max } from 'drizzle-orm';
import type { z } from 'zod';
import type { publishBody, TermVersionView } from '@worq/domain/wire/terms';
import type { Db } from '../../db/client.ts';
import { customers, terms, type TermType } from '../../db/schema.ts';
import { AppError } from '../../plugins/errors.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { sanitizeLegalHtml, visibleText } from './sanitize.ts';
import { forgetLatestVersions, termVersionHeading } from './service.ts';

const languages = ['tr', 'en'] as const;

export type PublishInput = z.output<typeof publishBody>;

/** Every version of every legal text, newest first within each type: the back-office's history. */
export async function termHistory(db: Db, only?: TermType): Promise<TermVersionView[]> {
  const rows = await db
    .select({
      ...termVersionHeading,
      content: terms.content,
      createdAt: terms.createdAt,
      firstName: customers.firstName,
      lastName: customers.lastName,
      email: customers.email,
    })
    .from(terms)
    .leftJoin(customers, eq(customers.id, terms.publishedBy))
    .where(only ? eq(terms.termType, only) : undefined)
    .orderBy(asc(terms.termType), desc(terms.version));

  const versions = new Map<string, TermVersionView>();
  for (const row of rows) {
    const key = `${row.termType}:${row.version}`;
    const text = { title: row.title, content: row.content, change_note: row.changeNote };
    const existing = versions.get(key);
    if (existing) {
      existing[row.language] = text;
      continue;
    }
    versions.set(key, {
      term_type: row.termType,
      version: row.version,
      published_at: row.createdAt.toISOString(),
      published_by: row.email ? { name: `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim(), email: row.email } : null,
      tr: text,
      en: text,
    });
  }
  return [...versions.values()];
}

/**
 * Publishes the next version of one legal text in both languages. The HTML is sanitized before it
 * is stored; a text left with no words is refused. Two experts publishing the same type at once:
 * the unique (type, language, version) index lets one win, the other gets 409 and tries again.
 */
export async function publishTerm(db: Db, expertId: string, input: PublishInput, now = new Date()): Promise<TermVersionView> {
  const cleaned = Object.fromEntries(languages.map((language) => [language, sanitizeLegalHtml(input[language].content)])) as Record<
    (typeof languages)[number],
    string
  >;
  const empty = languages.filter((language) => visibleText(cleaned[language]).length === 0);
  if (empty.length > 0) {
    throw new AppError(400, 'validation_failed', {
      fields: Object.fromEntries(empty.map((language) => [`${language}.content`, { key: 'required' as const }])),
    });
  }

  try {
    const version = await db.transaction(async (tx) => {
      const [current] = await tx
        .select({ newest: max(terms.version) })
        .from(terms)
        .where(eq(terms.termType, input.term_type));
      const next = (current?.newest ?? 0) + 1;
      await tx.insert(terms).values(
        languages.map((language) => ({
          termType: input.term_type,
          language,
          version: next,
          title: input[language].title,
          content: cleaned[language],
          changeNote: input[language].change_note || null,
          publishedBy: expertId,
          createdAt: now,
        })),
      );
      return next;
    });
    forgetLatestVersions(db);
    const [published] = (await termHistory(db, input.term_type)).filter((entry) => entry.version === version);
    return published!;
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, 'term_version_conflict');
    throw error;
  }
}

import { and, desc, eq, inArray } from 'drizzle-orm';
import { defaultLanguage, type Language } from '@worq/domain/language';
import type { Db } from '../../db/client.ts';
import { terms, termTypes, type TermType } from '../../db/schema.ts';

export interface ActiveTerm {
  term_type: TermType;
  title: string;
  content: string;
  version: number;
}

/**
 * The latest active version of each legal text in the given language. A text not yet translated
 * falls back to Turkish, the language every text is written in first.
 */
export async function activeTerms(db: Db, language: Language, only?: TermType): Promise<ActiveTerm[]> {
  const rows = await db
    .select({ termType: terms.termType, language: terms.language, title: terms.title, content: terms.content, version: terms.version })
    .from(terms)
    .where(
      and(
        eq(terms.isActive, true),
        inArray(terms.language, [...new Set([language, defaultLanguage])]),
        only ? eq(terms.termType, only) : undefined,
      ),
    )
    .orderBy(desc(terms.version));

  const result: ActiveTerm[] = [];
  for (const termType of termTypes) {
    const ofType = rows.filter((row) => row.termType === termType);
    const chosen = ofType.find((row) => row.language === language) ?? ofType[0];
    if (chosen) result.push({ term_type: termType, title: chosen.title, content: chosen.content, version: chosen.version });
  }
  return result;
}

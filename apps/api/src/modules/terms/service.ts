import { and, desc, eq, inArray, max } from 'drizzle-orm';
import { defaultLanguage, type Language } from '@worq/domain/language';
import type { Db } from '../../db/client.ts';
import { customers, terms, type ConsentRecord, type CustomerConsents, type TermType } from '../../db/schema.ts';
import { termTypes } from '@worq/domain/wire/terms';

export interface ActiveTerm {
  term_type: TermType;
  title: string;
  content: string;
  version: number;
}

/** The columns that name one version of a legal text in one language, without the text itself. */
export const termVersionHeading = {
  termType: terms.termType,
  language: terms.language,
  version: terms.version,
  title: terms.title,
  changeNote: terms.changeNote,
};

/** Which customer consent accepts which legal text. */
export const consentTermTypes = {
  disclosure: 'disclosure',
  explicit_consent: 'consent',
  commercial_electronic_message: 'electronic_message',
} as const satisfies Record<keyof CustomerConsents, TermType>;
export type ConsentName = keyof typeof consentTermTypes;
export const consentNames = Object.keys(consentTermTypes) as ConsentName[];

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

/**
 * The newest version numbers, kept for a short while per database: get_user_info asks on every
 * signed-in page load, and texts change a few times a year. Publishing clears it in the process that
 * published; other processes see the new version within the TTL (a seller is asked at most that much
 * later, still before their next sign-in).
 */
const versionsTtlMs = 30_000;
const versionCache = new WeakMap<Db, { at: number; versions: Map<TermType, number> }>();

export function forgetLatestVersions(db: Db): void {
  versionCache.delete(db);
}

async function cachedLatestVersions(db: Db): Promise<Map<TermType, number>> {
  const cached = versionCache.get(db);
  if (cached && Date.now() - cached.at < versionsTtlMs) return cached.versions;
  const versions = await latestVersions(db);
  versionCache.set(db, { at: Date.now(), versions });
  return versions;
}

/** The newest published version of each legal text. */
async function latestVersions(db: Db): Promise<Map<TermType, number>> {
  const rows = await db
    .select({ termType: terms.termType, version: max(terms.version) })
    .from(terms)
    .where(eq(terms.isActive, true))
    .groupBy(terms.termType);
  return new Map(rows.flatMap((row) => (row.version === null ? [] : [[row.termType, row.version] as const])));
}

/** The consents a seller must give again before going on (the optional ones are only asked). */
const requiredConsents: readonly ConsentName[] = ['disclosure'];

/** Whether an accepted consent names an older version than the newest published one. */
function isOutdated(record: ConsentRecord, newest: number | undefined): boolean {
  return record.accepted && record.term_version !== null && newest !== undefined && newest > record.term_version;
}

/**
 * Whether the seller accepted a required legal text in an older version than the one now
 * published: seller writes are refused (403 terms_pending) until they accept it again.
 */
export async function hasRequiredTermsPending(db: Db, customerId: string): Promise<boolean> {
  const [row] = await db.select({ consents: customers.consents }).from(customers).where(eq(customers.id, customerId)).limit(1);
  if (!row) return false;
  const latest = await cachedLatestVersions(db);
  return requiredConsents.some((name) => isOutdated(row.consents[name], latest.get(consentTermTypes[name])));
}

export interface PendingTerm {
  consent: ConsentName;
  term_type: (typeof consentTermTypes)[ConsentName];
  version: number;
  accepted_version: number;
  title: string;
  change_note: string | null;
  required: boolean;
}

/**
 * The legal texts a seller accepted in an older version than the one now published: they are asked
 * again at their next sign-in. The disclosure must be accepted to go on; the two optional consents
 * are confirmed or withdrawn. A consent never given is not asked for again (an account created
 * through Google gives its consents on the phone step instead).
 */
export async function pendingTerms(db: Db, consents: CustomerConsents, language: Language): Promise<PendingTerm[]> {
  const latest = await cachedLatestVersions(db);
  const outdated = consentNames.flatMap((name) => {
    const record: ConsentRecord = consents[name];
    return isOutdated(record, latest.get(consentTermTypes[name])) ? [{ name, acceptedVersion: record.term_version! }] : [];
  });
  // The usual answer (nothing new since the seller accepted) costs no query.
  if (outdated.length === 0) return [];
  // Titles and change notes only (not the texts), newest first, in the request language or Turkish.
  const rows = await db
    .select(termVersionHeading)
    .from(terms)
    .where(
      and(
        eq(terms.isActive, true),
        inArray(terms.language, [...new Set([language, defaultLanguage])]),
        inArray(
          terms.termType,
          outdated.map(({ name }) => consentTermTypes[name]),
        ),
      ),
    )
    .orderBy(desc(terms.version));
  return outdated.flatMap(({ name, acceptedVersion }) => {
    const termType = consentTermTypes[name];
    const ofType = rows.filter((row) => row.termType === termType);
    const newest = ofType.find((row) => row.language === language) ?? ofType[0];
    if (!newest || newest.version <= acceptedVersion) return [];
    return [
      {
        consent: name,
        term_type: termType,
        version: newest.version,
        accepted_version: acceptedVersion,
        title: newest.title,
        change_note: newest.changeNote,
        required: requiredConsents.includes(name),
      },
    ];
  });
}

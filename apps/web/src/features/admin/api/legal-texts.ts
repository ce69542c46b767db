import useSWR from 'swr';
import { get, post } from '../../../lib/http-client.ts';
import type { TermType as LegalTextType } from '../../../lib/terms.ts';
import type { PersonRef } from './contact-forms.ts';

/** The same four texts the seller screens show (lib/terms.ts). */
export { termTypes as legalTextTypes, type TermType as LegalTextType } from '../../../lib/terms.ts';

export interface LegalTextLanguage {
  title: string;
  /** As stored: {{controller}} and {{controller_contact}} are filled in only for sellers. */
  content: string;
  change_note: string | null;
}

/** One published version of a legal text in both languages (GET /admin/terms). */
export interface LegalTextVersion {
  term_type: LegalTextType;
  version: number;
  published_at: string;
  /** null for the texts the product ships with. */
  published_by: Pick<PersonRef, 'name' | 'email'> | null;
  tr: LegalTextLanguage;
  en: LegalTextLanguage;
}

export interface PublishLegalText {
  term_type: LegalTextType;
  tr: { title: string; content: string; change_note?: string };
  en: { title: string; content: string; change_note?: string };
}

export const legalTextsPath = '/admin/terms';

export function useLegalTexts() {
  return useSWR(legalTextsPath, (url: string) => get<LegalTextVersion[]>(url));
}

/** POST /admin/terms: the next version; sellers who accepted an older one are asked again. */
export function publishLegalText(body: PublishLegalText): Promise<LegalTextVersion> {
  return post<LegalTextVersion>(legalTextsPath, body);
}

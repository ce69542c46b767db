/*
 * Legal texts shown in the terms modal, through the one HTTP client (§7); no session is needed.
 * The server answers in the Accept-Language language.
 */
import type { TermFilterAnswer, TermType } from '@worq/domain/wire/terms';
import { termTypes } from '@worq/domain/wire/choices';
import { anonymous, call } from './http-client.ts';

export type { TermType };

/** The legal texts the server keeps, in the order API.md's get_active_terms lists them. */
export { termTypes };

/** GET /customer/term_filter; an answer without its text is an error, not an empty page. */
export async function fetchTerm(termType: TermType, language: string, signal?: AbortSignal): Promise<TermFilterAnswer> {
  const body: Partial<TermFilterAnswer> = await call(
    'GET /customer/term_filter',
    { query: { term_type: termType } },
    { ...anonymous, signal, headers: { 'Accept-Language': language } },
  );
  if (typeof body.content !== 'string') throw new Error('term_filter: no content');
  return { term_type: body.term_type ?? termType, content: body.content };
}

/**
 * The server sanitizes too; the web does it again before any HTML reaches the page. DOMPurify is
 * fetched with the first legal text a user opens, not with the pages that merely link to one.
 */
export async function sanitizeTermHtml(html: string): Promise<string> {
  const { default: DOMPurify } = await import('dompurify');
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'input'] });
}

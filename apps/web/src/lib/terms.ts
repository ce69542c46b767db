/*
 * Legal texts shown in the terms modal. Plain fetch: the text needs no authentication, and the
 * shared API client arrives later. The server answers in the Accept-Language language.
 */
export type TermType = 'more_info' | 'consent' | 'disclosure' | 'electronic_message';

export interface Term {
  term_type: string;
  content: string;
}

export async function fetchTerm(termType: TermType, language: string, signal?: AbortSignal): Promise<Term> {
  const response = await fetch(`/api/v1/customer/term_filter?term_type=${encodeURIComponent(termType)}`, {
    headers: { Accept: 'application/json', 'Accept-Language': language },
    signal,
  });
  if (!response.ok) throw new Error(`term_filter: HTTP ${response.status}`);
  const body = (await response.json()) as Partial<Term>;
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

import useSWR from 'swr';
import { get } from '../../../lib/http-client.ts';

export type ActiveTermType = 'consent' | 'disclosure' | 'electronic_message' | 'more_info';

export interface ActiveTerm {
  term_type: ActiveTermType;
  title: string;
  /** HTML from the server; sanitized again before display. */
  content: string;
  version: number;
}

/** GET /customer/get_active_terms — every legal text in the given language (no sign-in needed). */
export function useActiveTerms(language: string) {
  return useSWR(['/customer/get_active_terms', language], ([url]: [string, string]) => get<ActiveTerm[]>(url), {
    revalidateOnFocus: false,
  });
}

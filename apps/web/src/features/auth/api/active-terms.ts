import useSWR from 'swr';
import type { ActiveTerm } from '@worq/domain/wire/terms';
import { get } from '../../../lib/http-client.ts';

/** GET /customer/get_active_terms — every legal text in the given language (no sign-in needed). */
export function useActiveTerms(language: string) {
  return useSWR(['/customer/get_active_terms', language], ([url]: [string, string]) => get<ActiveTerm[]>(url), {
    revalidateOnFocus: false,
  });
}

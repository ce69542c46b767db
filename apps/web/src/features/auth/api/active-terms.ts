import useSWR from 'swr';
import { call, routeUrl } from '../../../lib/http-client.ts';

/** GET /customer/get_active_terms — every legal text in the given language (no sign-in needed). */
export function useActiveTerms(language: string) {
  return useSWR([routeUrl('GET /customer/get_active_terms'), language], () => call('GET /customer/get_active_terms'), {
    revalidateOnFocus: false,
  });
}

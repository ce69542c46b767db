import useSWR from 'swr';
import type { TurnoverSuggestion } from '@worq/domain/wire/insight';
import { call, routeUrl } from '../../../lib/http-client.ts';

export type { TurnoverSuggestion };

/** GET /gpp/suggestion (API.md "Orders and WorqInsight"): the last full months of synced revenue. */
export function useTurnoverSuggestion() {
  return useSWR(routeUrl('GET /gpp/suggestion'), () => call('GET /gpp/suggestion'));
}

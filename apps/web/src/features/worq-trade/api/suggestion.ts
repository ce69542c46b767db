import useSWR from 'swr';
import type { TurnoverSuggestion } from '@worq/domain/wire/insight';
import { get } from '../../../lib/http-client.ts';

export type { TurnoverSuggestion };

/** GET /gpp/suggestion (API.md "Orders and WorqInsight"): the last full months of synced revenue. */
export function useTurnoverSuggestion() {
  return useSWR('/gpp/suggestion', (url: string) => get<TurnoverSuggestion>(url));
}

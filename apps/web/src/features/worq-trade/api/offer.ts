import useSWR from 'swr';
import type { OfferView } from '@worq/domain/wire/offer';
import { get } from '../../../lib/http-client.ts';

export type { OfferView };
export type SalesScenario = 'slow' | 'expected' | 'fast';
export const salesScenarioNames: readonly SalesScenario[] = ['slow', 'expected', 'fast'];

/** GET /gpp/offer (docs/api.md, issue 35): the pre-qualified offer and the sales forecast. */
export function useOffer() {
  return useSWR('/gpp/offer', (url: string) => get<OfferView>(url));
}

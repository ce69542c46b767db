import useSWR from 'swr';
import type { OfferView } from '@worq/domain/wire/offer';
import { call, routeUrl } from '../../../lib/http-client.ts';

export type { OfferView };
export type SalesScenario = 'slow' | 'expected' | 'fast';
export const salesScenarioNames: readonly SalesScenario[] = ['slow', 'expected', 'fast'];

/** The query parameter that chooses the offer on arrival at the plan step, as `use_suggestion` applies the turnover. */
export const useOfferParam = 'use_offer';
/** Where "plan with this offer" leads: the start page, whose start carries the choice to the plan step. */
export const offerPlanPath = `/worq-trade/start?${useOfferParam}=1`;

/** GET /gpp/offer (docs/api.md, issue 35): the pre-qualified offer and the sales forecast. */
export function useOffer() {
  return useSWR(routeUrl('GET /gpp/offer'), () => call('GET /gpp/offer'));
}

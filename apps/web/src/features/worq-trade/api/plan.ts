import useSWR from 'swr';
import type { PlanInput, PlanParametersView, PlanView } from '@worq/domain/wire/gpp';
import { errorStatus } from '../../../lib/api-error.ts';
import { call, routeUrl } from '../../../lib/http-client.ts';

export type { PlanParametersView as PlanParameters, PlanView as Plan };

export const planParametersKey = routeUrl('GET /gpp/get');
export const savedPlanKey = routeUrl('GET /gpp/get_by_customer_id');

/** GET /gpp/get — the plan parameters the server decides (rates and bounds); amounts in kuruş. */
export function usePlanParameters() {
  return useSWR(planParametersKey, () => call('GET /gpp/get'));
}

/** GET /gpp/get_by_customer_id — the active application's plan; `null` while none is saved (the server answers 404 plan_not_found). */
export function useSavedPlan() {
  return useSWR(savedPlanKey, async () => {
    try {
      return await call('GET /gpp/get_by_customer_id');
    } catch (error) {
      if (errorStatus(error) === 404) return null;
      throw error;
    }
  });
}

/** POST /gpp/upsert — the server recomputes every figure from the inputs. */
export function upsertPlan(input: PlanInput): Promise<PlanView> {
  return call('POST /gpp/upsert', { body: input });
}

import useSWR from 'swr';
import { errorStatus } from '../../../lib/api-error.ts';
import { get, post } from '../../../lib/http-client.ts';

/** GET /gpp/get — the plan parameters the server decides (rates and bounds); amounts in kuruş. */
export interface PlanParameters {
  rates: { duration_weeks: 4 | 6 | 8; provider_share_rate: number }[];
  payment_start_weeks: (1 | 2 | 3)[];
  min_stock_purchase_amount: number;
  max_stock_purchase_amount: number;
  max_stock_to_turnover_ratio: number;
  max_sales_to_stock_ratio: number;
  suggested_stock_ratio: number;
}

export interface PlanInput {
  application_id: string;
  average_monthly_turnover: number;
  estimated_stock_purchase_amount: number;
  estimated_sales_turnover: number;
  duration_weeks: 4 | 6 | 8;
  payment_start_week: 1 | 2 | 3;
}

/** A saved plan: the inputs plus every figure the server recomputed. */
export interface Plan extends PlanInput {
  provider_share_rate: number;
  provider_share_amount: number;
  your_share_amount: number;
  total_payment_amount: number;
  installment_count: number;
  installment_amount: number;
  schedule: { week: number; amount: number }[];
}

export const planParametersKey = '/gpp/get';
export const savedPlanKey = '/gpp/get_by_customer_id';

export function usePlanParameters() {
  return useSWR(planParametersKey, (url: string) => get<PlanParameters>(url));
}

/** The active application's plan; `null` while none is saved (the server answers 404 plan_not_found). */
export function useSavedPlan() {
  return useSWR(savedPlanKey, async (url: string) => {
    try {
      return await get<Plan>(url);
    } catch (error) {
      if (errorStatus(error) === 404) return null;
      throw error;
    }
  });
}

export function upsertPlan(input: PlanInput): Promise<Plan> {
  return post<Plan>('/gpp/upsert', input);
}

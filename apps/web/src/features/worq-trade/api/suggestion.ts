import useSWR from 'swr';
import { get } from '../../../lib/http-client.ts';

/** GET /gpp/suggestion (API.md "Orders and WorqInsight"): the last full months of synced revenue. */
export interface TurnoverSuggestion {
  average_monthly_turnover: number | null;
  months_used: number;
  period: { from: string | null; to: string | null };
  integrations: { integration_id: string; marketplace_code: string; store_name: string }[];
  suggested_stock_purchase_amount: number | null;
}

export function useTurnoverSuggestion() {
  return useSWR('/gpp/suggestion', (url: string) => get<TurnoverSuggestion>(url));
}

/*
 * WorqInsight calls (API.md "Orders and WorqInsight"; the server's zod shapes are in
 * apps/api/src/modules/insight/routes.ts). Money is integer kuruş, days are Istanbul `YYYY-MM-DD`.
 */
import useSWR from 'swr';
import { get, post } from '../../../lib/http-client.ts';

export interface Totals {
  revenue: number;
  orders: number;
  units: number;
  average_order_value: number;
  cancelled_orders: number;
  returned_orders: number;
  cancellation_rate: number;
  return_rate: number;
}

export type SyncState = 'never' | 'running' | 'ok' | 'failed';

export interface StoreSync {
  integration_id: string;
  marketplace_code: string;
  marketplace_name: string;
  connection_status: 'active' | 'out_of_date' | 'disabled';
  store_name: string;
  state: SyncState;
  last_synced_at: string | null;
  oldest_order_at: string | null;
  message: string | null;
}

export interface Overview {
  from: string;
  to: string;
  currency: 'TRY';
  totals: Totals;
  previous: Totals;
  series: { date: string; revenue: number; orders: number }[];
  by_marketplace: { integration_id: string; marketplace_code: string; store_name: string; revenue: number; orders: number }[];
  top_products: { sku: string; name: string; units: number; revenue: number }[];
  other_currencies: { currency: string; amount: number; orders: number }[];
  sync: StoreSync[];
}

export interface Tip {
  code: string;
  severity: 'info' | 'opportunity' | 'warning';
  title: string;
  body: string;
  metric: { name: string; value: number } | null;
  action: { kind: string; href: string } | null;
}

export interface StoreLookup {
  marketplace_code: string | null;
  store_name: string | null;
  seller_id: string | null;
  store_link: string;
  candidates: string[];
}

export interface RangeQuery {
  from: string;
  to: string;
  integration_id?: string[];
}

/** The SWR key of a range query (array keys repeat `integration_id`, as the server expects). */
function rangeKey(path: string, query: RangeQuery): [string, RangeQuery] {
  return [path, query];
}

/** Re-reads every few seconds while a store is importing, so the figures fill in as orders arrive. */
export function useOverview(query: RangeQuery) {
  return useSWR(rangeKey('/insight/overview', query), ([url, params]) => get<Overview>(url, { ...params }), {
    keepPreviousData: true,
    refreshInterval: (data) => (data?.sync.some((store) => store.state === 'running' || store.state === 'never') ? 3_000 : 0),
  });
}

export function useTips(query: RangeQuery) {
  return useSWR(rangeKey('/insight/tips', query), ([url, params]) => get<Tip[]>(url, { ...params }), { keepPreviousData: true });
}

export function lookupStore(storeUrl: string): Promise<StoreLookup> {
  return post<StoreLookup>('/insight/store_lookup', { store_url: storeUrl });
}

/** POST /insight/sync: 202 with the request id of the sync task (a running one is reused). */
export function syncStore(integrationId: string): Promise<{ request_id: string }> {
  return post<{ request_id: string }>('/insight/sync', { integration_id: integrationId });
}

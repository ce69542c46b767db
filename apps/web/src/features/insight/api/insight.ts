/*
 * WorqInsight calls (API.md "Orders and WorqInsight"; the shapes are packages/domain/src/wire/insight.ts).
 * Money is integer kuruş, days are Istanbul `YYYY-MM-DD`.
 */
import useSWR from 'swr';
import type { OrderSyncBody, Overview, RangeQuery, StoreLookup, StoreLookupBody, Tip } from '@worq/domain/wire/insight';
import type { TaskAccepted } from '@worq/domain/wire/tasks';
import { get, post } from '../../../lib/http-client.ts';

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

/** POST /insight/store_lookup */
export function lookupStore(storeUrl: StoreLookupBody['store_url']): Promise<StoreLookup> {
  return post<StoreLookup>('/insight/store_lookup', { store_url: storeUrl });
}

/** POST /insight/sync: 202 with the request id of the sync task (a running one is reused). */
export function syncStore(integrationId: OrderSyncBody['integration_id']): Promise<TaskAccepted> {
  return post<TaskAccepted>('/insight/sync', { integration_id: integrationId });
}

/*
 * WorqInsight calls (API.md "Orders and WorqInsight"; the shapes are packages/domain/src/wire/insight.ts).
 * Money is integer kuruş, days are Istanbul `YYYY-MM-DD`.
 */
import useSWR from 'swr';
import type { maxRangeDays, OrderSyncBody, Overview, RangeQuery, StoreLookup, StoreLookupBody, Tip } from '@worq/domain/wire/insight';
import type { TaskAccepted } from '@worq/domain/wire/tasks';
import { get, post } from '../../../lib/http-client.ts';
import { addDays, istanbulToday } from '../period.ts';

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

/** The longest range the overview takes, in days (the web takes only types from the wire contract; tsc holds it to it). */
const longestRangeDays: typeof maxRangeDays = 366;

/**
 * A store's first import as far as it has come: its overview over the longest range the server takes
 * (the import reaches back 12 months), re-read with the dashboard while `importing`. Null key: no request.
 */
export function useImportProgress(integrationId: string, importing: boolean) {
  const to = istanbulToday();
  const query: RangeQuery = { from: addDays(to, -(longestRangeDays - 1)), to, integration_id: [integrationId] };
  return useSWR(importing ? rangeKey('/insight/overview', query) : null, ([url, params]) => get<Overview>(url, { ...params }), {
    keepPreviousData: true,
    refreshInterval: importing ? 3_000 : 0,
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

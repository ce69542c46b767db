/*
 * WorqInsight calls (API.md "Orders and WorqInsight"; the shapes are packages/domain/src/wire/insight.ts).
 * Money is integer kuruş, days are Istanbul `YYYY-MM-DD`.
 */
import useSWR from 'swr';
import type { maxRangeDays, OrderSyncBody, RangeQuery, StoreLookup, StoreLookupBody } from '@worq/domain/wire/insight';
import type { TaskAccepted } from '@worq/domain/wire/tasks';
import { call, routeUrl } from '../../../lib/http-client.ts';
import { addDays, istanbulToday } from '../period.ts';

/** The SWR key of a range query: the address and the query. */
function rangeKey(route: 'GET /insight/overview' | 'GET /insight/tips', query: RangeQuery): [string, RangeQuery] {
  return [routeUrl(route), query];
}

/** Re-reads every few seconds while a store is importing, so the figures fill in as orders arrive. */
export function useOverview(query: RangeQuery) {
  return useSWR(rangeKey('GET /insight/overview', query), ([, params]) => call('GET /insight/overview', { query: params }), {
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
  return useSWR(
    importing ? rangeKey('GET /insight/overview', query) : null,
    ([, params]) => call('GET /insight/overview', { query: params }),
    {
      keepPreviousData: true,
      refreshInterval: importing ? 3_000 : 0,
    },
  );
}

export function useTips(query: RangeQuery) {
  return useSWR(rangeKey('GET /insight/tips', query), ([, params]) => call('GET /insight/tips', { query: params }), {
    keepPreviousData: true,
  });
}

/** POST /insight/store_lookup */
export function lookupStore(storeUrl: StoreLookupBody['store_url']): Promise<StoreLookup> {
  return call('POST /insight/store_lookup', { body: { store_url: storeUrl } });
}

/** POST /insight/sync: 202 with the request id of the sync task (a running one is reused). */
export function syncStore(integrationId: OrderSyncBody['integration_id']): Promise<TaskAccepted> {
  return call('POST /insight/sync', { body: { integration_id: integrationId } });
}

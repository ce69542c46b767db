/**
 * GET /insight/overview (API.md "Orders and WorqInsight"): a seller's figures for a range of
 * Istanbul days, with the equal period just before it. Invariants the tests hold us to: the series
 * and by_marketplace each add up to the totals, and `previous` covers as many days as the range.
 */
import { addDays, daysBetween, daysOf, istanbulDay } from '@worq/domain/calendar';
import { formatMessage, isMessageKey } from '@worq/domain/messages';
import type { Language } from '@worq/domain/language';
import type { StoreHostSuffixes } from '@worq/domain/store-source';
import { maxRangeDays, type Overview, type StoreImport, type StoreSync, type SyncState, type Totals } from '@worq/domain/wire/insight';
import { connectors, isMarketplaceCode, type ConnectorRegistry } from '../../connectors/registry.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';
import { importPacingOf, importProgress, loadImportStates } from './import-progress.ts';
import {
  dailySeries,
  otherCurrencies,
  periodTotals,
  revenueByStore,
  storesWithSync,
  topProducts,
  type PeriodTotals,
  type StoreSyncRow,
} from './repository.ts';

export const defaultRangeDays = 30;

const dayMs = 86_400_000;
const ratio = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : 0);

function toTotals(totals: PeriodTotals): Totals {
  const all = totals.orders + totals.cancelledOrders + totals.returnedOrders;
  return {
    revenue: totals.revenue,
    orders: totals.orders,
    units: totals.units,
    average_order_value: totals.orders > 0 ? Math.round(totals.revenue / totals.orders) : 0,
    cancelled_orders: totals.cancelledOrders,
    returned_orders: totals.returnedOrders,
    // Shares of every order placed in the period, whatever became of it.
    cancellation_rate: ratio(totals.cancelledOrders, all),
    return_rate: ratio(totals.returnedOrders, all),
  };
}

export interface RangeQuery {
  from?: string | undefined;
  to?: string | undefined;
  integration_id?: string[] | undefined;
}

/** The checked range: defaults to the last 30 days up to today (Istanbul). */
export function resolveRange(query: Pick<RangeQuery, 'from' | 'to'>, now: Date): { from: string; to: string } {
  const to = query.to ?? istanbulDay(now);
  const from = query.from ?? addDays(to, -(defaultRangeDays - 1));
  if (from > to)
    throw new AppError(400, 'validation_failed', {
      messageKey: 'insight_range_invalid',
      fields: { from: { key: 'insight_range_invalid' } },
    });
  if (daysBetween(from, to) + 1 > maxRangeDays) {
    throw new AppError(400, 'validation_failed', {
      messageKey: 'insight_range_too_long',
      fields: { to: { key: 'insight_range_too_long' } },
    });
  }
  return { from, to };
}

function syncStateOf(row: StoreSyncRow, now: Date): SyncState {
  if (row.lockedUntil && row.lockedUntil > now) return 'running';
  return row.state ?? 'never';
}

export function toStoreSync(row: StoreSyncRow, language: Language, now: Date, firstImport?: StoreImport | null): StoreSync {
  return {
    integration_id: row.integrationId,
    marketplace_code: row.marketplaceCode,
    marketplace_name: row.marketplaceName,
    connection_status: row.integrationStatus as StoreSync['connection_status'],
    store_name: row.storeName,
    state: syncStateOf(row, now),
    last_synced_at: row.lastSyncedAt?.toISOString() ?? null,
    oldest_order_at: row.oldestOrderAt?.toISOString() ?? null,
    message: row.message && isMessageKey(row.message) ? formatMessage(language, row.message, row.messageParams ?? {}) : null,
    source_verified: row.sourceVerified,
    unclassified_orders: row.unclassifiedOrders,
    history_days: historyDaysOf(row.marketplaceCode, now),
    ...(firstImport !== undefined ? { import: firstImport } : {}),
  };
}

/** How many whole days back the marketplace serves orders as of `now` (Connector.oldestServed); null: no known limit. */
export function historyDaysOf(marketplaceCode: string, now: Date): number | null {
  const served = isMarketplaceCode(marketplaceCode) ? connectors[marketplaceCode].oldestServed?.(now) : undefined;
  return served ? Math.max(0, Math.floor((now.getTime() - served.getTime()) / dayMs)) : null;
}

/** The first imports under way among `stores`, by integration id, with their progress and time left. */
async function firstImportsOf(db: Db, registry: ConnectorRegistry, stores: StoreSyncRow[], now: Date): Promise<Map<string, StoreImport>> {
  const running = new Set(
    stores.filter((store) => ['running', 'never'].includes(syncStateOf(store, now))).map((store) => store.integrationId),
  );
  // A store whose sync reads `ok` has finished its first import (its older history keeps it `running`).
  const unfinished = stores.filter((store) => syncStateOf(store, now) !== 'ok').map((store) => store.integrationId);
  const states = await loadImportStates(db, unfinished, (id) => running.has(id));
  return new Map(states.map((state) => [state.integrationId, importProgress(state, importPacingOf(registry, state.marketplaceCode), now)]));
}

export async function buildOverview(
  db: Db,
  customerId: string,
  query: RangeQuery,
  language: Language,
  now: Date,
  hostSuffixes: StoreHostSuffixes,
  /** Given, each store's first import under way comes with its progress and time left (`sync[].import`). */
  registry?: ConnectorRegistry,
): Promise<Overview> {
  const { from, to } = resolveRange(query, now);
  const stores = await storesWithSync(db, customerId, hostSuffixes);
  let integrationIds: string[] | undefined;
  if (query.integration_id && query.integration_id.length > 0) {
    integrationIds = [...new Set(query.integration_id)];
    const own = new Set(stores.map((store) => store.integrationId));
    // Another seller's store answers like an unknown one.
    if (integrationIds.some((id) => !own.has(id))) throw new AppError(404, 'integration_not_found');
  }
  const length = daysBetween(from, to) + 1;
  const previousFrom = addDays(from, -length);
  const filter = { customerId, from, to, integrationIds };
  const [totals, daily, byStore, products, currencies] = await Promise.all([
    periodTotals(db, filter, previousFrom),
    dailySeries(db, filter),
    revenueByStore(db, filter),
    topProducts(db, filter, 10),
    otherCurrencies(db, filter),
  ]);

  const series: Overview['series'] = [];
  for (const day of daysOf(from, to)) {
    const figures = daily.get(day);
    series.push({ date: day, revenue: figures?.revenue ?? 0, orders: figures?.orders ?? 0 });
  }
  const shown = integrationIds ? stores.filter((store) => integrationIds.includes(store.integrationId)) : stores;
  const imports = registry ? await firstImportsOf(db, registry, shown, now) : undefined;
  return {
    from,
    to,
    currency: 'TRY',
    totals: toTotals(totals.current),
    previous: toTotals(totals.previous),
    series,
    by_marketplace: shown
      .map((store) => ({
        integration_id: store.integrationId,
        marketplace_code: store.marketplaceCode,
        store_name: store.storeName,
        revenue: byStore.get(store.integrationId)?.revenue ?? 0,
        orders: byStore.get(store.integrationId)?.orders ?? 0,
        source_verified: store.sourceVerified,
      }))
      .sort((a, b) => b.revenue - a.revenue),
    top_products: products,
    other_currencies: currencies,
    sync: shown.map((store) => toStoreSync(store, language, now, imports && (imports.get(store.integrationId) ?? null))),
  };
}

/**
 * Sales history for WorqTrade: the plan's turnover suggestion (GET /gpp/suggestion) and the
 * experts' view of the submitted stores (`store_performance` of GET /admin/applications/{id}).
 * Both count orders the way the overview does, so a month here equals that month's overview.
 * Stores whose source is unverified (a seller-run Ideasoft or Ticimax host) are left out of the
 * suggestion and listed as excluded; the experts see them labelled.
 */
import { suggestedStockPurchase } from '@worq/domain/plan';
import type { StoreHostSuffixes } from '@worq/domain/store-source';
import type { StorePerformanceView, TurnoverSuggestion } from '@worq/domain/wire/insight';
import type { Db } from '../../db/client.ts';
import { addDays, istanbulDay } from '@worq/domain/calendar';
import { firstOrderDays, monthlyFigures, revenueByStore, safeAdd, storesWithSync, unverifiedStores } from './repository.ts';
import { historyDaysOf } from './overview.ts';

/** Months averaged by the plan suggestion. */
export const suggestionMonths = 3;
/** Months shown to experts. */
export const performanceMonths = 12;

/** The first day (YYYY-MM-DD) of the month `offset` months from the one `day` is in. */
export function monthStart(day: string, offset = 0): string {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7)) - 1 + offset;
  return new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10);
}

/**
 * The monthly average of the last full calendar months of synced revenue (Istanbul days): three
 * months, or fewer when the history does not reach back to a month's first day. Only stores whose
 * source is verified count: the figure pre-fills a plan experts underwrite.
 */
export async function planSuggestion(db: Db, customerId: string, now: Date, hostSuffixes: StoreHostSuffixes): Promise<TurnoverSuggestion> {
  const stores = await storesWithSync(db, customerId, hostSuffixes);
  const counted = stores.filter((store) => store.sourceVerified).map((store) => store.integrationId);
  const excluded = unverifiedStores(stores);
  const empty: TurnoverSuggestion = {
    average_monthly_turnover: null,
    months_used: 0,
    period: { from: null, to: null },
    integrations: [],
    suggested_stock_purchase_amount: null,
    excluded_integrations: excluded,
    unverified_sources: excluded.length > 0,
  };
  // The first synced order's day, one index probe a store.
  const firstDay = [...(await firstOrderDays(db, customerId, counted)).values()].sort()[0];
  if (!firstDay) return empty;
  const today = istanbulDay(now);
  const to = addDays(monthStart(today), -1);
  let from: string | null = null;
  let months = 0;
  for (let back = suggestionMonths; back >= 1; back--) {
    const start = monthStart(today, -back);
    if (start >= firstDay) {
      from = start;
      months = back;
      break;
    }
  }
  if (!from) return empty;
  const filter = { customerId, from, to, integrationIds: counted };
  const [figures, byStore] = await Promise.all([monthlyFigures(db, filter), revenueByStore(db, filter)]);
  const revenue = figures.reduce((sum, month) => safeAdd(sum, month.revenue), 0);
  const average = Math.round(revenue / months);
  return {
    ...empty,
    average_monthly_turnover: average,
    months_used: months,
    period: { from, to },
    integrations: stores
      .filter((store) => (byStore.get(store.integrationId)?.revenue ?? 0) > 0)
      .map((store) => ({ integration_id: store.integrationId, marketplace_code: store.marketplaceCode, store_name: store.storeName })),
    suggested_stock_purchase_amount: suggestedStockPurchase(average),
  };
}

/**
 * The last 12 months (this one included) of the given stores, month by month, for underwriting.
 * Every store is counted; each says whether its source is verified, for the experts to weigh.
 */
export async function storePerformance(
  db: Db,
  customerId: string,
  integrationIds: string[],
  now: Date,
  hostSuffixes: StoreHostSuffixes,
): Promise<StorePerformanceView> {
  const today = istanbulDay(now);
  const from = monthStart(today, -(performanceMonths - 1));
  const filter = { customerId, from, to: today, integrationIds };
  const [figures, byStore, stores] = await Promise.all([
    monthlyFigures(db, filter),
    revenueByStore(db, filter),
    storesWithSync(db, customerId, hostSuffixes),
  ]);
  const byMonth = new Map(figures.map((figure) => [figure.month, figure]));
  const chosen = stores.filter((store) => integrationIds.includes(store.integrationId));
  // The oldest day every chosen store's marketplace still serves; a month starting before it is incomplete.
  const limits = chosen.map((store) => historyDaysOf(store.marketplaceCode, now)).filter((days): days is number => days !== null);
  const servedFrom = limits.length > 0 ? addDays(today, -Math.min(...limits)) : null;
  const months: StorePerformanceView['months'] = [];
  for (let offset = -(performanceMonths - 1); offset <= 0; offset++) {
    const month = monthStart(today, offset).slice(0, 7);
    const figure = byMonth.get(month);
    months.push({
      month,
      revenue: figure?.revenue ?? 0,
      orders: figure?.orders ?? 0,
      cancelled_orders: figure?.cancelledOrders ?? 0,
      returned_orders: figure?.returnedOrders ?? 0,
      served: servedFrom === null || `${month}-01` >= servedFrom,
    });
  }
  const placed = months.reduce((sum, month) => sum + month.orders + month.cancelled_orders + month.returned_orders, 0);
  const rate = (count: number) => (placed > 0 ? Math.round((count / placed) * 10_000) / 10_000 : 0);
  const synced = chosen.flatMap((store) => (store.lastSyncedAt ? [store.lastSyncedAt.getTime()] : []));
  return {
    months,
    cancellation_rate: rate(months.reduce((sum, month) => sum + month.cancelled_orders, 0)),
    return_rate: rate(months.reduce((sum, month) => sum + month.returned_orders, 0)),
    by_marketplace: chosen
      .map((store) => ({
        marketplace_code: store.marketplaceCode,
        store_name: store.storeName,
        revenue: byStore.get(store.integrationId)?.revenue ?? 0,
        source_verified: store.sourceVerified,
        unclassified_orders: store.unclassifiedOrders,
      }))
      .sort((a, b) => b.revenue - a.revenue),
    unverified_sources: chosen.some((store) => !store.sourceVerified),
    // The oldest of the stores' last syncs: the figures are complete up to then.
    last_synced_at: synced.length > 0 ? new Date(Math.min(...synced)).toISOString() : null,
  };
}

/**
 * The figures of one funded application (issue 36): sales since approval week by week from the
 * synced orders, the stores' connection, the last order, the recent return rate and the repayments,
 * put through the pure rules of @worq/domain/funding-watch. The seller's page reads them on request
 * (one application); the watch job (watch.ts) stores the portfolio's part and the warnings.
 */
import { sql } from 'drizzle-orm';
import { addDays, daysBetween, istanbulDay } from '@worq/domain/calendar';
import {
  connectionHealth,
  evaluateWarnings,
  isWeekServed,
  planWeeklySales,
  salesVsPlan,
  standingOf,
  watchedWeekCount,
  watchThresholds,
  weeksSinceApproval,
  type WarningEvidence,
  type WatchedStore,
  type WatchWeek,
} from '@worq/domain/funding-watch';
import { isStoreSourceVerified, type StoreHostSuffixes } from '@worq/domain/store-source';
import type { PerformanceView, SellerNoteView } from '@worq/domain/wire/funding';
import type { RepaymentView } from '@worq/domain/wire/repayment';
import type { Db } from '../../db/client.ts';
import type { fundingWatch } from '../../db/schema.ts';

export type WatchRow = typeof fundingWatch.$inferSelect;

export interface FundedPlan {
  estimatedSalesTurnover: number;
  durationWeeks: number;
  paymentStartWeek: number;
  installmentCount: number;
}

/** The longest the seller's chart runs: a year of weeks. */
const maxWeeks = 52;

interface StoreFacts extends WatchedStore {
  verified: boolean;
  lastOrderAt: string | null;
  lastOrderDay: string | null;
}

const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? []) as T[];
const iso = (value: unknown): string | null => (value ? new Date(value as string).toISOString() : null);
const counted = sql`o.status not in ('cancelled', 'returned')`;

/** The customer's stores now, with their last complete sync and last counted order. */
async function storesOf(db: Db, customerId: string, hostSuffixes: StoreHostSuffixes): Promise<StoreFacts[]> {
  const result = await db.execute(sql`
    select i.id, m.code, i.store_name, i.status, i.connected_at, s.last_synced_at,
      jsonb_build_object('store_url', i.public_fields->>'store_url', 'store_domain', i.public_fields->>'store_domain') as address,
      last_order.ordered_at as last_order_at, last_order.order_day::text as last_order_day
    from integrations i
      join marketplaces m on m.id = i.marketplace_id
      left join order_syncs s on s.integration_id = i.id
      left join lateral (
        select o.ordered_at, o.order_day from marketplace_orders o
        where o.integration_id = i.id and ${counted}
        order by o.order_day desc, o.ordered_at desc limit 1
      ) last_order on true
    where i.customer_id = ${customerId}
    order by i.connected_at, i.id`);
  return rowsOf<Record<string, unknown>>(result).map((row) => {
    const lastSyncedAt = iso(row.last_synced_at);
    const status = String(row.status) as WatchedStore['status'];
    return {
      integrationId: String(row.id),
      marketplaceCode: String(row.code),
      storeName: String(row.store_name),
      status,
      lastSyncedAt,
      lastSyncedDay: istanbulDay(new Date((lastSyncedAt ?? iso(row.connected_at))!)),
      verified: isStoreSourceVerified(String(row.code), (row.address as Record<string, string | undefined> | null) ?? {}, hostSuffixes),
      lastOrderAt: iso(row.last_order_at),
      lastOrderDay: (row.last_order_day as string | null) ?? null,
    };
  });
}

/** Net TRY sales per week since approval (week 1 = approval day), verified and unverified apart. */
async function weeklySales(
  db: Db,
  customerId: string,
  approvalDay: string,
  today: string,
  verifiedIds: ReadonlySet<string>,
): Promise<{ verified: Map<number, number>; unverified: Map<number, number> }> {
  // From the stores' daily totals (marketplace_order_days, kept by the orders' triggers), whose
  // revenue counts what was not cancelled or returned.
  const result = await db.execute(sql`
    select d.integration_id::text as store, ((d.order_day - ${approvalDay}::date) / 7) + 1 as week,
      least(coalesce(sum(d.revenue), 0), ${sql.raw(String(Number.MAX_SAFE_INTEGER))})::bigint as sales
    from marketplace_order_days d
    where d.customer_id = ${customerId} and d.currency = 'TRY'
      and d.order_day between ${approvalDay}::date and ${today}::date
    group by 1, 2`);
  const verified = new Map<number, number>();
  const unverified = new Map<number, number>();
  for (const row of rowsOf<{ store: string; week: unknown; sales: unknown }>(result)) {
    const target = verifiedIds.has(row.store) ? verified : unverified;
    const week = Number(row.week);
    target.set(week, (target.get(week) ?? 0) + Number(row.sales));
  }
  return { verified, unverified };
}

/** Returned orders over all orders of the verified stores in the last `returnWindowDays`. */
async function recentReturns(
  db: Db,
  customerId: string,
  today: string,
  verifiedIds: readonly string[],
): Promise<{ rate: number | null; orders: number }> {
  if (verifiedIds.length === 0) return { rate: null, orders: 0 };
  const [row] = rowsOf<{ returned: unknown; orders: unknown }>(
    await db.execute(sql`
      select coalesce(sum(d.returned_orders), 0) as returned,
        coalesce(sum(d.orders + d.cancelled_orders + d.returned_orders), 0) as orders
      from marketplace_order_days d
      where d.customer_id = ${customerId}
        and d.order_day between ${addDays(today, -(watchThresholds.returnWindowDays - 1))}::date and ${today}::date
        and d.integration_id in (${sql.join(
          verifiedIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`),
  );
  const orders = Number(row?.orders ?? 0);
  return { rate: orders > 0 ? Math.round((Number(row?.returned ?? 0) / orders) * 1000) / 1000 : null, orders };
}

export interface WatchFigures {
  view: PerformanceView;
  warnings: WarningEvidence[];
  salesVsPlan2w: number | null;
  salesVsPlan4w: number | null;
  daysSinceLastOrder: number | null;
  returnRate: number | null;
  lateInstallments: number;
  unverifiedStores: number;
}

/** Everything the seller's page, the portfolio row and the rules need, as of `now`. */
export async function watchFigures(
  db: Db,
  hostSuffixes: StoreHostSuffixes,
  watch: WatchRow,
  plan: FundedPlan,
  repayment: RepaymentView,
  now: Date,
): Promise<WatchFigures> {
  const today = istanbulDay(now);
  const stores = await storesOf(db, watch.customerId, hostSuffixes);
  const verifiedStores = stores.filter((store) => store.verified);
  const verifiedIds = verifiedStores.map((store) => store.integrationId);
  const sales = await weeklySales(db, watch.customerId, watch.approvalDay, today, new Set(verifiedIds));
  const returns = await recentReturns(db, watch.customerId, today, verifiedIds);

  const repaid = repayment.remaining_amount <= 0;
  const weekCount = Math.min(maxWeeks, repaid ? watchedWeekCount(plan.paymentStartWeek, plan.installmentCount) : Number.MAX_SAFE_INTEGER);
  // A week is served once every verified store synced after it ended; without a verified store, none is.
  const syncedDay =
    verifiedStores.length === 0 ? null : verifiedStores.map((store) => (store.lastSyncedAt ? store.lastSyncedDay : null)).reduce(oldest);
  const unverifiedSyncedDay = stores
    .filter((store) => !store.verified)
    .map((store) => (store.lastSyncedAt ? store.lastSyncedDay : null))
    .reduce(oldest, undefined);
  const weekly = planWeeklySales(plan.estimatedSalesTurnover, plan.durationWeeks);
  const weeks: (WatchWeek & { unverifiedSales: number | null })[] = weeksSinceApproval(watch.approvalDay, today, weekCount).map((week) => {
    const band = watch.forecastWeeks[week.week - 1];
    const served = isWeekServed(week.to, today, syncedDay);
    const unverifiedServed = unverifiedSyncedDay !== undefined && isWeekServed(week.to, today, unverifiedSyncedDay);
    return {
      ...week,
      sales: served ? (sales.verified.get(week.week) ?? 0) : null,
      unverifiedSales: unverifiedServed ? (sales.unverified.get(week.week) ?? 0) : null,
      planExpected: weekly,
      expected: band?.expected ?? null,
      low: band?.low ?? null,
      high: band?.high ?? null,
    };
  });

  const lastOrderDay = verifiedStores
    .map((store) => store.lastOrderDay)
    .reduce<string | null>((latest, day) => (day && (!latest || day > latest) ? day : latest), null);
  const late = repayment.installments.filter((installment) => installment.status === 'late');
  const warnings = repaid
    ? []
    : evaluateWarnings({
        today,
        weeks,
        stores: verifiedStores.length > 0 ? verifiedStores : stores,
        lastOrderDay,
        approvalDay: watch.approvalDay,
        lateInstallments: late.map((installment) => ({
          number: installment.number,
          dueDate: installment.due_date,
          open: installment.amount - installment.paid_amount,
        })),
        recentReturnRate: returns.rate,
        recentOrders: returns.orders,
        returnRateAtApproval: watch.returnRateAtApproval,
      });

  const standing = standingOf(weeks);
  const dueToDate = repayment.installments
    .filter((installment) => installment.due_date <= today)
    .reduce((sum, installment) => sum + installment.amount, 0);
  const share = (part: number) =>
    repayment.total_payment_amount > 0 ? Math.round((part / repayment.total_payment_amount) * 1000) / 1000 : 0;
  const health = connectionHealth(stores, today);
  const storeHealth = (store: StoreFacts): 'ok' | 'stale' | 'disconnected' =>
    store.status !== 'active' ? 'disconnected' : daysBetween(store.lastSyncedDay, today) >= watchThresholds.staleDays ? 'stale' : 'ok';

  const notes: SellerNoteView[] = [];
  for (const store of stores) {
    if (storeHealth(store) !== 'ok') {
      notes.push({ code: 'reconnect_store', integration_id: store.integrationId, store_name: store.storeName, days: null });
    }
  }
  const quiet = warnings.find((warning) => warning.code === 'no_orders');
  if (quiet) notes.push({ code: 'no_recent_orders', integration_id: null, store_name: null, days: quiet.days });

  const view: PerformanceView = {
    approved_at: repayment.approved_at,
    approval_day: watch.approvalDay,
    status: standing.status,
    behind_by: standing.status === 'behind' ? standing.gap : 0,
    ahead_by: standing.status === 'ahead' ? standing.gap : 0,
    sales_to_date: standing.sales,
    plan_to_date: standing.plan,
    served_weeks: standing.servedWeeks,
    forecast_method: watch.forecastWeeks.length > 0 ? watch.forecastMethod : null,
    weeks: weeks.map((week) => ({
      week: week.week,
      week_start: week.from,
      week_end: week.to,
      served: week.sales !== null,
      sales: week.sales,
      unverified_sales: week.unverifiedSales,
      plan_expected: week.planExpected,
      expected: week.expected,
      low: week.low,
      high: week.high,
    })),
    stores: stores.map((store) => ({
      integration_id: store.integrationId,
      store_name: store.storeName,
      marketplace_code: store.marketplaceCode,
      status: store.status,
      connection_status: storeHealth(store),
      source_verified: store.verified,
      last_synced_at: store.lastSyncedAt,
      last_order_at: store.lastOrderAt,
    })),
    connection_health: health,
    repayment: {
      total: repayment.total_payment_amount,
      paid: repayment.paid_amount,
      due_to_date: dueToDate,
      paid_share: share(repayment.paid_amount),
      due_share: share(dueToDate),
    },
    notes,
    computed_at: now.toISOString(),
  };

  return {
    view,
    warnings,
    salesVsPlan2w: roundRatio(salesVsPlan(weeks, 2)),
    salesVsPlan4w: roundRatio(salesVsPlan(weeks, 4)),
    daysSinceLastOrder: lastOrderDay ? Math.max(0, daysBetween(lastOrderDay, today)) : null,
    returnRate: returns.rate,
    lateInstallments: late.length,
    unverifiedStores: stores.length - verifiedStores.length,
  };
}

/** The older of two synced days; null (never synced) wins, undefined is "no store yet". */
function oldest(a: string | null | undefined, b: string | null): string | null {
  if (a === undefined) return b;
  if (a === null || b === null) return null;
  return a < b ? a : b;
}

function roundRatio(value: number | null): number | null {
  return value === null ? null : Math.round(value * 1000) / 1000;
}

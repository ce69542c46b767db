/**
 * The figures of WorqInsight, all computed in the database (ARCHITECTURE.md §6): the web never adds
 * up orders. Day buckets are the `order_day` column (the Istanbul calendar day written with each
 * row); only TRY enters the TRY figures. Totals, day series, stores, months and currencies read
 * `marketplace_order_days` (each store's orders added up by day and currency), the best-selling
 * products `marketplace_order_product_days` (their lines by day and SKU), both kept by triggers on
 * the orders (schema.ts), so a year of a large seller is thousands of rows, not hundreds of
 * thousands of orders (bench/insight); first orders probe the orders' index. Writing orders and the
 * sync state are in sync-repository.ts.
 */
import { sql, type SQL } from 'drizzle-orm';
import { istanbulDay, istanbulDayStart } from '@worq/domain/calendar';
import { isStoreSourceVerified, type StoreHostSuffixes } from '@worq/domain/store-source';
import type { Db } from '../../db/client.ts';
import type { orderSyncs } from '../../db/schema.ts';

export type OrderSync = typeof orderSyncs.$inferSelect;

/** Istanbul days come from the one calendar module; `istanbulDate` is its `istanbulDay` under this module's older name. */
export { istanbulDay as istanbulDate, istanbulDayStart };

export function rowsOf<T = Record<string, unknown>>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/* ---------- Figures ---------- */

export interface OrderFilter {
  customerId: string;
  /** Inclusive Istanbul days, YYYY-MM-DD. */
  from: string;
  to: string;
  /** Only these stores; undefined: every store of the customer. */
  integrationIds?: string[] | undefined;
}

/**
 * Every sum leaves the database as an integer JSON can carry exactly: summed as numeric (which
 * never overflows), clamped to Number.MAX_SAFE_INTEGER and read with toSafeInteger. Amounts are
 * capped at ingest too (ingest-limits.ts), but rows stored before that, or enough capped rows, must
 * still give a figure and not a 500.
 */
export function safeSum(aggregate: SQL): SQL {
  const max = sql.raw(String(Number.MAX_SAFE_INTEGER));
  return sql`greatest(least(coalesce(${aggregate}, 0), ${max}), -${max})::bigint`;
}

/** A database number (string, bigint or number) as a safe integer: clamped, never NaN. */
export function toSafeInteger(value: unknown): number {
  const number = typeof value === 'bigint' ? Number(value) : Number(value ?? 0);
  if (Number.isNaN(number)) return 0;
  return Math.max(Number.MIN_SAFE_INTEGER, Math.min(Number.MAX_SAFE_INTEGER, Math.trunc(number)));
}

/** Adds two figures without passing Number.MAX_SAFE_INTEGER. */
export function safeAdd(a: number, b: number): number {
  return toSafeInteger(a + b);
}

// Orders that count toward revenue and order counts (API.md): neither cancelled nor returned. The
// store days' `orders`, `revenue` and `units`, and the product days' lines, hold only those (migration 0013).

function storeCondition(ids: string[] | undefined): SQL {
  if (!ids) return sql``;
  if (ids.length === 0) return sql`and false`;
  return sql`and o.integration_id in (${sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )})`;
}

export interface PeriodTotals {
  revenue: number;
  orders: number;
  units: number;
  cancelledOrders: number;
  returnedOrders: number;
}

const emptyTotals: PeriodTotals = { revenue: 0, orders: 0, units: 0, cancelledOrders: 0, returnedOrders: 0 };

/** TRY totals of a range and of the range just before it (`previousFrom` … day before `from`). */
export async function periodTotals(
  db: Db,
  filter: OrderFilter,
  previousFrom: string,
): Promise<{ current: PeriodTotals; previous: PeriodTotals }> {
  const result = await db.execute(sql`
    select o.order_day >= ${filter.from}::date as is_current,
      sum(o.orders) as orders,
      ${safeSum(sql`sum(o.revenue)`)} as revenue,
      ${safeSum(sql`sum(o.units)`)} as units,
      sum(o.cancelled_orders) as cancelled,
      sum(o.returned_orders) as returned
    from marketplace_order_days o
    where o.customer_id = ${filter.customerId} and o.currency = 'TRY'
      and o.order_day between ${previousFrom}::date and ${filter.to}::date
      ${storeCondition(filter.integrationIds)}
    group by 1`);
  const totals = { current: { ...emptyTotals }, previous: { ...emptyTotals } };
  for (const row of rowsOf<Record<string, unknown>>(result)) {
    const target = row.is_current === true || row.is_current === 't' ? totals.current : totals.previous;
    target.revenue = toSafeInteger(row.revenue);
    target.orders = Number(row.orders);
    target.units = toSafeInteger(row.units);
    target.cancelledOrders = Number(row.cancelled);
    target.returnedOrders = Number(row.returned);
  }
  return totals;
}

/**
 * TRY revenue and counted orders for each value of one column of the store days (`o`), keyed by
 * that value as text; values without counted orders are absent.
 */
async function revenueAndOrdersBy(db: Db, filter: OrderFilter, column: SQL): Promise<Map<string, { revenue: number; orders: number }>> {
  const result = await db.execute(sql`
    select ${column}::text as key, ${safeSum(sql`sum(o.revenue)`)} as revenue, sum(o.orders) as orders
    from marketplace_order_days o
    where o.customer_id = ${filter.customerId} and o.currency = 'TRY'
      and o.order_day between ${filter.from}::date and ${filter.to}::date
      ${storeCondition(filter.integrationIds)}
    group by ${column}
    having sum(o.orders) > 0`);
  return new Map(
    rowsOf<{ key: string; revenue: unknown; orders: unknown }>(result).map((row) => [
      String(row.key),
      { revenue: toSafeInteger(row.revenue), orders: Number(row.orders) },
    ]),
  );
}

/** TRY revenue and counted orders by Istanbul day, keyed YYYY-MM-DD (days without orders are absent). */
export async function dailySeries(db: Db, filter: OrderFilter): Promise<Map<string, { revenue: number; orders: number }>> {
  return revenueAndOrdersBy(db, filter, sql`o.order_day`);
}

/** TRY revenue and counted orders per store, keyed by integration id. */
export async function revenueByStore(db: Db, filter: OrderFilter): Promise<Map<string, { revenue: number; orders: number }>> {
  return revenueAndOrdersBy(db, filter, sql`o.integration_id`);
}

export interface ProductFigure {
  sku: string;
  name: string;
  units: number;
  revenue: number;
}

/** The best-selling products by TRY revenue (lines of counted orders, from the product days). */
export async function topProducts(db: Db, filter: OrderFilter, limit: number): Promise<ProductFigure[]> {
  const result = await db.execute(sql`
    select o.sku, max(o.name) as name, ${safeSum(sql`sum(o.units)`)} as units, ${safeSum(sql`sum(o.revenue)`)} as revenue
    from marketplace_order_product_days o
    where o.customer_id = ${filter.customerId} and o.lines > 0
      and o.order_day between ${filter.from}::date and ${filter.to}::date
      ${storeCondition(filter.integrationIds)}
    group by o.sku
    order by revenue desc, sku
    limit ${limit}`);
  return rowsOf<{ sku: string; name: string; units: unknown; revenue: unknown }>(result).map((row) => ({
    sku: String(row.sku),
    name: String(row.name ?? row.sku),
    units: toSafeInteger(row.units),
    revenue: toSafeInteger(row.revenue),
  }));
}

/** Counted orders in other currencies, left out of the TRY figures. */
export async function otherCurrencies(db: Db, filter: OrderFilter): Promise<{ currency: string; amount: number; orders: number }[]> {
  const result = await db.execute(sql`
    select o.currency, ${safeSum(sql`sum(o.revenue)`)} as amount, sum(o.orders) as orders
    from marketplace_order_days o
    where o.customer_id = ${filter.customerId} and o.currency <> 'TRY'
      and o.order_day between ${filter.from}::date and ${filter.to}::date
      ${storeCondition(filter.integrationIds)}
    group by o.currency having sum(o.orders) > 0 order by o.currency`);
  return rowsOf<{ currency: string; amount: unknown; orders: unknown }>(result).map((row) => ({
    currency: String(row.currency),
    amount: toSafeInteger(row.amount),
    orders: Number(row.orders),
  }));
}

export interface MonthFigure {
  /** YYYY-MM */
  month: string;
  revenue: number;
  orders: number;
  cancelledOrders: number;
  returnedOrders: number;
}

/** TRY figures by calendar month (Istanbul days) over the stores given. */
export async function monthlyFigures(db: Db, filter: OrderFilter): Promise<MonthFigure[]> {
  const result = await db.execute(sql`
    select to_char(o.order_day, 'YYYY-MM') as month,
      ${safeSum(sql`sum(o.revenue)`)} as revenue,
      sum(o.orders) as orders,
      sum(o.cancelled_orders) as cancelled,
      sum(o.returned_orders) as returned
    from marketplace_order_days o
    where o.customer_id = ${filter.customerId} and o.currency = 'TRY'
      and o.order_day between ${filter.from}::date and ${filter.to}::date
      ${storeCondition(filter.integrationIds)}
    group by 1 having sum(o.orders + o.cancelled_orders + o.returned_orders) > 0 order by 1`);
  return rowsOf<Record<string, unknown>>(result).map((row) => ({
    month: String(row.month),
    revenue: toSafeInteger(row.revenue),
    orders: Number(row.orders),
    cancelledOrders: Number(row.cancelled),
    returnedOrders: Number(row.returned),
  }));
}

export interface StoreDayFigure {
  integrationId: string;
  /** YYYY-MM-DD (Istanbul). */
  day: string;
  /** TRY revenue and counted orders, as dailySeries. */
  revenue: number;
  orders: number;
  /** TRY orders cancelled and returned, as periodTotals. */
  cancelledOrders: number;
  returnedOrders: number;
}

/**
 * TRY figures by store and Istanbul day, in one read of the given stores' days: what the forecast
 * and the offer's totals need (one read per store and per figure of the orders took seconds for a
 * 200,000-order seller, bench/insight). Days without orders are absent.
 */
export async function storeDailyFigures(db: Db, filter: OrderFilter & { integrationIds: string[] }): Promise<StoreDayFigure[]> {
  if (filter.integrationIds.length === 0) return [];
  const result = await db.execute(sql`
    select o.integration_id::text as store, o.order_day::text as day,
      ${safeSum(sql`o.revenue`)} as revenue, o.orders, o.cancelled_orders as cancelled, o.returned_orders as returned
    from marketplace_order_days o
    where o.customer_id = ${filter.customerId} and o.currency = 'TRY'
      and o.order_day between ${filter.from}::date and ${filter.to}::date
      ${storeCondition(filter.integrationIds)}
      and o.orders + o.cancelled_orders + o.returned_orders > 0`);
  return rowsOf<Record<string, unknown>>(result).map((row) => ({
    integrationId: String(row.store),
    day: String(row.day),
    revenue: toSafeInteger(row.revenue),
    orders: Number(row.orders),
    cancelledOrders: Number(row.cancelled),
    returnedOrders: Number(row.returned),
  }));
}

/**
 * The Istanbul day of each store's first synced order (any currency, any status), keyed by
 * integration id; stores without orders are absent. One probe of the store-and-day index per store
 * (order_day is the Istanbul day of ordered_at, so its least value is the first order's day).
 */
export async function firstOrderDays(db: Db, customerId: string, integrationIds: string[]): Promise<Map<string, string>> {
  if (integrationIds.length === 0) return new Map();
  const result = await db.execute(sql`
    select s.id::text as store,
      (select min(o.order_day) from marketplace_orders o where o.integration_id = s.id and o.customer_id = ${customerId})::text as first
    from (values ${sql.join(
      integrationIds.map((id) => sql`(${id}::uuid)`),
      sql`, `,
    )}) as s(id)`);
  return new Map(
    rowsOf<{ store: string; first: string | null }>(result).flatMap((row) => (row.first ? [[String(row.store), String(row.first)]] : [])),
  );
}

export interface StoreSyncRow {
  integrationId: string;
  marketplaceCode: string;
  marketplaceName: string;
  storeName: string;
  integrationStatus: string;
  isActive: boolean;
  state: OrderSync['state'] | null;
  lastSyncedAt: Date | null;
  oldestOrderAt: Date | null;
  message: string | null;
  messageParams: Record<string, string | number> | null;
  lockedUntil: Date | null;
  /** Orders of the last run no status could be read for (kept as `other`, or left out unreadable). */
  unclassifiedOrders: number;
  /** False when the store's host is not shown to belong to its platform (packages/domain store-source.ts). */
  sourceVerified: boolean;
}

/**
 * Every store of the customer with its sync state (stores never synced have none) and whether its
 * source is verified under the given platform host suffixes (config.storeHostSuffixes).
 */
export async function storesWithSync(db: Db, customerId: string, hostSuffixes: StoreHostSuffixes): Promise<StoreSyncRow[]> {
  const result = await db.execute(sql`
    select i.id, m.code, m.name as marketplace_name, i.store_name, i.status, i.is_active,
      s.state, s.last_synced_at, s.oldest_order_at, s.message, s.message_params, s.locked_until, s.unclassified_orders,
      jsonb_build_object('store_url', i.public_fields->>'store_url', 'store_domain', i.public_fields->>'store_domain') as address
    from integrations i
      join marketplaces m on m.id = i.marketplace_id
      left join order_syncs s on s.integration_id = i.id
    where i.customer_id = ${customerId}
    order by i.connected_at, i.id`);
  const date = (value: unknown) => (value ? new Date(value as string) : null);
  return rowsOf<Record<string, unknown>>(result).map((row) => ({
    integrationId: String(row.id),
    marketplaceCode: String(row.code),
    marketplaceName: String(row.marketplace_name),
    storeName: String(row.store_name),
    integrationStatus: String(row.status),
    isActive: row.is_active === true || row.is_active === 't',
    state: (row.state as OrderSync['state'] | null) ?? null,
    lastSyncedAt: date(row.last_synced_at),
    oldestOrderAt: date(row.oldest_order_at),
    message: (row.message as string | null) ?? null,
    messageParams: (row.message_params as Record<string, string | number> | null) ?? null,
    lockedUntil: date(row.locked_until),
    unclassifiedOrders: Number(row.unclassified_orders ?? 0),
    sourceVerified: isStoreSourceVerified(String(row.code), (row.address as Record<string, string | undefined> | null) ?? {}, hostSuffixes),
  }));
}

/** The stores whose source is unverified, listed as left out of the figures (the offer and the plan suggestion both say so). */
export function unverifiedStores(stores: StoreSyncRow[]) {
  return stores
    .filter((store) => !store.sourceVerified)
    .map((store) => ({
      integration_id: store.integrationId,
      marketplace_code: store.marketplaceCode,
      store_name: store.storeName,
      reason: 'unverified_source' as const,
    }));
}

/**
 * Orders, their sync state, and the figures of WorqInsight, all computed in the database
 * (ARCHITECTURE.md §6): the web never adds up orders. Day buckets are the `order_day` column (the
 * Istanbul calendar day written with each row); only TRY enters the TRY figures.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { MarketplaceOrder } from '../../connectors/types.ts';
import type { Db } from '../../db/client.ts';
import { orderSyncs } from '../../db/schema.ts';

export type OrderSync = typeof orderSyncs.$inferSelect;

const istanbulOffsetMs = 3 * 3_600_000;

/** The Istanbul calendar day (YYYY-MM-DD) of an instant: UTC+3 all year since 2016. */
export function istanbulDate(instant: Date | number): string {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  return new Date(ms + istanbulOffsetMs).toISOString().slice(0, 10);
}

/** The first instant of an Istanbul calendar day. */
export function istanbulDayStart(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - istanbulOffsetMs);
}

export function rowsOf<T = Record<string, unknown>>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/* ---------- Writing orders ---------- */

export interface UpsertCounts {
  inserted: number;
  updated: number;
}

/**
 * Saves one page of a store's orders: new ones are inserted, changed ones (status, amount, lines)
 * updated, unchanged ones left alone, so a re-sync of an unchanged store writes nothing.
 */
export async function upsertOrders(db: Db, customerId: string, integrationId: string, orders: MarketplaceOrder[]): Promise<UpsertCounts> {
  if (orders.length === 0) return { inserted: 0, updated: 0 };
  // A page can hold the same package twice (a marketplace paging over a moving list): keep the last.
  const unique = new Map(orders.map((order) => [order.id, order]));
  const rows = [...unique.values()].map((order) => ({
    external_id: order.id,
    order_number: order.orderNumber,
    ordered_at: order.orderedAt,
    order_day: istanbulDate(Date.parse(order.orderedAt)),
    status: order.status,
    total_amount: order.totalAmount,
    currency: order.currency,
    units: order.lines.reduce((sum, line) => sum + line.quantity, 0),
    lines: order.lines,
  }));
  // The page travels as one JSON parameter unpacked by jsonb_to_recordset: building a 200-row
  // VALUES list through the query builder cost more CPU than the import's own work
  // (bench/tasks profile, issue 14), and that CPU is taken from sellers waiting on a socket.
  const returned = rowsOf<{ inserted: boolean }>(
    await db.execute(sql`
      insert into marketplace_orders as existing
        (integration_id, customer_id, external_id, order_number, ordered_at, order_day, status, total_amount, currency, units, lines)
      select ${integrationId}::uuid, ${customerId}::uuid, page.external_id, page.order_number, page.ordered_at, page.order_day,
             page.status, page.total_amount, page.currency, page.units, page.lines
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as page(
          external_id text, order_number text, ordered_at timestamptz, order_day date, status text,
          total_amount bigint, currency text, units integer, lines jsonb)
      on conflict (integration_id, external_id) do update set
        order_number = excluded.order_number,
        ordered_at = excluded.ordered_at,
        order_day = excluded.order_day,
        status = excluded.status,
        total_amount = excluded.total_amount,
        currency = excluded.currency,
        units = excluded.units,
        lines = excluded.lines,
        updated_at = now()
      where (existing.status, existing.total_amount, existing.currency, existing.ordered_at, existing.lines)
        is distinct from (excluded.status, excluded.total_amount, excluded.currency, excluded.ordered_at, excluded.lines)
      returning (xmax = 0) as inserted`),
  );
  const inserted = returned.filter((row) => row.inserted).length;
  return { inserted, updated: returned.length - inserted };
}

export async function oldestOrderAt(db: Db, integrationId: string): Promise<Date | null> {
  const [row] = rowsOf<{ oldest: string | Date | null }>(
    await db.execute(sql`select min(ordered_at) as oldest from marketplace_orders where integration_id = ${integrationId}`),
  );
  return row?.oldest ? new Date(row.oldest) : null;
}

/* ---------- Sync state ---------- */

/** The store's sync row; created the first time it is needed. */
export async function ensureSyncRow(db: Db, customerId: string, integrationId: string): Promise<void> {
  await db.insert(orderSyncs).values({ integrationId, customerId }).onConflictDoNothing();
}

export async function findSync(db: Db, integrationId: string): Promise<OrderSync | undefined> {
  const [row] = await db.select().from(orderSyncs).where(eq(orderSyncs.integrationId, integrationId)).limit(1);
  return row;
}

/**
 * Takes the store's sync lease for one run (owner: the task id). Refused while another run holds
 * an unexpired lease, so two processes never sync the same store at once.
 */
export async function claimSync(db: Db, integrationId: string, owner: string, leaseSeconds: number): Promise<OrderSync | undefined> {
  const [row] = await db
    .update(orderSyncs)
    .set({
      lockedBy: owner,
      lockedUntil: sql`now() + ${leaseSeconds} * interval '1 second'`,
      state: 'running',
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(orderSyncs.integrationId, integrationId),
        sql`(${orderSyncs.lockedUntil} is null or ${orderSyncs.lockedUntil} < now() or ${orderSyncs.lockedBy} = ${owner})`,
      ),
    )
    .returning();
  return row;
}

/** Changes the sync row of a run that still holds the lease (renewing the lease with it). */
export async function updateOwnSync(
  db: Db,
  integrationId: string,
  owner: string,
  values: Partial<typeof orderSyncs.$inferInsert>,
  leaseSeconds: number,
): Promise<void> {
  await db
    .update(orderSyncs)
    .set({ ...values, lockedUntil: sql`now() + ${leaseSeconds} * interval '1 second'`, updatedAt: sql`now()` })
    .where(and(eq(orderSyncs.integrationId, integrationId), eq(orderSyncs.lockedBy, owner)));
}

/** Ends a run: writes its outcome and hands the lease back. */
export async function releaseSync(
  db: Db,
  integrationId: string,
  owner: string,
  values: Partial<typeof orderSyncs.$inferInsert>,
): Promise<void> {
  await db
    .update(orderSyncs)
    .set({ ...values, lockedBy: null, lockedUntil: null, updatedAt: sql`now()` })
    .where(and(eq(orderSyncs.integrationId, integrationId), eq(orderSyncs.lockedBy, owner)));
}

/**
 * Stores whose sync is due: a run to continue (state running, not leased), and, when the schedule
 * is on, every store of an active connection whose next run has come. The rows are pushed ten
 * minutes ahead in the same statement (SKIP LOCKED), so two processes never schedule the same
 * store; the run itself then sets the real next time.
 */
export async function claimDueSyncs(db: Db, periodic: boolean, limit: number): Promise<{ integrationId: string; customerId: string }[]> {
  const periodicCondition = periodic ? sql`or s.state in ('never', 'ok', 'failed')` : sql``;
  const result = await db.execute(sql`
    update order_syncs set next_run_at = now() + interval '10 minutes', updated_at = now()
    where integration_id in (
      select s.integration_id from order_syncs s
        join integrations i on i.id = s.integration_id
      where s.next_run_at <= now()
        and (s.locked_until is null or s.locked_until < now())
        and i.status = 'active' and i.is_active
        and (s.state = 'running' ${periodicCondition})
      order by s.next_run_at
      limit ${limit}
      for update of s skip locked
    )
    returning integration_id, customer_id`);
  return rowsOf<{ integration_id: string; customer_id: string }>(result).map((row) => ({
    integrationId: row.integration_id,
    customerId: row.customer_id,
  }));
}

/** Gives every active connection without a sync row one (connections made before orders existed). */
export async function adoptUnsyncedIntegrations(db: Db): Promise<void> {
  await db.execute(sql`
    insert into order_syncs (integration_id, customer_id)
    select i.id, i.customer_id from integrations i
    where i.status = 'active' and i.is_active
      and not exists (select 1 from order_syncs s where s.integration_id = i.id)
    on conflict do nothing`);
}

/** A sync task of the store that has not finished yet, to answer "sync now" with it. */
export async function unfinishedSyncTask(db: Db, customerId: string, integrationId: string): Promise<string | undefined> {
  const [row] = rowsOf<{ id: string }>(
    await db.execute(sql`
      select id from background_tasks
      where type = 'sync_orders' and customer_id = ${customerId} and status in ('pending', 'running')
        and payload->>'integration_id' = ${integrationId} and deadline_at > now()
      order by created_at desc limit 1`),
  );
  return row?.id;
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

/** Orders that count toward revenue and order counts (API.md: not cancelled, not returned). */
const counted = sql`o.status not in ('cancelled', 'returned')`;

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
      count(*) filter (where ${counted}) as orders,
      coalesce(sum(o.total_amount) filter (where ${counted}), 0) as revenue,
      coalesce(sum(o.units) filter (where ${counted}), 0) as units,
      count(*) filter (where o.status = 'cancelled') as cancelled,
      count(*) filter (where o.status = 'returned') as returned
    from marketplace_orders o
    where o.customer_id = ${filter.customerId} and o.currency = 'TRY'
      and o.order_day between ${previousFrom}::date and ${filter.to}::date
      ${storeCondition(filter.integrationIds)}
    group by 1`);
  const totals = { current: { ...emptyTotals }, previous: { ...emptyTotals } };
  for (const row of rowsOf<Record<string, unknown>>(result)) {
    const target = row.is_current === true || row.is_current === 't' ? totals.current : totals.previous;
    target.revenue = Number(row.revenue);
    target.orders = Number(row.orders);
    target.units = Number(row.units);
    target.cancelledOrders = Number(row.cancelled);
    target.returnedOrders = Number(row.returned);
  }
  return totals;
}

/** TRY revenue and counted orders by Istanbul day (days without orders are absent). */
export async function dailySeries(db: Db, filter: OrderFilter): Promise<Map<string, { revenue: number; orders: number }>> {
  const result = await db.execute(sql`
    select o.order_day::text as day, coalesce(sum(o.total_amount), 0) as revenue, count(*) as orders
    from marketplace_orders o
    where o.customer_id = ${filter.customerId} and o.currency = 'TRY' and ${counted}
      and o.order_day between ${filter.from}::date and ${filter.to}::date
      ${storeCondition(filter.integrationIds)}
    group by o.order_day`);
  return new Map(
    rowsOf<{ day: string; revenue: unknown; orders: unknown }>(result).map((row) => [
      String(row.day).slice(0, 10),
      { revenue: Number(row.revenue), orders: Number(row.orders) },
    ]),
  );
}

/** TRY revenue and counted orders per store. */
export async function revenueByStore(db: Db, filter: OrderFilter): Promise<Map<string, { revenue: number; orders: number }>> {
  const result = await db.execute(sql`
    select o.integration_id as id, coalesce(sum(o.total_amount), 0) as revenue, count(*) as orders
    from marketplace_orders o
    where o.customer_id = ${filter.customerId} and o.currency = 'TRY' and ${counted}
      and o.order_day between ${filter.from}::date and ${filter.to}::date
      ${storeCondition(filter.integrationIds)}
    group by o.integration_id`);
  return new Map(
    rowsOf<{ id: string; revenue: unknown; orders: unknown }>(result).map((row) => [
      String(row.id),
      { revenue: Number(row.revenue), orders: Number(row.orders) },
    ]),
  );
}

export interface ProductFigure {
  sku: string;
  name: string;
  units: number;
  revenue: number;
}

/** The best-selling products by TRY revenue (lines of counted orders). */
export async function topProducts(db: Db, filter: OrderFilter, limit: number): Promise<ProductFigure[]> {
  const result = await db.execute(sql`
    select l->>'sku' as sku, max(l->>'name') as name,
      coalesce(sum((l->>'quantity')::int), 0) as units, coalesce(sum((l->>'amount')::bigint), 0) as revenue
    from marketplace_orders o cross join lateral jsonb_array_elements(o.lines) l
    where o.customer_id = ${filter.customerId} and o.currency = 'TRY' and ${counted}
      and o.order_day between ${filter.from}::date and ${filter.to}::date
      ${storeCondition(filter.integrationIds)}
    group by 1
    order by revenue desc, sku
    limit ${limit}`);
  return rowsOf<{ sku: string; name: string; units: unknown; revenue: unknown }>(result).map((row) => ({
    sku: String(row.sku),
    name: String(row.name ?? row.sku),
    units: Number(row.units),
    revenue: Number(row.revenue),
  }));
}

/** Counted orders in other currencies, left out of the TRY figures. */
export async function otherCurrencies(db: Db, filter: OrderFilter): Promise<{ currency: string; amount: number; orders: number }[]> {
  const result = await db.execute(sql`
    select o.currency, coalesce(sum(o.total_amount), 0) as amount, count(*) as orders
    from marketplace_orders o
    where o.customer_id = ${filter.customerId} and o.currency <> 'TRY' and ${counted}
      and o.order_day between ${filter.from}::date and ${filter.to}::date
      ${storeCondition(filter.integrationIds)}
    group by o.currency order by o.currency`);
  return rowsOf<{ currency: string; amount: unknown; orders: unknown }>(result).map((row) => ({
    currency: String(row.currency),
    amount: Number(row.amount),
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
      coalesce(sum(o.total_amount) filter (where ${counted}), 0) as revenue,
      count(*) filter (where ${counted}) as orders,
      count(*) filter (where o.status = 'cancelled') as cancelled,
      count(*) filter (where o.status = 'returned') as returned
    from marketplace_orders o
    where o.customer_id = ${filter.customerId} and o.currency = 'TRY'
      and o.order_day between ${filter.from}::date and ${filter.to}::date
      ${storeCondition(filter.integrationIds)}
    group by 1 order by 1`);
  return rowsOf<Record<string, unknown>>(result).map((row) => ({
    month: String(row.month),
    revenue: Number(row.revenue),
    orders: Number(row.orders),
    cancelledOrders: Number(row.cancelled),
    returnedOrders: Number(row.returned),
  }));
}

/** The earliest synced order of the customer's stores (any currency, any status). */
export async function firstOrderAt(db: Db, customerId: string, integrationIds?: string[]): Promise<Date | null> {
  const [row] = rowsOf<{ first: string | Date | null }>(
    await db.execute(sql`
      select min(o.ordered_at) as first from marketplace_orders o
      where o.customer_id = ${customerId} ${storeCondition(integrationIds)}`),
  );
  return row?.first ? new Date(row.first) : null;
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
}

/** Every store of the customer with its sync state (stores never synced have none). */
export async function storesWithSync(db: Db, customerId: string): Promise<StoreSyncRow[]> {
  const result = await db.execute(sql`
    select i.id, m.code, m.name as marketplace_name, i.store_name, i.status, i.is_active,
      s.state, s.last_synced_at, s.oldest_order_at, s.message, s.message_params, s.locked_until
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
  }));
}

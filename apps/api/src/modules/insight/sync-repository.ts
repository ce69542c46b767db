/**
 * Orders and their sync state: each page of a store's orders saved as it arrives, and the row
 * (`order_syncs`) that holds a store's resume point, schedule and lease for the `sync_orders` task.
 */
import { and, eq, sql } from 'drizzle-orm';
import { istanbulDay } from '@worq/domain/calendar';
import type { MarketplaceOrder } from '../../connectors/types.ts';
import type { Db } from '../../db/client.ts';
import { orderSyncs } from '../../db/schema.ts';
import { boundOrders } from './ingest-limits.ts';
import { rowsOf, type OrderSync } from './repository.ts';

/* ---------- Writing orders ---------- */

export interface UpsertCounts {
  inserted: number;
  updated: number;
  /** Orders saved with an amount, a quantity or a text capped (ingest-limits.ts). */
  capped: number;
  /** Orders left out as unreadable. */
  rejected: number;
}

/**
 * Saves one page of a store's orders: new ones are inserted, changed ones (status, amount, lines)
 * updated, unchanged ones left alone, so a re-sync of an unchanged store writes nothing (and leaves
 * the store's orders_changed_at as it was). Every order is bounded first (ingest-limits.ts): this is
 * the only way orders are written.
 */
export async function upsertOrders(db: Db, customerId: string, integrationId: string, orders: MarketplaceOrder[]): Promise<UpsertCounts> {
  const bounded = boundOrders(orders);
  const { capped, rejected } = bounded;
  if (bounded.orders.length === 0) return { inserted: 0, updated: 0, capped, rejected };
  // A page can hold the same package twice (a marketplace paging over a moving list): keep the last.
  const unique = new Map(bounded.orders.map((order) => [order.id, order]));
  const rows = [...unique.values()].map((order) => ({
    external_id: order.id,
    order_number: order.orderNumber,
    ordered_at: order.orderedAt,
    order_day: istanbulDay(Date.parse(order.orderedAt)),
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
  // What the stored offer's orders version reads (offer.ts): only a page that changed orders moves it.
  if (returned.length > 0) {
    await db
      .update(orderSyncs)
      .set({ ordersChangedAt: sql`now()` })
      .where(eq(orderSyncs.integrationId, integrationId));
  }
  return { inserted, updated: returned.length - inserted, capped, rejected };
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
export async function claimDueSyncs(
  db: Db,
  periodic: boolean,
  limit: number,
): Promise<{ integrationId: string; customerId: string; state: OrderSync['state'] }[]> {
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
    returning integration_id, customer_id, state`);
  return rowsOf<{ integration_id: string; customer_id: string; state: OrderSync['state'] }>(result).map((row) => ({
    integrationId: row.integration_id,
    customerId: row.customer_id,
    state: row.state,
  }));
}

/** Moves a due store's next run (one not being run now) to `until`. */
export async function postponeSync(db: Db, integrationId: string, until: Date): Promise<void> {
  await db
    .update(orderSyncs)
    .set({ nextRunAt: until, updatedAt: sql`now()` })
    .where(and(eq(orderSyncs.integrationId, integrationId), sql`(${orderSyncs.lockedUntil} is null or ${orderSyncs.lockedUntil} < now())`));
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

/**
 * A sync task of the store that has not finished yet, to answer "sync now" (or a due continuation)
 * with it: one waiting to start, or one whose run holds the store's lease. A task that has let go of
 * the lease has saved its outcome (done, failed, or handed over to a continuation) and is only
 * finishing its bookkeeping: a new run starts rather than answering with the old one's result or
 * leaving the continuation waiting. A task that has not taken the lease yet may then run beside a
 * new one; the lease lets one of them import and the other ends at once (sync_already_running).
 */
export async function unfinishedSyncTask(db: Db, customerId: string, integrationId: string): Promise<string | undefined> {
  const [row] = rowsOf<{ id: string }>(
    await db.execute(sql`
      select t.id from background_tasks t
      where t.type = 'sync_orders' and t.customer_id = ${customerId} and t.status in ('pending', 'running')
        and t.payload->>'integration_id' = ${integrationId} and t.deadline_at > now()
        and (t.status = 'pending' or exists (
          select 1 from order_syncs s where s.integration_id = ${integrationId} and s.locked_by = t.id::text))
      order by t.created_at desc limit 1`),
  );
  return row?.id;
}

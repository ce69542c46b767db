/*
 * The sync run against a scripted connector: what happens to saved orders, the resume point and
 * the store when the marketplace answers with pages, a rate limit, refused credentials or a page
 * it should never send. The marketplaces' own formats are tested per connector and over the
 * sandboxes (sandbox-sync.test.ts); here the marketplace is a list of pages.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ConnectorError, type Connector, type MarketplaceOrder, type OrderPage } from '../../connectors/types.ts';
import { backgroundTasks, integrations, marketplaceOrders, orderSyncs } from '../../db/schema.ts';
import { registerVerifiedCustomer, type RegisteredCustomer, sharedAccountsTestApp } from '../../test/accounts-helpers.ts';
import { insertTestStore } from '../marketplace/test-kit.ts';
import type { RunningTask } from '../tasks/types.ts';
import { claimSync, ensureSyncRow, findSync, releaseSync, unfinishedSyncTask } from './sync-repository.ts';
import { runSyncTask, type SyncContext } from './sync.ts';
import { syncTask, testConnector, testSyncContext } from './sync-test-kit.ts';

const ctx = sharedAccountsTestApp();
let seller: RegisteredCustomer;

beforeAll(async () => {
  seller = await registerVerifiedCustomer(ctx);
});

type Step = OrderPage | ConnectorError | 'unexpected';

/** A connector that answers the scripted steps in order, recording the cursors it was given. */
function scriptedConnector(steps: Step[]): { connector: Connector; cursors: (string | null)[]; ranges: { from: Date; to: Date }[] } {
  const cursors: (string | null)[] = [];
  const ranges: { from: Date; to: Date }[] = [];
  const connector = testConnector(async (_credentials, range, cursor) => {
    cursors.push(cursor);
    ranges.push(range);
    const step = steps.shift();
    if (!step) throw new Error('no more pages scripted');
    if (step === 'unexpected') throw new ConnectorError('unexpected', 'marketplace_unexpected', 'a page without content');
    if (step instanceof ConnectorError) throw step;
    return step;
  });
  return { connector, cursors, ranges };
}

/** A sync context whose new stores import their whole year in one run, unless `recentFirstDays` says otherwise. */
const syncContext = (connector: Connector, recentFirstDays = 0): SyncContext => testSyncContext(ctx, connector, { recentFirstDays });

const task = (integrationId: string, signal?: AbortSignal): RunningTask => syncTask(seller.customerId, integrationId, signal);

async function newStore(): Promise<string> {
  const id = await insertTestStore(ctx, seller.customerId, 'trendyol', 'Senaryo Mağaza', { seller_id: '1' });
  return id;
}

let counter = 0;
function orders(count: number, status: MarketplaceOrder['status'] = 'delivered'): MarketplaceOrder[] {
  return Array.from({ length: count }, () => {
    counter += 1;
    return {
      id: `pkg-${counter}`,
      orderNumber: `ord-${counter}`,
      orderedAt: new Date(Date.now() - counter * 60_000).toISOString(),
      status,
      totalAmount: 10_000,
      currency: 'TRY',
      lines: [{ sku: 'S', name: 'Ürün', quantity: 1, amount: 10_000 }],
    };
  });
}

const savedCount = async (integrationId: string) =>
  (
    await ctx.database.db
      .select({ id: marketplaceOrders.id })
      .from(marketplaceOrders)
      .where(eq(marketplaceOrders.integrationId, integrationId))
  ).length;

describe('sync_orders', () => {
  it('saves every page, then a second run adds nothing and reads again from a week before the last run', async () => {
    const store = await newStore();
    const first = orders(3);
    const second = orders(2);
    const script = scriptedConnector([
      { orders: first, cursor: 'page-2' },
      { orders: second, cursor: null },
      { orders: [...first, ...second], cursor: null },
    ]);
    const outcome = await runSyncTask(syncContext(script.connector), task(store));
    expect(outcome.message).toBe('sync_done');
    expect(outcome.data).toMatchObject({ new_orders: 5, updated_orders: 0 });
    expect(script.cursors).toEqual([null, 'page-2']);
    const backfill = script.ranges[0]!;
    expect((backfill.to.getTime() - backfill.from.getTime()) / 86_400_000).toBeCloseTo(365, 0);
    const sync = await findSync(ctx.database.db, store);
    expect(sync).toMatchObject({ state: 'ok', cursor: null, lockedBy: null });

    const again = await runSyncTask(syncContext(script.connector), task(store));
    expect(again.data).toMatchObject({ new_orders: 0, updated_orders: 0 });
    const rerun = script.ranges[2]!;
    expect((sync!.lastSyncedAt!.getTime() - rerun.from.getTime()) / 86_400_000).toBeCloseTo(7, 5);
    expect(await savedCount(store)).toBe(5);
  });

  it("imports a new store's last 30 days first, then its older history, then updates from the newest edge", async () => {
    const store = await newStore();
    const recent = orders(2);
    const older = orders(1);
    const unknown = orders(1, 'other');
    const script = scriptedConnector([
      { orders: [...recent, ...unknown], cursor: null },
      { orders: older, cursor: null },
      { orders: recent, cursor: null },
    ]);
    const day = 86_400_000;
    const first = await runSyncTask(syncContext(script.connector, 30), task(store));
    expect(first.message).toBe('sync_backfilling');
    const [recentRange] = script.ranges;
    expect((recentRange!.to.getTime() - recentRange!.from.getTime()) / day).toBeCloseTo(30, 5);
    const afterRecent = await findSync(ctx.database.db, store);
    expect(afterRecent).toMatchObject({
      state: 'running',
      unclassifiedOrders: 1,
      lastSyncedAt: recentRange!.to,
      backfillBefore: recentRange!.from,
    });

    const second = await runSyncTask(syncContext(script.connector, 30), task(store));
    expect(second.message).toBe('sync_done');
    const olderRange = script.ranges[1]!;
    expect(olderRange.to).toEqual(recentRange!.from);
    expect((olderRange.to.getTime() - olderRange.from.getTime()) / day).toBeCloseTo(335, 0);
    const afterOlder = await findSync(ctx.database.db, store);
    // The older history leaves the synced edge where the recent run put it, and resets the count of its own run.
    expect(afterOlder).toMatchObject({ state: 'ok', backfillBefore: null, lastSyncedAt: recentRange!.to, unclassifiedOrders: 0 });

    await runSyncTask(syncContext(script.connector, 30), task(store));
    const update = script.ranges[2]!;
    expect((recentRange!.to.getTime() - update.from.getTime()) / day).toBeCloseTo(7, 5);
    expect(await savedCount(store)).toBe(4);
  });

  it('never asks for older orders than the marketplace serves, and reads its history newest first', async () => {
    const store = await newStore();
    const script = scriptedConnector([
      { orders: [], cursor: null },
      { orders: [], cursor: null },
    ]);
    const now = Date.now();
    const served = new Date(now - 88 * 86_400_000);
    const connector = { ...script.connector, oldestServed: () => served };
    expect((await runSyncTask(syncContext(connector, 30), task(store))).message).toBe('sync_backfilling');
    expect((await runSyncTask(syncContext(connector, 30), task(store))).message).toBe('sync_done');
    expect(script.ranges[1]!.from).toEqual(served);
    expect(script.ranges.every((range) => range.from.getTime() >= served.getTime())).toBe(true);
  });

  it('counts a status change as an update', async () => {
    const store = await newStore();
    const list = orders(2);
    const script = scriptedConnector([
      { orders: list, cursor: null },
      { orders: [{ ...list[0]!, status: 'returned' }, list[1]!], cursor: null },
    ]);
    await runSyncTask(syncContext(script.connector), task(store));
    const outcome = await runSyncTask(syncContext(script.connector), task(store));
    expect(outcome.data).toMatchObject({ new_orders: 0, updated_orders: 1 });
    const [row] = await ctx.database.db.select().from(marketplaceOrders).where(eq(marketplaceOrders.externalId, list[0]!.id));
    expect(row!.status).toBe('returned');
  });

  it('pauses at a rate limit and resumes from the same cursor, keeping what it saved', async () => {
    const store = await newStore();
    const script = scriptedConnector([
      { orders: orders(4), cursor: 'window-2' },
      new ConnectorError('rate_limited', 'marketplace_rate_limited', 'same query within 10 minutes', { retryAfterMs: 600_000 }),
      { orders: orders(1), cursor: null },
    ]);
    const paused = await runSyncTask(syncContext(script.connector), task(store));
    expect(paused.message).toBe('sync_paused_rate_limit');
    expect(paused.is_successful).not.toBe(false);
    const sync = await findSync(ctx.database.db, store);
    expect(sync).toMatchObject({ state: 'running', cursor: 'window-2', newOrders: 4, lockedBy: null });
    expect(sync!.nextRunAt.getTime()).toBeGreaterThan(Date.now() + 500_000);
    expect(await savedCount(store)).toBe(4);

    const resumed = await runSyncTask(syncContext(script.connector), task(store));
    expect(resumed.message).toBe('sync_done');
    expect(resumed.data).toMatchObject({ new_orders: 5 });
    expect(script.cursors).toEqual([null, 'window-2', 'window-2']);
    expect(script.ranges[2]).toEqual(script.ranges[0]);
  });

  it('marks the store out of date when the marketplace refuses the credentials', async () => {
    const store = await newStore();
    const script = scriptedConnector([new ConnectorError('bad_credentials', 'marketplace_bad_credentials', '401')]);
    await expect(runSyncTask(syncContext(script.connector), task(store))).rejects.toMatchObject({ code: 'marketplace_bad_credentials' });
    const [row] = await ctx.database.db.select().from(integrations).where(eq(integrations.id, store));
    expect(row).toMatchObject({ status: 'out_of_date', isUpdated: false });
    expect(await findSync(ctx.database.db, store)).toMatchObject({
      state: 'failed',
      message: 'marketplace_bad_credentials',
      lockedBy: null,
    });
  });

  it('fails a malformed page with a clear message and keeps every order saved before it', async () => {
    const store = await newStore();
    const script = scriptedConnector([{ orders: orders(3), cursor: 'next' }, 'unexpected']);
    await expect(runSyncTask(syncContext(script.connector), task(store))).rejects.toMatchObject({ code: 'marketplace_unexpected' });
    expect(await savedCount(store)).toBe(3);
    expect(await findSync(ctx.database.db, store)).toMatchObject({ state: 'failed', cursor: null, lockedBy: null });
  });

  it('stops quietly when its task is taken away mid-page (shutdown), keeping what it saved and where to resume', async () => {
    const store = await newStore();
    const controller = new AbortController();
    const logged: string[] = [];
    const log = { ...ctx.app.log, error: (...args: unknown[]) => logged.push(String(args.at(-1))), info: () => undefined };
    const script = scriptedConnector([
      { orders: orders(2), cursor: 'page-2' },
      { orders: orders(1), cursor: null },
    ]);
    let interrupted = false;
    const connector: Connector = {
      ...script.connector,
      listOrders: async (credentials, range, cursor, connectorCtx) => {
        if (cursor === 'page-2' && !interrupted) {
          interrupted = true;
          // Shutdown: the runner hands the task back and aborts it while the page is under way.
          controller.abort();
          throw new Error('Connection terminated');
        }
        return script.connector.listOrders(credentials, range, cursor, connectorCtx);
      },
    };
    const run = runSyncTask({ ...syncContext(connector), log: log as unknown as SyncContext['log'] }, task(store, controller.signal));
    await expect(run).rejects.toThrow('Connection terminated');
    expect(logged).toEqual([]);
    expect(await savedCount(store)).toBe(2);
    expect(await findSync(ctx.database.db, store)).toMatchObject({
      state: 'running',
      cursor: 'page-2',
      newOrders: 2,
      message: 'sync_continues',
      lockedBy: null,
    });

    const resumed = await runSyncTask(syncContext(script.connector), task(store));
    expect(resumed.message).toBe('sync_done');
    expect(resumed.data).toMatchObject({ new_orders: 3 });
    expect(script.cursors).toEqual([null, 'page-2']);
  });

  it('never runs two syncs of one store at once', async () => {
    const store = await newStore();
    await ensureSyncRow(ctx.database.db, seller.customerId, store);
    expect(await claimSync(ctx.database.db, store, 'other-process-task', 90)).toBeTruthy();
    const script = scriptedConnector([{ orders: orders(1), cursor: null }]);
    const outcome = await runSyncTask(syncContext(script.connector), task(store));
    expect(outcome.message).toBe('sync_already_running');
    expect(script.cursors).toEqual([]);
    // An expired lease (a dead process) is taken over.
    await ctx.database.db
      .update(orderSyncs)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(orderSyncs.integrationId, store));
    expect((await runSyncTask(syncContext(script.connector), task(store))).message).toBe('sync_done');
  });

  it('answers "sync now" with a run under way, but not with one that has let go of the store', async () => {
    const store = await newStore();
    await ensureSyncRow(ctx.database.db, seller.customerId, store);
    const soon = new Date(Date.now() + 120_000);
    // A task row as the runner holds it while the handler runs (leased, so no runner here takes it).
    const [running] = await ctx.database.db
      .insert(backgroundTasks)
      .values({
        customerId: seller.customerId,
        type: 'sync_orders',
        status: 'running',
        payload: { integration_id: store },
        lockedBy: 'another-runner',
        lockedUntil: soon,
        deadlineAt: soon,
      })
      .returning({ id: backgroundTasks.id });
    expect(await claimSync(ctx.database.db, store, running!.id, 90)).toBeTruthy();
    expect(await unfinishedSyncTask(ctx.database.db, seller.customerId, store)).toBe(running!.id);

    // The run handed over to a continuation and let go of the store; its task row still reads
    // running while the runner records the result. The continuation is a new run.
    await releaseSync(ctx.database.db, store, running!.id, { state: 'running', message: 'sync_continues' });
    expect(await unfinishedSyncTask(ctx.database.db, seller.customerId, store)).toBeUndefined();

    // Likewise a run that saved its outcome: a new "sync now" is a new run, not that run's result.
    expect(await claimSync(ctx.database.db, store, running!.id, 90)).toBeTruthy();
    await releaseSync(ctx.database.db, store, running!.id, { state: 'ok', lastSyncedAt: new Date() });
    expect(await unfinishedSyncTask(ctx.database.db, seller.customerId, store)).toBeUndefined();

    // A task waiting to start is the answer whatever the store reads.
    const [waiting] = await ctx.database.db
      .insert(backgroundTasks)
      .values({
        customerId: seller.customerId,
        type: 'sync_orders',
        payload: { integration_id: store },
        runAfter: new Date(Date.now() + 60_000),
        deadlineAt: soon,
      })
      .returning({ id: backgroundTasks.id });
    expect(await unfinishedSyncTask(ctx.database.db, seller.customerId, store)).toBe(waiting!.id);
    await ctx.database.db.delete(backgroundTasks).where(eq(backgroundTasks.customerId, seller.customerId));
  });

  it('does not sync a disabled store', async () => {
    const store = await newStore();
    await ctx.database.db.update(integrations).set({ status: 'disabled', isActive: false }).where(eq(integrations.id, store));
    const script = scriptedConnector([]);
    const outcome = await runSyncTask(syncContext(script.connector), task(store));
    expect(outcome).toMatchObject({ message: 'sync_store_not_active', is_successful: false });
  });
});

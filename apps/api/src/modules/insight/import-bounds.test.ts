/*
 * Imports are bounded: a run stops at its page and order caps and continues in a new task, a store
 * stops at its day's caps until the next Istanbul day, and the continuation task counts against the
 * store owner's task quota (a store that never finishes does not import for free).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Connector, MarketplaceOrder, OrderPage } from '../../connectors/types.ts';
import { backgroundTasks, orderSyncs } from '../../db/schema.ts';
import { registerVerifiedCustomer, type RegisteredCustomer, sharedAccountsTestApp } from '../../test/accounts-helpers.ts';
import { insertTestStore } from '../marketplace/test-kit.ts';
import { Scheduler } from '../../queue-core/schedule.ts';
import { defaultTaskQuota } from '../tasks/plugin.ts';
import type { EnqueueInput, RunningTask, TaskHandler, Tasks } from '../tasks/types.ts';
import { istanbulDate, istanbulDayStart } from './repository.ts';
import { ensureSyncRow, findSync } from './sync-repository.ts';
import { enqueueDueSyncs, requestOrderSync, runSyncTask, startOrderSync, type ImportLimits, type SyncContext } from './sync.ts';
import { syncTask, testConnector, testSyncContext } from './sync-test-kit.ts';

const ctx = sharedAccountsTestApp();

/** A marketplace that never runs out of pages: page n answers `perPage` orders and the cursor n+1. */
function endlessConnector(perPage: number): { connector: Connector; cursors: (string | null)[] } {
  const cursors: (string | null)[] = [];
  let counter = 0;
  const connector = testConnector(async (_credentials, _range, cursor): Promise<OrderPage> => {
    cursors.push(cursor);
    const orders: MarketplaceOrder[] = Array.from({ length: perPage }, () => {
      counter += 1;
      return {
        id: `endless-${randomUUID()}`,
        orderNumber: `e-${counter}`,
        orderedAt: new Date(Date.now() - counter * 60_000).toISOString(),
        status: 'delivered',
        totalAmount: 10_000,
        currency: 'TRY',
        lines: [{ sku: 'S', name: 'Ürün', quantity: 1, amount: 10_000 }],
      };
    });
    return { orders, cursor: `page-${Number(cursor?.slice(5) ?? 1) + 1}` };
  });
  return { connector, cursors };
}

const syncContext = (connector: Connector, limits: Partial<ImportLimits> = {}, orderSyncIntervalMinutes = 60): SyncContext =>
  testSyncContext(ctx, connector, { limits, orderSyncIntervalMinutes });

const task = (seller: RegisteredCustomer, integrationId: string): RunningTask => syncTask(seller.customerId, integrationId);

async function newStore(seller: RegisteredCustomer): Promise<string> {
  const id = await insertTestStore(ctx, seller.customerId, 'trendyol', 'Sonsuz Mağaza', { seller_id: '1' });
  await ensureSyncRow(ctx.database.db, seller.customerId, id);
  return id;
}

let seller: RegisteredCustomer;
beforeAll(async () => {
  seller = await registerVerifiedCustomer(ctx);
});

describe('a run of a store that never runs out of pages', () => {
  it('stops at its page cap and leaves the rest to a continuation', async () => {
    const store = await newStore(seller);
    const endless = endlessConnector(3);
    const outcome = await runSyncTask(syncContext(endless.connector, { pagesPerRun: 4 }), task(seller, store));
    expect(outcome.message).toBe('sync_continues');
    expect(endless.cursors).toHaveLength(4);
    expect(await findSync(ctx.database.db, store)).toMatchObject({ state: 'running', cursor: 'page-5', newOrders: 12, lockedBy: null });
  });

  it('stops at its order cap', async () => {
    const store = await newStore(seller);
    const endless = endlessConnector(50);
    const outcome = await runSyncTask(syncContext(endless.connector, { ordersPerRun: 120 }), task(seller, store));
    expect(outcome.message).toBe('sync_continues');
    expect(endless.cursors).toHaveLength(3);
  });

  it("stops at the store's daily cap until the next Istanbul day, across runs", async () => {
    const store = await newStore(seller);
    const endless = endlessConnector(10);
    const limits = { pagesPerRun: 2, ordersPerDay: 35 };
    expect((await runSyncTask(syncContext(endless.connector, limits), task(seller, store))).message).toBe('sync_continues');
    expect((await runSyncTask(syncContext(endless.connector, limits), task(seller, store))).message).toBe('sync_paused_daily_limit');
    expect(endless.cursors).toHaveLength(4);
    const sync = await findSync(ctx.database.db, store);
    const tomorrow = istanbulDayStart(istanbulDate(Date.now() + 86_400_000));
    expect(sync).toMatchObject({ state: 'running', message: 'sync_paused_daily_limit', dayOrders: 40, dayPages: 4, lockedBy: null });
    expect(sync!.nextRunAt.getTime()).toBe(tomorrow.getTime());
    // Another run the same day reads nothing.
    expect((await runSyncTask(syncContext(endless.connector, limits), task(seller, store))).message).toBe('sync_paused_daily_limit');
    expect(endless.cursors).toHaveLength(4);
    // The counters of an earlier day do not count.
    await ctx.database.db.update(orderSyncs).set({ quotaDay: '2020-01-01' }).where(eq(orderSyncs.integrationId, store));
    expect((await runSyncTask(syncContext(endless.connector, limits), task(seller, store))).message).toBe('sync_continues');
    expect(endless.cursors).toHaveLength(6);
  });
});

describe('continuation tasks', () => {
  const syncTasksOf = async (integrationId: string) =>
    ctx.database.db
      .select({ id: backgroundTasks.id })
      .from(backgroundTasks)
      .where(and(eq(backgroundTasks.type, 'sync_orders'), sql`${backgroundTasks.payload}->>'integration_id' = ${integrationId}`));

  it("count against the store owner's task quota; past it the store waits", async () => {
    const owner = await registerVerifiedCustomer(ctx);
    const continuing = await newStore(owner);
    const scheduled = await newStore(owner);
    await ctx.database.db
      .update(orderSyncs)
      .set({ state: 'running', nextRunAt: new Date(Date.now() - 1000) })
      .where(eq(orderSyncs.integrationId, continuing));
    await ctx.database.db
      .update(orderSyncs)
      .set({ state: 'ok', nextRunAt: new Date(Date.now() - 1000) })
      .where(eq(orderSyncs.integrationId, scheduled));
    // The owner has used up this minute's tasks.
    for (let i = 0; i < defaultTaskQuota.tasksPerMinute; i++) {
      await ctx.app.tasks.enqueue({ customerId: owner.customerId, type: 'test_quota_filler' });
    }
    await enqueueDueSyncs(syncContext(endlessConnector(1).connector));
    expect(await syncTasksOf(continuing)).toHaveLength(0);
    const waiting = await findSync(ctx.database.db, continuing);
    expect(waiting!.nextRunAt.getTime()).toBeGreaterThan(Date.now());
    expect(waiting!.nextRunAt.getTime()).toBeLessThanOrEqual(Date.now() + 61_000);
    // The schedule's own re-read is the server's, outside the quota.
    expect(await syncTasksOf(scheduled)).toHaveLength(1);
  });
});

interface InlineRun {
  integrationId: unknown;
  startedAt: number;
  endedAt?: number;
  message?: string;
}

/**
 * Runs every sync enqueued through it at once, in this test, in place of the app's task runner
 * (whose handler imports with the default limits); records when each run started and how it ended.
 */
function inlineTasks(): { tasks: Tasks; runs: InlineRun[] } {
  let handler: TaskHandler | undefined;
  const runs: InlineRun[] = [];
  const tasks = {
    handle: (_type: string, registered: TaskHandler) => {
      handler = registered;
    },
    enqueue: async (input: EnqueueInput) => {
      const id = randomUUID();
      const run: InlineRun = { integrationId: input.payload?.integration_id, startedAt: Date.now() };
      runs.push(run);
      setImmediate(() => {
        void handler!({
          id,
          customerId: input.customerId,
          type: input.type,
          payload: input.payload ?? {},
          attempt: 1,
          language: 'en',
          signal: new AbortController().signal,
          giveWay: () => Promise.resolve(),
        }).then((outcome) => Object.assign(run, { endedAt: Date.now(), message: outcome.message }));
      });
      return id;
    },
  } as unknown as Tasks;
  return { tasks, runs };
}

describe('a run that stops at its cap', () => {
  it("continues about two seconds later, not at the schedule's next tick", async () => {
    const store = await newStore(seller);
    // Two pages of 50 orders, then the end of the store.
    const connector: Connector = {
      ...endlessConnector(50).connector,
      listOrders: async (credentials, range, cursor, context) => {
        const page = await endlessConnector(50).connector.listOrders(credentials, range, cursor, context);
        return { ...page, cursor: cursor === null ? 'page-2' : null };
      },
    };
    const inline = inlineTasks();
    const scheduler = new Scheduler({ warn: () => undefined, error: () => undefined });
    const syncCtx = { ...syncContext(connector, { ordersPerRun: 50 }), recentFirstDays: 0, tasks: inline.tasks };
    startOrderSync(syncCtx, (name, everyMs, job) => scheduler.schedule(name, everyMs, job), 15_000);
    scheduler.start();
    try {
      await requestOrderSync(syncCtx, seller.customerId, store);
      // The schedule's passes also take up the stores earlier tests left to continue: only this one's runs count.
      const runs = () => inline.runs.filter((run) => run.integrationId === store);
      // Done when the store reads ok and the second run has returned (it stores the seller's offer
      // after releasing the store, so its outcome comes a moment after the row's).
      await vi.waitFor(
        async () => {
          expect(await findSync(ctx.database.db, store)).toMatchObject({ state: 'ok', newOrders: 100 });
          expect(runs().map((run) => run.message)).toEqual(['sync_continues', 'sync_done']);
        },
        { timeout: 10_000, interval: 100 },
      );
      const [first, second] = runs();
      // The pause before a continuation (2 s), well before the 15 s tick.
      expect(second!.startedAt - first!.endedAt!).toBeGreaterThanOrEqual(1_900);
      expect(second!.startedAt - first!.endedAt!).toBeLessThan(6_000);
    } finally {
      await scheduler.close();
    }
  });
});

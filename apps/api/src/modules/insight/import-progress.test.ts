/*
 * A first import's progress and time left: the pacing model's estimate for each marketplace at its
 * documented pacing, the estimate the overview gives a store whose import is under way (GET
 * /insight/overview, sync[].import), and no estimate where nothing supports one.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Overview, StoreImport } from '@worq/domain/wire/insight';
import type { MarketplaceCode } from '../../config.ts';
import { encodeCursor } from '../../connectors/cursor.ts';
import { amazonOrdersBurst, amazonOrdersRate } from '../../connectors/amazon.ts';
import { walkWork } from '../../connectors/pacing.ts';
import { createConnectorRegistry } from '../../connectors/registry.ts';
import { integrations, marketplaceOrders, orderSyncs } from '../../db/schema.ts';
import { get, registerVerifiedCustomer, sharedAccountsTestApp } from '../../test/accounts-helpers.ts';
import { marketplaceIdOf, runTask } from '../marketplace/test-kit.ts';
import { estimateFirstImport, firstImportWalks, importPacingOf, importProgress, type ImportState } from './import-progress.ts';

const dayMs = 86_400_000;
const now = new Date('2026-11-28T09:00:00Z');
const liveConfig = {
  marketplaceMode: 'live' as const,
  marketplaceBaseUrls: {},
  publicUrl: 'https://portal.example.com',
  amazon: { lwaClientId: 'a', lwaClientSecret: 'b', applicationId: 'c', defaultRegion: 'EU' as const },
};
const live = createConnectorRegistry({ config: liveConfig });
const documented = (code: MarketplaceCode) => importPacingOf(live, code).pacing;

/** 50,000 orders over the days the marketplace serves (Trendyol: 88), as bench/orders imports them. */
const fiftyThousand = (code: MarketplaceCode) =>
  estimateFirstImport(code, documented(code), { orders: 50_000, days: code === 'trendyol' ? 88 : 365 }, 0, now);

describe('the pacing model: a first import of 50,000 orders at the documented pacing', () => {
  it('Çiçeksepeti: every list call 5 s after the previous one ended, about an hour', () => {
    const estimate = fiftyThousand('ciceksepeti');
    // 27 windows of 14 days (the last one 1 day), three reads each, and 475 pages of live sub-orders.
    expect(estimate.requests).toBeGreaterThan(27 * 3 + 475);
    expect(estimate.pacedMs).toBe((estimate.requests - 1) * 5_000);
    expect(estimate.pacedMs / 60_000).toBeCloseTo(54, 0);
    // Çiçeksepeti lists sub-orders: with the sandbox's 1.44 lines an order, about 78 minutes.
    const lines = estimateFirstImport('ciceksepeti', documented('ciceksepeti'), { orders: 50_000, days: 365, linesPerOrder: 1.44 }, 0, now);
    expect(lines.pacedMs / 60_000).toBeCloseTo(78, -1);
  });

  it('Amazon: a burst of 20 pages, then one every 1/0.0056 s, about 24 hours', () => {
    const estimate = fiftyThousand('amazon');
    const perDay = 50_000 / 365;
    const pages = Math.ceil((perDay * 30) / 100) + Math.ceil((perDay * 335) / 100);
    expect(estimate.requests).toBe(pages);
    expect(estimate.pacedMs).toBeCloseTo(((pages - amazonOrdersBurst) / amazonOrdersRate['v2026-01-01']) * 1000, 0);
    expect(estimate.pacedMs / 3_600_000).toBeCloseTo(23.9, 1);
  });

  it('Trendyol: the stream for orders older than a month, its calls 5 s apart', () => {
    const estimate = fiftyThousand('trendyol');
    const { recent, history } = firstImportWalks('trendyol', now);
    const shape = { ordersPerDay: 50_000 / 88 };
    const stream = walkWork('trendyol', recent, shape).streamRequests + walkWork('trendyol', history!, shape).streamRequests;
    expect(history).toEqual({ fromDaysAgo: 88, toDaysAgo: 30 });
    expect(estimate.pacedMs).toBe((stream - 1) * 5_000);
    expect(estimate.pacedMs / 60_000).toBeGreaterThan(25);
    expect(estimate.pacedMs / 60_000).toBeLessThan(40);
  });

  it('Hepsiburada and N11: their budgets (1,000 a second, 1,000 a minute) only floor a large import', () => {
    const hepsiburada = fiftyThousand('hepsiburada');
    // Six lists in 24-hour windows and an order detail for (almost) every order.
    expect(hepsiburada.requests).toBeGreaterThan(5 * 365 + 50_000);
    expect(hepsiburada.pacedMs).toBe(Math.floor((hepsiburada.requests - 1) / 1_000) * 1_000);
    const n11 = fiftyThousand('n11');
    expect(n11.pacedMs).toBe(Math.floor((n11.requests - 1) / 1_000) * 60_000);
    // With 300 ms a request, the requests themselves are what takes time.
    const slow = estimateFirstImport('hepsiburada', documented('hepsiburada'), { orders: 50_000, days: 365 }, 300, now);
    expect(slow.ms).toBeGreaterThan(hepsiburada.pacedMs * 20);
  });

  it('Ideasoft and Ticimax: no documented limit, 100 orders a page', () => {
    for (const code of ['ideasoft', 'ticimax'] as const) {
      const estimate = fiftyThousand(code);
      expect(estimate.pacedMs).toBe(0);
      // Two phases, each with its last page (Ideasoft also reads the day after each phase's end).
      expect(estimate.requests).toBeGreaterThanOrEqual(501);
      expect(estimate.requests).toBeLessThanOrEqual(505);
    }
  });

  it("runs at the sandbox's time scale against the built-in sandbox", () => {
    const sandbox = createConnectorRegistry({ config: { ...liveConfig, marketplaceMode: 'sandbox', sandboxTimeScale: 0.003 } });
    for (const code of ['ciceksepeti', 'amazon', 'trendyol'] as const) {
      const scaled = estimateFirstImport(code, importPacingOf(sandbox, code).pacing, { orders: 50_000, days: 365 }, 0, now);
      const real = estimateFirstImport(code, documented(code), { orders: 50_000, days: 365 }, 0, now);
      expect(scaled.pacedMs).toBeCloseTo(real.pacedMs * 0.003, 0);
    }
  });
});

/** A store's first import as the sync row shows it, for importProgress. */
function state(overrides: Partial<ImportState>): ImportState {
  return {
    integrationId: 'i-1',
    marketplaceCode: 'amazon',
    running: true,
    connectedAt: new Date(now.getTime() - 60_000),
    updatedAt: new Date(now.getTime() - 1_000),
    lastSyncedAt: null,
    backfillBefore: null,
    rangeFrom: new Date(now.getTime() - 30 * dayMs),
    rangeTo: now,
    cursor: null,
    ordersSaved: 0,
    recentOrders: 0,
    linesPerOrder: null,
    ...overrides,
  };
}

describe('the time left of a first import', () => {
  it('gives no position and no time while an Amazon store reads its recent days: its pages come without a total', () => {
    const progress = importProgress(state({ ordersSaved: 300 }), importPacingOf(live, 'amazon'), now);
    expect(progress).toMatchObject({ phase: 'recent', orders_saved: 300, steps_done: null, steps_total: null, seconds_left: null });
  });

  it("estimates Amazon's older history from the recent days' orders and its documented refill", () => {
    const recentEnd = new Date(now.getTime() - 120_000);
    const progress = importProgress(
      state({
        lastSyncedAt: recentEnd,
        backfillBefore: new Date(recentEnd.getTime() - 30 * dayMs),
        rangeFrom: new Date(now.getTime() - 365 * dayMs),
        rangeTo: new Date(recentEnd.getTime() - 30 * dayMs),
        ordersSaved: 4_110,
        recentOrders: 4_110,
      }),
      importPacingOf(live, 'amazon'),
      now,
    );
    // 137 orders a day: 501 pages, 20 at once and then one every 178.6 s.
    expect(progress.phase).toBe('history');
    expect(progress.first_import_seconds! / 3600).toBeCloseTo(23.9, 0);
    expect(progress.seconds_left).toBe(progress.first_import_seconds! - 60);
  });

  it('says nothing of the time left of a live Ideasoft store, which pages without a total and paces nothing', () => {
    const progress = importProgress(
      state({
        marketplaceCode: 'ideasoft',
        lastSyncedAt: now,
        backfillBefore: new Date(now.getTime() - 30 * dayMs),
        recentOrders: 4_000,
        ordersSaved: 5_000,
      }),
      importPacingOf(live, 'ideasoft'),
      now,
    );
    expect(progress).toMatchObject({ phase: 'history', seconds_left: null, first_import_seconds: null, steps_done: null });
  });

  it('shows no time left for an import that failed', () => {
    const progress = importProgress(
      state({ marketplaceCode: 'ciceksepeti', running: false, cursor: null, ordersSaved: 10 }),
      importPacingOf(live, 'ciceksepeti'),
      now,
    );
    expect(progress.seconds_left).toBeNull();
  });
});

describe('GET /insight/overview during a first import', () => {
  const ctx = sharedAccountsTestApp();

  it(
    "shows a Hepsiburada store's orders saved, the windows read of those planned and the time left, in both phases",
    { timeout: 300_000 },
    async () => {
      const customer = await registerVerifiedCustomer(ctx);
      const merchantId = `m-import-${Date.now() % 100_000}`;
      const connected = await runTask(
        ctx,
        '/marketplace/integration/upsert',
        {
          marketplace_id: await marketplaceIdOf(ctx, 'hepsiburada'),
          store_name: 'HB Mağaza',
          credentials: { merchant_id: merchantId, service_key: 'sandbox' },
        },
        customer,
      );
      expect(connected.is_successful, connected.message).toBe(true);
      const integrationId = (connected.data as { id: string }).id;
      const overview = async () =>
        (await get(ctx, `/insight/overview?integration_id=${integrationId}`, customer.jwt_token)).json<Overview>().sync[0]!;
      // The connection imports the store (no delay, no pacing in tests); wait for it to settle.
      // A deadline, not a count of tries: on a loaded machine one overview read takes a while itself.
      const deadline = Date.now() + 180_000;
      while ((await overview()).state !== 'ok') {
        if (Date.now() > deadline) throw new Error('the import did not finish');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect((await overview()).import).toBeNull();
      const saved = await ctx.database.db.$count(marketplaceOrders, eq(marketplaceOrders.integrationId, integrationId));
      expect(saved).toBeGreaterThan(100);

      // The same store as it was 40 s after connecting, reading its recent 30 days: the shipped list
      // (the third of six) at its 11th day. Whole minutes, so each list has 30 windows of 24 hours.
      const at = Math.floor(Date.now() / 60_000) * 60_000;
      const from = at - 30 * dayMs;
      const cursor = encodeCursor({ list: 2, start: from + 10 * dayMs, offset: 0, from, to: at });
      await ctx.database.db
        .update(integrations)
        .set({ connectedAt: new Date(Date.now() - 40_000) })
        .where(eq(integrations.id, integrationId));
      await ctx.database.db
        .update(orderSyncs)
        .set({
          state: 'running',
          lastSyncedAt: null,
          backfillBefore: null,
          rangeFrom: new Date(from),
          rangeTo: new Date(at),
          cursor,
          // The page of that position was saved just now.
          updatedAt: new Date(),
          lockedBy: 'elsewhere',
          lockedUntil: new Date(Date.now() + 60_000),
        })
        .where(eq(orderSyncs.integrationId, integrationId));
      const recent = (await overview()).import as StoreImport;
      expect(recent).toMatchObject({ phase: 'recent', recent_days: 30, orders_saved: saved, steps_done: 70, steps_total: 180 });
      // 40 s for 70 of 180 steps: about 63 s for the other 110.
      expect(recent.seconds_left).toBeGreaterThanOrEqual(62);
      expect(recent.seconds_left).toBeLessThanOrEqual(64);
      expect(recent.first_import_seconds).toBeNull();

      // Later: the recent days are in, the older history is at its shipped list too.
      const recentEnd = at - 60_000;
      const historyTo = recentEnd - 30 * dayMs;
      const historyFrom = at - 365 * dayMs;
      await ctx.database.db
        .update(orderSyncs)
        .set({
          lastSyncedAt: new Date(recentEnd),
          backfillBefore: new Date(historyTo),
          rangeFrom: new Date(historyFrom),
          rangeTo: new Date(historyTo),
          cursor: encodeCursor({ list: 2, start: historyFrom + 100 * dayMs, offset: 0, from: historyFrom, to: historyTo }),
          updatedAt: new Date(),
        })
        .where(eq(orderSyncs.integrationId, integrationId));
      const history = (await overview()).import as StoreImport;
      expect(history).toMatchObject({ phase: 'history', orders_saved: saved, steps_done: 2 * 335 + 100 });
      expect(history.steps_total).toBe(5 * 335 + 31);
      expect(history.seconds_left).toBeGreaterThan(0);
      // The whole import: the time so far and the time left.
      expect(Math.abs(history.first_import_seconds! - (40 + history.seconds_left!))).toBeLessThanOrEqual(2);

      // A failed import keeps its figures and gives no time left.
      await ctx.database.db
        .update(orderSyncs)
        .set({ state: 'failed', lockedBy: null, lockedUntil: null })
        .where(eq(orderSyncs.integrationId, integrationId));
      expect((await overview()).import).toMatchObject({ phase: 'history', seconds_left: null });
    },
  );
});

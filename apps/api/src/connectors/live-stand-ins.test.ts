/*
 * The product in MARKETPLACE_MODE=live against stand-ins that answer like today's marketplaces.
 * The stand-in is the sandbox plugin in a Fastify of its own, listening on a local port; the
 * product gets `<CODE>_BASE_URL` pointing at it, so the connectors' real HTTP client goes over a
 * socket instead of the sandbox mode's `inject`. The sandboxes answer in the shapes of each
 * marketplace's published samples; their own tests check every answer against the schema the
 * connector parses with (docs/marketplaces.md, connectors/samples/). A seller connects one store
 * per marketplace through the public API, the first import runs, and the overview of a past week
 * must show the revenue, days, cancellations, returns and top product that the stand-in generated
 * for it (sandboxSales), counted the way docs/api.md counts them.
 *
 * Amazon trades the consent code and refreshes tokens at the same configured host (lwaBaseUrlOf);
 * its Orders API v2026-01-01 carries the items with each order, so its top product is compared too.
 */
process.env.SANDBOX_CICEKSEPETI_PACING = 'off';
process.env.SANDBOX_CICEKSEPETI_REPEAT = 'off';
process.env.SANDBOX_AMAZON_RATE = 'off';

import { describe, expect, it } from 'vitest';
import { addDays, daysOf, istanbulDay, istanbulDayStart, istanbulToday } from '@worq/domain/calendar';
import type { Overview } from '@worq/domain/wire/insight';
import { sandboxStoreCodes, sandboxStores, syncSettled } from '../modules/marketplace/test-kit.ts';
import { createAccountsTestApp, get, registerVerifiedCustomer } from '../test/accounts-helpers.ts';
import { sharedTestApp } from '../test/helpers.ts';
import { sandboxSales } from './sandbox/orders.ts';
import { sandboxPlugin } from './sandbox/sandbox-plugin.ts';
import { useSandboxApp } from './sandbox/sandbox-test-kit.ts';

/** Where the consent pages send the browser back: the product's PUBLIC_URL. */
const portalUrl = 'http://localhost:8080';

/**
 * Stores half the sandbox's usual size: Hepsiburada's import asks one order detail per order, so
 * a year of a full-size store is some ten thousand requests over the socket. A week still holds
 * dozens of orders.
 */
const orderScale = 0.5;

/** Requests the stand-in received over its socket, by marketplace code. */
const received = new Map<string, number>();

const standIn = useSandboxApp(async (app) => {
  app.addHook('onRequest', async (request) => {
    const code = /^\/sandbox\/([a-z0-9]+)\//.exec(request.url)?.[1];
    if (code) received.set(code, (received.get(code) ?? 0) + 1);
  });
  await app.register(sandboxPlugin, { delayMs: 0, orderScale, publicUrl: portalUrl });
});

// Built after the stand-in listens (beforeAll hooks run in the order they were declared).
const ctx = sharedTestApp(() =>
  createAccountsTestApp({
    MARKETPLACE_MODE: 'live',
    PUBLIC_URL: portalUrl,
    ...Object.fromEntries(sandboxStoreCodes.map((code) => [`${code.toUpperCase()}_BASE_URL`, `${standIn.origin}/sandbox/${code}`])),
    // The pacing the live services ask for; the stand-in needs none.
    TRENDYOL_STREAM_INTERVAL_MS: '0',
    CICEKSEPETI_MIN_INTERVAL_MS: '0',
    AMAZON_APPLICATION_ID: 'amzn1.sp.solution.stand-in',
    AMAZON_LWA_CLIENT_ID: 'amzn1.application-oa2-client.stand-in',
    AMAZON_LWA_CLIENT_SECRET: 'stand-in',
  }),
);

// The consent page is on the stand-in: the seller's browser opens it over the socket.
const stores = sandboxStores(ctx, async (url) => (await fetch(url)).text());

type Sales = ReturnType<typeof sandboxSales>;

/** The best-selling product by revenue over the lines of counted orders, ties by SKU (as the overview ranks them). */
function topProductOf(counted: Sales): Overview['top_products'][number] | undefined {
  const bySku = new Map<string, { sku: string; name: string; units: number; revenue: number }>();
  for (const line of counted.flatMap((order) => order.lines)) {
    const product = bySku.get(line.sku) ?? { sku: line.sku, name: line.name, units: 0, revenue: 0 };
    product.units += line.quantity;
    product.revenue += line.amount;
    bySku.set(line.sku, product);
  }
  return [...bySku.values()].sort((a, b) => b.revenue - a.revenue || (a.sku < b.sku ? -1 : 1))[0];
}

describe('live mode against the marketplaces’ stand-ins', () => {
  it('leaves the sandbox out of the product: its routes are not served', async () => {
    expect(ctx.config.marketplaceMode).toBe('live');
    const response = await ctx.app.inject({ method: 'GET', url: '/sandbox/trendyol/integration/sellers/1/addresses' });
    expect(response.statusCode).toBe(404);
  });

  describe.each(sandboxStoreCodes)('%s', (code) => {
    it('connects a store over the socket and counts a past week as the marketplace’s answers mean it', { timeout: 180_000 }, async () => {
      const customer = await registerVerifiedCustomer(ctx);
      const store = stores[code]();
      const requestsBefore = received.get(code) ?? 0;
      const integrationId = await store.connect(customer);
      const sync = await syncSettled(ctx, customer, integrationId);
      expect(sync.state, sync.message ?? '').toBe('ok');
      expect(received.get(code) ?? 0).toBeGreaterThan(requestsBefore);

      // A full past week of Istanbul days: its orders and statuses no longer change today.
      const to = addDays(istanbulToday(), -8);
      const from = addDays(to, -6);
      // Split parents are left out by sandboxSales; the other adjustments of sandbox-sync.test.ts
      // (ids, Amazon's lines) touch no figure compared here.
      const expected = sandboxSales(store.storeKey, istanbulDayStart(from), istanbulDayStart(addDays(to, 1)), {
        splits: store.splits,
        scale: orderScale,
      });
      const counted = expected.filter((order) => order.status !== 'cancelled' && order.status !== 'returned');
      const response = await get(ctx, `/insight/overview?from=${from}&to=${to}&integration_id=${integrationId}`, customer.jwt_token);
      expect(response.statusCode, response.body).toBe(200);
      const overview = response.json<Overview>();

      expect(counted.length).toBeGreaterThan(10);
      expect(overview.totals.orders).toBe(counted.length);
      expect(overview.totals.revenue).toBe(counted.reduce((sum, order) => sum + order.totalAmount, 0));
      expect(overview.totals.cancelled_orders).toBe(expected.filter((order) => order.status === 'cancelled').length);
      expect(overview.totals.returned_orders).toBe(expected.filter((order) => order.status === 'returned').length);
      expect(overview.series.map((day) => day.date)).toEqual(daysOf(from, to));
      for (const day of overview.series) {
        const ofDay = counted.filter((order) => istanbulDay(Date.parse(order.orderedAt)) === day.date);
        expect({ orders: day.orders, revenue: day.revenue }, day.date).toEqual({
          orders: ofDay.length,
          revenue: ofDay.reduce((sum, order) => sum + order.totalAmount, 0),
        });
      }
      expect(overview.top_products[0]).toEqual(topProductOf(counted));
    });
  });
});

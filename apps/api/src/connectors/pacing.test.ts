/*
 * The pacing model against the connectors themselves: each connector reads 60 days of a sandbox
 * store, and the model's request count for that store is within a tenth of the requests made; the
 * windowed connectors report their position step by step, from 0 to their planned total.
 */
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MarketplaceCode } from '../config.ts';
import { walkWork } from './pacing.ts';
import { connectors, sandboxFetch } from './registry.ts';
import { sandboxOrders } from './sandbox/orders.ts';
import { sandboxPlugin } from './sandbox/sandbox-plugin.ts';
import type { ConnectorContext, Credentials, ImportPosition } from './types.ts';

const dayMs = 86_400_000;
const publicUrl = 'https://portal.example.com';
const app = Fastify();
beforeAll(async () => {
  await app.register(sandboxPlugin, { delayMs: 0, timeScale: 0, publicUrl });
  await app.ready();
});
afterAll(() => app.close());

const stores: Partial<Record<MarketplaceCode, { storeKey: string; credentials: Credentials; splits?: boolean }>> = {
  trendyol: { storeKey: 'trendyol:730001', credentials: { seller_id: '730001', api_key: 'sandbox', api_secret: 'sandbox' }, splits: true },
  hepsiburada: { storeKey: 'hepsiburada:m-730002', credentials: { merchant_id: 'm-730002', service_key: 'sandbox' } },
  n11: { storeKey: 'n11:n11-730003', credentials: { app_key: 'n11-730003', app_secret: 'sandbox' }, splits: true },
  ciceksepeti: { storeKey: 'ciceksepeti:730004', credentials: { seller_id: '730004', api_key: 'sandbox' } },
  ticimax: { storeKey: 'ticimax:sandbox', credentials: { store_domain: 'https://www.magaza.com', authorization_code: 'sandbox' } },
};

describe.each(Object.keys(stores) as MarketplaceCode[])('the %s connector and the pacing model', (code) => {
  it('makes the requests the model counts for 60 days of a store (within a tenth), reporting its position step by step', async () => {
    const store = stores[code]!;
    let requests = 0;
    const transport = sandboxFetch(app, publicUrl);
    const ctx: ConnectorContext = {
      baseUrl: `${publicUrl}/sandbox/${code}`,
      timeScale: 0,
      retries: 0,
      fetch: (input, init) => {
        requests += 1;
        return transport(input, init);
      },
    };
    const now = new Date();
    const range = { from: new Date(now.getTime() - 60 * dayMs), to: now };
    const connector = connectors[code];
    const positions: (ImportPosition | null)[] = [];
    let cursor: string | null = null;
    do {
      positions.push(connector.progress?.(cursor, range, now) ?? null);
      cursor = (await connector.listOrders(store.credentials, range, cursor, ctx)).cursor;
    } while (cursor !== null);

    const placed = sandboxOrders(store.storeKey, range.from, range.to, { now, splits: store.splits ?? false });
    const orders = placed.filter((item) => item.status !== 'split');
    const linesPerOrder = orders.reduce((sum, item) => sum + item.lines.length, 0) / orders.length;
    const work = walkWork(code, { fromDaysAgo: 60, toDaysAgo: 0 }, { ordersPerDay: orders.length / 60, linesPerOrder });
    const modelled = work.requests + work.parallelRequests;
    expect(Math.abs(modelled - requests) / requests, `${modelled} modelled, ${requests} made`).toBeLessThanOrEqual(0.1);

    if (!connector.progress) return;
    // Before the first call the plan is the connector's own for `now`; the first call fixes it (N11's
    // claims then reach to that call's time, which can add a window of a few milliseconds).
    expect(positions[0]!.done).toBe(0);
    const total = positions[1]!.total;
    expect(total - positions[0]!.total).toBeLessThanOrEqual(2);
    expect(total).toBeGreaterThan(3);
    positions.slice(1).forEach((position, index) => {
      expect(position!.total).toBe(total);
      expect(position!.done).toBeGreaterThanOrEqual(positions[index]!.done);
    });
    // The last page is read in the last step.
    expect(positions.at(-1)!.done).toBe(total - 1);
  });
});

it('gives no position for an unreadable cursor', () => {
  const range = { from: new Date(Date.now() - 30 * dayMs), to: new Date() };
  for (const code of ['trendyol', 'hepsiburada', 'n11', 'ciceksepeti'] as const) {
    expect(connectors[code].progress!('not-a-cursor', range, new Date())).toBeNull();
  }
});

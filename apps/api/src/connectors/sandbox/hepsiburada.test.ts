/**
 * The Hepsiburada connector over its sandbox: every sandbox answer validates against the schemas
 * the connector parses with (hepsiburada-schema.ts), the sandbox keeps Hepsiburada's rules (each
 * list filtering its own event, thin shipped and delivered rows, the packed list's bare array of
 * at most 10, `totalCount` counting lines), and the connector reading months of it returns every
 * order with activity in the range, joined by order number, with the lines and amounts the sandbox
 * generated.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { readAllOrders, rejection } from '../connector-test-kit.ts';
import { hepsiburadaStrictAnswers } from '../hepsiburada-schema.ts';
import { hepsiburadaConnector, hepsiburadaLists, type HepsiburadaContext } from '../hepsiburada.ts';
import type { MarketplaceOrder, OrderStatus } from '../types.ts';
import { hepsiburadaEventAt, hepsiburadaSandbox } from './hepsiburada.ts';
import { sandboxOrders, toMarketplaceOrder } from './orders.ts';
import { useSandboxApp } from './sandbox-test-kit.ts';

const dayMs = 86_400_000;
const now = Date.parse('2026-11-20T09:00:00Z');
const merchantId = 'a1b2c3d4-0000-4000-8000-000000000001';
const credentials = { merchant_id: merchantId, service_key: 'sandbox' };

const sandbox = useSandboxApp((app) => app.register(hepsiburadaSandbox, { prefix: '/sandbox/hepsiburada', delayMs: 0, now: () => now }));

/** Every answer of the order paths, checked against the connector's schema as it arrives. */
const answers: { path: string; issues: z.core.$ZodIssue[] }[] = [];
const schemaOf = (path: string) => {
  if (/\/ordernumber\/[^/]+$/.test(path)) return hepsiburadaStrictAnswers.detail;
  if (path.endsWith('/cancelled')) return hepsiburadaStrictAnswers.cancelled;
  if (/\/(shipped|delivered|undelivered)$/.test(path)) return hepsiburadaStrictAnswers.events;
  if (/\/packages\/merchantid\/[^/]+$/.test(path)) return hepsiburadaStrictAnswers.packed;
  if (/\/orders\/merchantid\/[^/]+$/.test(path)) return hepsiburadaStrictAnswers.backlog;
  return null;
};
const checkingFetch: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  const path = new URL(String(input)).pathname;
  const schema = schemaOf(path);
  if (schema && response.ok) {
    const result = schema.safeParse(await response.clone().json());
    answers.push({ path, issues: result.success ? [] : result.error.issues });
  }
  return response;
};

const ctx = (): HepsiburadaContext => ({
  baseUrl: `${sandbox.origin}/sandbox/hepsiburada`,
  retries: 0,
  timeoutMs: 5_000,
  requestBudget: null,
  fetch: checkingFetch,
});

/** As the sync saves pages in turn: one row per order number, the last page's wins. */
const saved = (orders: MarketplaceOrder[]) =>
  [...new Map(orders.map((order) => [order.id, order])).values()].sort((a, b) => a.id.localeCompare(b.id));

async function get(path: string) {
  return fetch(`${sandbox.origin}/sandbox/hepsiburada${path}`, {
    headers: { authorization: `Basic ${Buffer.from(`${merchantId}:sandbox`).toString('base64')}`, 'user-agent': 'worqtrade_dev' },
  });
}

describe('Hepsiburada connector over its sandbox', () => {
  it('returns every order with activity in 40 days, joined by order number, every answer in the documented shape', async () => {
    answers.length = 0;
    const range = { from: new Date(now - 40 * dayMs), to: new Date(now) };
    const { orders } = await readAllOrders(hepsiburadaConnector, credentials, range, ctx());

    // What the lists show for the range: the status of the last list (in reading order) whose event
    // falls in it; delivered packages for the last month only.
    const expected: MarketplaceOrder[] = [];
    for (const item of sandboxOrders(`hepsiburada:${merchantId}`, new Date(range.from.getTime() - 4 * dayMs), range.to, {
      now: new Date(now),
    })) {
      let status: OrderStatus | null = null;
      for (const list of hepsiburadaLists) {
        const at = hepsiburadaEventAt(item, list.name, now);
        const from = list.name === 'delivered' ? Math.max(range.from.getTime(), now - 31 * dayMs) : range.from.getTime();
        if (at !== null && at >= from && at < now) status = list.status;
      }
      if (status) expected.push({ ...toMarketplaceOrder(item), id: item.orderNumber, status });
    }
    expect(expected.length).toBeGreaterThan(300);
    expect(saved(orders)).toEqual(saved(expected));

    // Orders placed before the range but shipped, delivered or cancelled in it are kept (no filter
    // by order date), and deliveries older than a month still read as shipped.
    expect(orders.some((order) => Date.parse(order.orderedAt) < range.from.getTime())).toBe(true);
    const generated = new Map(
      sandboxOrders(`hepsiburada:${merchantId}`, range.from, range.to, { now: new Date(now) }).map((item) => [item.orderNumber, item]),
    );
    const olderDeliveries = saved(orders).filter((order) => order.status === 'shipped' && generated.get(order.id)?.status === 'delivered');
    expect(olderDeliveries.length).toBeGreaterThan(0);
    expect(new Set(saved(orders).map((order) => order.status))).toEqual(
      new Set(['created', 'preparing', 'shipped', 'delivered', 'cancelled', 'returned']),
    );

    expect(answers.filter((answer) => answer.issues.length > 0)).toEqual([]);
    const kinds = new Set(answers.map((answer) => schemaOf(answer.path)));
    expect(kinds.size).toBe(5);
  });

  it('answers the packed list as a bare array of at most 10 and thin shipped rows', async () => {
    const window = 'begindate=2026-11-20 00:00&enddate=2026-11-20 12:00';
    const packed = await (await get(`/packages/merchantid/${merchantId}?${window}&limit=100&Offset=0`)).json();
    expect(Array.isArray(packed)).toBe(true);
    expect((packed as unknown[]).length).toBeLessThanOrEqual(10);
    const shipped = hepsiburadaStrictAnswers.events.parse(
      await (
        await get(`/packages/merchantid/${merchantId}/shipped?begindate=2026-11-19 00:00&enddate=2026-11-20 00:00&limit=50&offset=0`)
      ).json(),
    );
    expect(shipped.items.length).toBeGreaterThan(0);
    expect(Object.keys(shipped.items[0]!).sort()).toEqual([
      'Barcode',
      'Id',
      'MerchantId',
      'OrderNumber',
      'OrderNumbers',
      'PackageNumber',
      'ShippedDate',
    ]);
    expect((await get(`/packages/merchantid/${merchantId}?${window}&limit=10`)).status).toBe(400);
  });

  it('counts lines, not orders, in the paid list', async () => {
    const window = 'begindate=2026-11-20 00:00&enddate=2026-11-20 12:00';
    const answer = hepsiburadaStrictAnswers.backlog.parse(
      await (await get(`/orders/merchantid/${merchantId}?${window}&offset=0&limit=100`)).json(),
    );
    const created = sandboxOrders(`hepsiburada:${merchantId}`, new Date(now - 12 * 3_600_000), new Date(now), {
      now: new Date(now),
    }).filter((item) => item.status === 'created');
    expect(created.length).toBeGreaterThan(0);
    expect(answer.totalCount).toBe(created.reduce((sum, item) => sum + item.lines.length, 0));
    expect(new Set(answer.items.map((line) => line.orderNumber)).size).toBe(created.length);
  });

  it('refuses a wrong service key as bad credentials', async () => {
    const error = await rejection(hepsiburadaConnector.verify({ ...credentials, service_key: 'nope' }, ctx()));
    expect(error.kind).toBe('bad_credentials');
    await expect(hepsiburadaConnector.verify(credentials, ctx())).resolves.toEqual({ merchantId });
  });
});

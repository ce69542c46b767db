/**
 * The Çiçeksepeti connector over its sandbox: the sandbox answers as Çiçeksepeti does today (two
 * status passes, 14-day windows, pacing, repeat refusal, wrong-key and IP-block answers), and the
 * connector reading it returns exactly what the sandbox generated.
 */
import { describe, expect, it } from 'vitest';
import { ciceksepetiConnector, type CiceksepetiContext } from '../ciceksepeti.ts';
import { readAllOrders, rejection } from '../connector-test-kit.ts';
import type { Credentials, MarketplaceOrder } from '../types.ts';
import { ciceksepetiSandbox, ipBlockedKey } from './ciceksepeti.ts';
import { sandboxSales } from './orders.ts';
import { useSandboxApp } from './sandbox-test-kit.ts';

const dayMs = 86_400_000;
const now = Date.parse('2026-11-20T09:00:00Z');

const sandbox = useSandboxApp(async (app) => {
  // Limits off for the round trip; a second store front keeps them, short enough for a test.
  await app.register(ciceksepetiSandbox, {
    prefix: '/sandbox/ciceksepeti',
    delayMs: 0,
    now: () => now,
    ciceksepetiPacingMs: 0,
    ciceksepetiRepeatMs: 0,
  });
  await app.register(ciceksepetiSandbox, {
    prefix: '/paced/ciceksepeti',
    delayMs: 0,
    now: () => now,
    ciceksepetiPacingMs: 300,
    ciceksepetiRepeatMs: 60_000,
  });
});

const credentials = { seller_id: '55123', api_key: 'sandbox' };
const ctx = (prefix = 'sandbox', minIntervalMs = 0): CiceksepetiContext => ({
  baseUrl: `${sandbox.origin}/${prefix}/ciceksepeti`,
  retries: 0,
  timeoutMs: 5_000,
  minIntervalMs,
});

const readAll = (creds: Credentials, range: { from: Date; to: Date }, context: CiceksepetiContext) =>
  readAllOrders(ciceksepetiConnector, creds, range, context);

const byId = (orders: MarketplaceOrder[]) => [...orders].sort((a, b) => a.id.localeCompare(b.id));

describe('Çiçeksepeti connector over its sandbox', () => {
  it('returns exactly the sandbox sales over a range of several 14-day windows, both passes', async () => {
    const range = { from: new Date(now - 40 * dayMs), to: new Date(now - 3_600_000) };
    const { orders, calls } = await readAll(credentials, range, ctx());
    // Çiçeksepeti has one order number: it is the order's id too.
    const expected = sandboxSales('ciceksepeti:55123', range.from, range.to, { now: new Date(now) }).map((order) => ({
      ...order,
      orderNumber: order.id,
    }));
    expect(expected.length).toBeGreaterThan(300);
    expect(new Set(expected.map((order) => order.status))).toEqual(
      new Set(['created', 'preparing', 'shipped', 'delivered', 'cancelled', 'returned']),
    );
    expect(byId(orders)).toEqual(byId(expected));
    expect(calls).toBeGreaterThanOrEqual(6);
  });

  it('serves delivered and cancelled orders only with isOrderStatusActive false', async () => {
    const ask = async (active: boolean) => {
      const response = await fetch(`${sandbox.origin}/sandbox/ciceksepeti/api/v1/Order/GetOrders`, {
        method: 'POST',
        headers: { 'x-api-key': 'sandbox', 'content-type': 'application/json', 'user-agent': '55123-SelfIntegration' },
        body: JSON.stringify({
          startDate: '2026-10-01T00:00:00',
          endDate: '2026-10-14T23:59:59',
          page: 0,
          pageSize: 100,
          isOrderStatusActive: active,
        }),
      });
      const body = (await response.json()) as { supplierOrderListWithBranch: { orderProductStatus: string; orderCreateDate: string }[] };
      return body.supplierOrderListWithBranch;
    };
    const active = await ask(true);
    const inactive = await ask(false);
    expect(active.every((item) => ['Yeni', 'Hazırlanıyor', 'Kargoya Verildi'].includes(item.orderProductStatus))).toBe(true);
    expect(inactive.some((item) => item.orderProductStatus === 'Teslim Edildi')).toBe(true);
    expect(inactive.every((item) => ['Teslim Edildi', 'İptal Edildi', 'İade Edildi'].includes(item.orderProductStatus))).toBe(true);
    expect(inactive[0]?.orderCreateDate).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
  });

  it('refuses a span over 14 days', async () => {
    const response = await fetch(`${sandbox.origin}/sandbox/ciceksepeti/api/v1/Order/GetOrders`, {
      method: 'POST',
      headers: { 'x-api-key': 'sandbox', 'content-type': 'application/json' },
      body: JSON.stringify({
        startDate: '2026-10-01T00:00:00',
        endDate: '2026-10-20T00:00:00',
        page: 0,
        pageSize: 100,
        isOrderStatusActive: true,
      }),
    });
    expect(response.status).toBe(400);
  });

  it('answers a wrong key with "Geçersiz API Key" and a blocked network with HTML 403, told apart by the connector', async () => {
    const wrong = await rejection(ciceksepetiConnector.verify({ ...credentials, api_key: 'yanlis' }, ctx()));
    expect([wrong.kind, wrong.messageKey]).toEqual(['bad_credentials', 'marketplace_bad_credentials']);
    const blocked = await rejection(ciceksepetiConnector.verify({ ...credentials, api_key: ipBlockedKey }, ctx()));
    expect([blocked.kind, blocked.messageKey]).toEqual(['forbidden', 'marketplace_ip_blocked']);
  });

  it('refuses list calls closer than the pacing; the paced connector reads through and a repeat resumes later', async () => {
    const seller = { seller_id: '60001', api_key: 'sandbox' };
    const post = (startDate: string) =>
      fetch(`${sandbox.origin}/paced/ciceksepeti/api/v1/Order/GetOrders`, {
        method: 'POST',
        headers: { 'x-api-key': 'sandbox', 'content-type': 'application/json', 'user-agent': '60009-SelfIntegration' },
        body: JSON.stringify({ startDate, endDate: '2026-10-02T00:00:00', page: 0, pageSize: 100, isOrderStatusActive: true }),
      });
    expect((await post('2026-10-01T00:00:00')).status).toBe(200);
    const tooSoon = await post('2026-10-01T01:00:00');
    expect(tooSoon.status).toBe(429);

    const range = { from: new Date(now - 20 * dayMs), to: new Date(now - 3_600_000) };
    const started = Date.now();
    const { orders, calls } = await readAll(seller, range, ctx('paced', 300));
    // Two windows × two passes, some of several pages; never refused, so every gap kept the pacing.
    expect(calls).toBeGreaterThan(4);
    expect(Date.now() - started).toBeGreaterThanOrEqual((calls - 1) * 300);
    expect(orders.length).toBe(sandboxSales('ciceksepeti:60001', range.from, range.to, { now: new Date(now) }).length);

    // The same first query again within the repeat window: refused, and the connector says when to resume.
    await new Promise((resolve) => setTimeout(resolve, 320));
    const error = await rejection(ciceksepetiConnector.listOrders(seller, range, null, ctx('paced', 300)));
    expect(error.kind).toBe('rate_limited');
    expect(error.options.retryAfterMs).toBeGreaterThan(0);
    expect(error.options.retryAfterMs).toBeLessThanOrEqual(60_000);
  });
});

/**
 * The Çiçeksepeti connector over its sandbox: every sandbox answer validates against the schemas
 * the connector parses with (ciceksepeti-schema.ts), the sandbox keeps Çiçeksepeti's rules (14-day
 * windows, the active flag, pacing of 5 s, the same request refused for a minute, the same
 * products query for 10 minutes, wrong-key and IP-block answers), and the connector reading it
 * returns exactly what the sandbox generated, returns included.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ciceksepetiCanceledAnswer, ciceksepetiOrdersAnswer } from '../ciceksepeti-schema.ts';
import { ciceksepetiConnector, type CiceksepetiContext } from '../ciceksepeti.ts';
import { readAllOrders, rejection } from '../connector-test-kit.ts';
import type { Credentials, MarketplaceOrder } from '../types.ts';
import { ciceksepetiSandbox, ipBlockedKey } from './ciceksepeti.ts';
import { sandboxSales } from './orders.ts';
import { useSandboxApp } from './sandbox-test-kit.ts';

const dayMs = 86_400_000;
const now = Date.parse('2026-11-20T09:00:00Z');

const sandbox = useSandboxApp(async (app) => {
  // Limits off for the round trip; other store fronts keep them, short enough for a test.
  await app.register(ciceksepetiSandbox, {
    prefix: '/sandbox/ciceksepeti',
    delayMs: 0,
    now: () => now,
    ciceksepetiPacingMs: 0,
    ciceksepetiRepeatMs: 0,
    ciceksepetiProductRepeatMs: 0,
  });
  await app.register(ciceksepetiSandbox, {
    prefix: '/paced/ciceksepeti',
    delayMs: 0,
    now: () => now,
    ciceksepetiPacingMs: 300,
    ciceksepetiRepeatMs: 60_000,
  });
  // The documented limits as they are: 5 s between list calls would make this file slow, so only
  // the repeat rules keep their documented length here.
  await app.register(ciceksepetiSandbox, { prefix: '/documented/ciceksepeti', delayMs: 0, now: () => now, ciceksepetiPacingMs: 0 });
});

const credentials = { seller_id: '55123', api_key: 'sandbox' };

/** Every answer of the list paths, checked against the connector's schema as it arrives. */
const answers: { path: string; issues: z.core.$ZodIssue[] }[] = [];
const checkingFetch: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  const path = new URL(String(input)).pathname;
  const schema = path.endsWith('/GetOrders')
    ? ciceksepetiOrdersAnswer
    : path.endsWith('/getcanceledorders')
      ? ciceksepetiCanceledAnswer
      : null;
  if (schema && response.ok) {
    const result = schema.safeParse(await response.clone().json());
    answers.push({ path, issues: result.success ? [] : result.error.issues });
  }
  return response;
};

const ctx = (prefix = 'sandbox', minIntervalMs = 0): CiceksepetiContext => ({
  baseUrl: `${sandbox.origin}/${prefix}/ciceksepeti`,
  retries: 0,
  timeoutMs: 5_000,
  minIntervalMs,
  fetch: checkingFetch,
});

const readAll = (creds: Credentials, range: { from: Date; to: Date }, context: CiceksepetiContext) =>
  readAllOrders(ciceksepetiConnector, creds, range, context);

const byId = (orders: MarketplaceOrder[]) => [...orders].sort((a, b) => a.id.localeCompare(b.id));

/** What Çiçeksepeti's answer keeps of a sandbox order: one order number, the time to the minute. */
const asCiceksepeti = (order: MarketplaceOrder): MarketplaceOrder => ({
  ...order,
  orderNumber: order.id,
  orderedAt: new Date(Math.floor(Date.parse(order.orderedAt) / 60_000) * 60_000).toISOString(),
});

async function post(prefix: string, path: string, body: object, seller = '55123') {
  return fetch(`${sandbox.origin}/${prefix}/ciceksepeti/api/v1/Order/${path}`, {
    method: 'POST',
    headers: { 'x-api-key': 'sandbox', 'content-type': 'application/json', 'user-agent': `${seller}-SelfIntegration` },
    body: JSON.stringify(body),
  });
}

describe('Çiçeksepeti connector over its sandbox', () => {
  it('returns exactly the sandbox sales over several 14-day windows, returns included, every answer in the documented shape', async () => {
    answers.length = 0;
    const range = { from: new Date(now - 40 * dayMs), to: new Date(now - 3_600_000) };
    const { orders, calls } = await readAll(credentials, range, ctx());
    const expected = sandboxSales('ciceksepeti:55123', range.from, range.to, { now: new Date(now) }).map(asCiceksepeti);
    expect(expected.length).toBeGreaterThan(300);
    expect(new Set(expected.map((order) => order.status))).toEqual(
      new Set(['created', 'preparing', 'shipped', 'delivered', 'cancelled', 'returned']),
    );
    expect(byId(orders)).toEqual(byId(expected));
    // Three windows, three reads each, some of several pages.
    expect(calls).toBeGreaterThanOrEqual(9);
    expect(answers.length).toBe(calls);
    expect(answers.filter((answer) => answer.issues.length > 0)).toEqual([]);
    expect(new Set(answers.map((answer) => answer.path.split('/').pop()))).toEqual(new Set(['GetOrders', 'getcanceledorders']));
  });

  it('lists cancelled sub-orders only with isOrderStatusActive false, and returns only in getcanceledorders', async () => {
    const window = { startDate: '2026-10-01T00:00:00', endDate: '2026-10-14T23:59:59', page: 0, pageSize: 100 };
    const read = async (active: boolean) => {
      const body = ciceksepetiOrdersAnswer.parse(
        await (await post('sandbox', 'GetOrders', { ...window, isOrderStatusActive: active })).json(),
      );
      return body.supplierOrderListWithBranch;
    };
    const live = await read(true);
    const cancelled = await read(false);
    expect(new Set(live.map((row) => row.orderItemStatusId))).toEqual(new Set([7]));
    expect(live.every((row) => row.isOrderStatusActive === true && /^\d{2}\/\d{2}\/\d{4}$/.test(row.orderCreateDate))).toBe(true);
    expect(cancelled.length).toBeGreaterThan(0);
    expect(cancelled.every((row) => row.isOrderStatusActive === false)).toBe(true);

    const claims = ciceksepetiCanceledAnswer.parse(await (await post('sandbox', 'getcanceledorders', window)).json()).orderItemList;
    expect(new Set(claims.map((row) => row.cancelType))).toEqual(new Set([1, 2, 3]));
    expect(claims.every((row) => !('quantity' in row))).toBe(true);
    const both = await post('sandbox', 'getcanceledorders', { ...window, cancellationStartDate: window.startDate });
    expect(both.status).toBe(400);
  });

  it('shows the statuses of the last days: 3 "Arabaya Verildi" and 11 "Kargoya Verilecek" among them', async () => {
    const start = new Date(now - 13 * dayMs).toISOString();
    const body = ciceksepetiOrdersAnswer.parse(
      await (
        await post('sandbox', 'GetOrders', {
          startDate: start,
          endDate: new Date(now).toISOString(),
          page: 0,
          pageSize: 100,
          isOrderStatusActive: true,
        })
      ).json(),
    );
    const all = [...body.supplierOrderListWithBranch];
    for (let page = 1; all.length < (body.orderListCount ?? 0); page++) {
      const next = ciceksepetiOrdersAnswer.parse(
        await (
          await post('sandbox', 'GetOrders', {
            startDate: start,
            endDate: new Date(now).toISOString(),
            page,
            pageSize: 100,
            isOrderStatusActive: true,
          })
        ).json(),
      );
      all.push(...next.supplierOrderListWithBranch);
    }
    expect(new Set(all.map((row) => row.orderItemStatusId))).toEqual(new Set([1, 2, 3, 5, 7, 11]));
  });

  it('refuses a span over 14 days', async () => {
    const response = await post('sandbox', 'GetOrders', {
      startDate: '2026-10-01T00:00:00',
      endDate: '2026-10-20T00:00:00',
      page: 0,
      pageSize: 100,
      isOrderStatusActive: true,
    });
    expect(response.status).toBe(400);
  });

  it('answers a wrong key with "Geçersiz API Key" and a blocked network with HTML 403, told apart by the connector', async () => {
    const wrong = await rejection(ciceksepetiConnector.verify({ ...credentials, api_key: 'yanlis' }, ctx()));
    expect([wrong.kind, wrong.messageKey]).toEqual(['bad_credentials', 'marketplace_bad_credentials']);
    const blocked = await rejection(ciceksepetiConnector.verify({ ...credentials, api_key: ipBlockedKey }, ctx()));
    expect([blocked.kind, blocked.messageKey]).toEqual(['forbidden', 'marketplace_ip_blocked']);
  });

  it('refuses the same products query for 10 minutes; the connector checks a seller again and again without a refusal', async () => {
    const seller = { seller_id: '60077', api_key: 'sandbox' };
    const products = () =>
      fetch(`${sandbox.origin}/documented/ciceksepeti/api/v1/Products?Page=1&PageSize=5`, {
        headers: { 'x-api-key': 'sandbox', 'user-agent': '60078-SelfIntegration' },
      });
    expect((await products()).status).toBe(200);
    const again = await products();
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(9 * 60);
    for (let check = 0; check < 5; check++) await ciceksepetiConnector.verify(seller, ctx('documented'));
  });

  it('refuses list calls closer than the pacing; the paced connector reads through and a repeat within a minute resumes later', async () => {
    const seller = { seller_id: '60001', api_key: 'sandbox' };
    const body = (startDate: string) => ({ startDate, endDate: '2026-10-02T00:00:00', page: 0, pageSize: 100, isOrderStatusActive: true });
    expect((await post('paced', 'GetOrders', body('2026-10-01T00:00:00'), '60009')).status).toBe(200);
    expect((await post('paced', 'GetOrders', body('2026-10-01T01:00:00'), '60009')).status).toBe(429);

    const range = { from: new Date(now - 20 * dayMs), to: new Date(now - 3_600_000) };
    const started = Date.now();
    const { orders, calls } = await readAll(seller, range, ctx('paced', 300));
    // Two windows × three reads, some of several pages; never refused, so every gap kept the pacing.
    expect(calls).toBeGreaterThan(6);
    expect(Date.now() - started).toBeGreaterThanOrEqual((calls - 1) * 300);
    expect(orders.length).toBe(sandboxSales('ciceksepeti:60001', range.from, range.to, { now: new Date(now) }).length);

    // The same first request again within the minute: refused, and the connector says when to resume.
    await new Promise((resolve) => setTimeout(resolve, 320));
    const error = await rejection(ciceksepetiConnector.listOrders(seller, range, null, ctx('paced', 300)));
    expect(error.kind).toBe('rate_limited');
    expect(error.options.retryAfterMs).toBeGreaterThan(0);
    expect(error.options.retryAfterMs).toBeLessThanOrEqual(60_000);
  });

  it('lets a re-sync right after a backfill through without waiting for a refusal', async () => {
    const seller = { seller_id: '60101', api_key: 'sandbox' };
    const backfillTo = now - 3_600_000;
    await readAll(seller, { from: new Date(backfillTo - 30 * dayMs), to: new Date(backfillTo) }, ctx('documented'));
    // The sync's next run starts a week before the last one ended, as modules/insight/sync.ts does.
    const resync = await readAll(seller, { from: new Date(backfillTo - 7 * dayMs), to: new Date(backfillTo + 60_000) }, ctx('documented'));
    expect(resync.calls).toBeGreaterThanOrEqual(3);
  });
});

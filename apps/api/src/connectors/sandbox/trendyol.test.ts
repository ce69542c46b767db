/*
 * The Trendyol sandbox answers in Trendyol's shapes of today: every answer is validated with the
 * schemas the connector parses with (trendyol-schema.ts), so the sandbox cannot drift into what
 * the connector merely assumes; it keeps Trendyol's limits and retired path; and the connector
 * reading it over both endpoints returns exactly the orders the sandbox generated.
 */
import { describe, expect, it } from 'vitest';
import { readAllOrders } from '../connector-test-kit.ts';
import { trendyolConnector, type TrendyolContext } from '../trendyol.ts';
import { trendyolErrorBody, trendyolOrdersPage, trendyolStreamPage, type TrendyolPackage } from '../trendyol-schema.ts';
import type { MarketplaceOrder } from '../types.ts';
import { sandboxSales } from './orders.ts';
import { useSandboxApp } from './sandbox-test-kit.ts';
import { trendyolSandbox } from './trendyol.ts';

const day = 86_400_000;
const hour = 3_600_000;
const now = Date.parse('2026-11-20T09:00:00Z');
const wall = (instant: number) => instant + 3 * hour;
const sellerId = '987654';
const good = { authorization: `Basic ${Buffer.from('sandbox:sandbox').toString('base64')}`, 'user-agent': `${sellerId} - SelfIntegration` };

const sandbox = useSandboxApp((app) => app.register(trendyolSandbox, { prefix: '/sandbox/trendyol', delayMs: 0, now: () => now }));

async function call(path: string, query: Record<string, string | number> = {}, headers: Record<string, string> = good) {
  const search = new URLSearchParams(Object.entries(query).map(([name, value]): [string, string] => [name, String(value)]));
  const response = await fetch(`${sandbox.origin}/sandbox/trendyol/integration/order/sellers/${sellerId}${path}?${search}`, { headers });
  return { status: response.status, body: (await response.json()) as unknown };
}

/** Every page of a v2/orders filter, each validated. */
async function v2Pages(start: number, end: number) {
  const pages = [];
  for (let page = 0; ; page++) {
    const { status, body } = await call('/v2/orders', { startDate: wall(start), endDate: wall(end) - 1, page, size: 200 });
    expect(status).toBe(200);
    const parsed = trendyolOrdersPage.parse(body);
    pages.push(parsed);
    if (page + 1 >= parsed.totalPages) return pages;
  }
}

/** Every answer of a stream filter, following nextCursor, each validated. */
async function streamPages(start: number, end: number) {
  const pages = [];
  let nextCursor: string | null | undefined = null;
  do {
    const query: Record<string, string | number> = { lastModifiedStartDate: wall(start), lastModifiedEndDate: wall(end) - 1, size: 200 };
    if (nextCursor) query.nextCursor = nextCursor;
    const { status, body } = await call('/orders/stream', query);
    expect(status).toBe(200);
    expect(body).not.toHaveProperty('totalPages');
    expect(body).not.toHaveProperty('totalElements');
    expect(body).not.toHaveProperty('page');
    const parsed = trendyolStreamPage.parse(body);
    pages.push(parsed);
    nextCursor = parsed.hasMore ? parsed.nextCursor : null;
  } while (nextCursor);
  return pages;
}

const instant = (epoch: number) => epoch - 3 * hour;

describe('trendyol sandbox: answers in the shapes the connector parses', () => {
  it('serves v2/orders pages that validate, with orders placed inside the GMT+3 window', async () => {
    const start = now - 10 * day;
    const pages = await v2Pages(start, now);
    const content = pages.flatMap((page) => page.content);
    expect(content.length).toBeGreaterThan(200);
    expect(pages[0]!.totalElements).toBe(content.length);
    for (const item of content) {
      expect(instant(item.orderDate)).toBeGreaterThanOrEqual(start);
      expect(instant(item.orderDate)).toBeLessThan(now);
    }
  });

  it('serves the stream newest modification first, with nextCursor while hasMore, and only packages modified in the window', async () => {
    const start = now - 60 * day;
    const end = start + 14 * day;
    const pages = await streamPages(start, end);
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.at(-1)!.nextCursor).toBeNull();
    const modified = pages.flatMap((page) => page.content.map((item) => instant(item.lastModifiedDate)));
    expect(modified).toEqual([...modified].sort((a, b) => b - a));
    for (const at of modified) {
      expect(at).toBeGreaterThanOrEqual(start);
      expect(at).toBeLessThan(end);
    }
  });

  it('serves amounts as Trendyol defines them: lineGrossAmount per unit before discounts, lineUnitPrice net, packageTotalPrice net', async () => {
    const content: TrendyolPackage[] = (await v2Pages(now - 14 * day, now)).flatMap((page) => page.content);
    const lines = content.flatMap((item) => item.lines);
    expect(lines.some((line) => line.lineGrossAmount > line.lineUnitPrice)).toBe(true);
    for (const item of content) {
      const net = item.lines.reduce((sum, line) => sum + Math.round(line.lineUnitPrice * 100) * line.quantity, 0);
      const gross = item.lines.reduce((sum, line) => sum + Math.round(line.lineGrossAmount * 100) * line.quantity, 0);
      expect(Math.round(item.packageTotalPrice * 100)).toBe(net);
      expect(Math.round(item.packageGrossAmount * 100)).toBe(gross);
      for (const line of item.lines) expect(line.discountDetails).toHaveLength(line.quantity);
    }
    // Split parents sit next to their packages, which name them.
    const parents = content.filter((item) => item.status === 'UnPacked');
    expect(parents.length).toBeGreaterThan(0);
    const children = content.filter((item) => item.originPackageIds?.includes(parents[0]!.shipmentPackageId));
    expect(children.map((item) => item.orderNumber)).toEqual([parents[0]!.orderNumber, parents[0]!.orderNumber]);
  });

  it('answers the retired unversioned orders path with 426, and refusals in the documented error shape', async () => {
    const retired = await call('/orders', { page: 0, size: 1 });
    expect(retired.status).toBe(426);
    trendyolErrorBody.parse(retired.body);
    const wrongKey = await call('/v2/orders', {}, { ...good, authorization: `Basic ${Buffer.from('sandbox:nope').toString('base64')}` });
    expect(wrongKey.status).toBe(401);
    expect(trendyolErrorBody.parse(wrongKey.body).exception).toBe('ClientApiAuthenticationException');
    const noAgent = await call('/v2/orders', {}, { authorization: good.authorization });
    expect(noAgent.status).toBe(403);
    trendyolErrorBody.parse(noAgent.body);
  });

  it('keeps the limits: 14-day windows, size ≤ 200, 10,000 records, the last month on v2 and 3 months on the stream', async () => {
    const refusals = [
      await call('/v2/orders', { startDate: wall(now - 15 * day), endDate: wall(now) }),
      await call('/v2/orders', { startDate: wall(now - 3 * day), endDate: wall(now), size: 201 }),
      await call('/v2/orders', { startDate: wall(now - 3 * day), endDate: wall(now), page: 50, size: 200 }),
      await call('/v2/orders', { startDate: wall(now - 32 * day), endDate: wall(now - 20 * day) }),
      await call('/orders/stream', { lastModifiedStartDate: wall(now - 15 * day), lastModifiedEndDate: wall(now) }),
      await call('/orders/stream', { lastModifiedStartDate: wall(now - 93 * day), lastModifiedEndDate: wall(now - 80 * day) }),
      await call('/orders/stream', { nextCursor: 'not-a-cursor' }),
    ];
    for (const refusal of refusals) {
      expect(refusal.status).toBe(400);
      expect(trendyolErrorBody.parse(refusal.body).exception).toBe('ClientApiValidationException');
    }
    // Inside the limits: 27 days back on v2, 88 on the stream (the connector's margins).
    expect((await call('/v2/orders', { startDate: wall(now - 27 * day), endDate: wall(now - 14 * day) })).status).toBe(200);
    expect(
      (await call('/orders/stream', { lastModifiedStartDate: wall(now - 88 * day), lastModifiedEndDate: wall(now - 75 * day) })).status,
    ).toBe(200);
  });

  it('refuses a changed filter under a cursor with 400', async () => {
    const start = now - 60 * day;
    const first = trendyolStreamPage.parse(
      (await call('/orders/stream', { lastModifiedStartDate: wall(start), lastModifiedEndDate: wall(start + 14 * day) - 1, size: 50 }))
        .body,
    );
    expect(first.hasMore).toBe(true);
    const changed = await call('/orders/stream', {
      lastModifiedStartDate: wall(start + day),
      lastModifiedEndDate: wall(start + 14 * day) - 1,
      size: 50,
      nextCursor: first.nextCursor!,
    });
    expect(changed.status).toBe(400);
  });
});

describe('trendyol connector over its sandbox', () => {
  it('returns exactly the generated sales of 80 days from v2/orders and the stream: split parents skipped, every package once', async () => {
    const ctx: TrendyolContext = {
      baseUrl: `${sandbox.origin}/sandbox/trendyol`,
      retries: 0,
      timeoutMs: 5_000,
      now: () => now,
      streamIntervalMs: 0,
    };
    const range = { from: new Date(now - 80 * day), to: new Date(now - hour) };
    const { orders } = await readAllOrders(
      trendyolConnector,
      { seller_id: sellerId, api_key: 'sandbox', api_secret: 'sandbox' },
      range,
      ctx,
    );
    const expected = sandboxSales(`trendyol:${sellerId}`, range.from, range.to, { now: new Date(now), splits: true });
    const byId = (list: MarketplaceOrder[]) => [...list].sort((a, b) => a.id.localeCompare(b.id));
    expect(expected.length).toBeGreaterThan(500);
    expect(byId(orders)).toEqual(byId(expected));
  });
});

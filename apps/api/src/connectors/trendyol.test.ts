/*
 * Trendyol connector against a local server answering in Trendyol's shapes (the schemas of
 * trendyol-schema.ts; the published samples are read in trendyol-contract.test.ts). The clock is
 * pinned through the context, so every date the connector sends is checked to the millisecond:
 * Trendyol reads "GMT+3" epochs, the Istanbul wall clock written as if it were UTC.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectedLine, expectedOrder, readAllOrders, rejection, useLocalMarketplace } from './connector-test-kit.ts';
import { sendJson, sendText, type TestHandler } from './test-server.ts';
import {
  parseAnswer,
  readPackages,
  trendyolConnector,
  trendyolHistoryDays,
  trendyolRecentDays,
  trendyolStreamIntervalMs,
  trendyolWindowMs,
  type TrendyolContext,
} from './trendyol.ts';
import { trendyolOrdersPage } from './trendyol-schema.ts';
import { ConnectorError } from './types.ts';

const credentials = { seller_id: '123456', api_key: 'key-1', api_secret: 'secret-1' };
const hour = 3_600_000;
const day = 86_400_000;
/** The pinned "now": 2026-11-28 09:00 UTC, 12:00 on the Istanbul wall clock. */
const now = Date.UTC(2026, 10, 28, 9, 0);
/** What Trendyol reads for an instant: the Istanbul wall clock as if it were UTC. */
const wall = (instant: number) => instant + 3 * hour;

const marketplace = useLocalMarketplace();
const serve = (handler: TestHandler, extra: Partial<TrendyolContext> = {}) =>
  marketplace.serve<TrendyolContext>(handler, { now: () => now, streamIntervalMs: 0, ...extra });
const ordersPath = '/integration/order/sellers/123456/v2/orders';
const error401 = JSON.parse(readFileSync(new URL('./samples/trendyol/error-401.json', import.meta.url), 'utf8')) as unknown;

/** A package as Trendyol sends it today (buyer fields included); `placed` and `modified` are instants. */
function trendyolPackage(
  id: number,
  placed: number,
  status = 'Delivered',
  modified = placed,
  lines = [{ sku: 'A', unit: 10, quantity: 1 }],
) {
  const total = lines.reduce((sum, line) => sum + line.unit * line.quantity, 0);
  return {
    shipmentPackageId: id,
    orderNumber: `o${id}`,
    orderDate: wall(placed),
    status,
    shipmentPackageStatus: status,
    packageGrossAmount: total,
    packageTotalDiscount: 0,
    packageTotalPrice: total,
    currencyCode: 'TRY',
    customerFirstName: 'Ayşe',
    customerLastName: 'Yılmaz',
    lines: lines.map((line, index) => ({
      lineId: id * 10 + index,
      quantity: line.quantity,
      stockCode: line.sku,
      productName: `Ürün ${line.sku}`,
      lineGrossAmount: line.unit,
      lineUnitPrice: line.unit,
    })),
    lastModifiedDate: wall(modified),
  };
}

const pageOf = (content: unknown[], totalElements = content.length, page = 0, size = 200) => ({
  totalElements,
  totalPages: Math.ceil(totalElements / size),
  page,
  size,
  content,
});
const emptyStream = { content: [], hasMore: false, nextCursor: null, size: 200 };
const isStream = (req: { path: string }) => req.path.endsWith('/orders/stream');
const number = (req: { query: URLSearchParams }, name: string) => Number(req.query.get(name));

describe('trendyol connector: verify', () => {
  it('verifies with a v2/orders call of size 1 over the last day in GMT+3, Basic key:secret and the integrator User-Agent', async () => {
    const ctx = await serve((_req, res) => sendJson(res, 200, pageOf([])), { integratorName: 'WorqTrade' });
    await expect(trendyolConnector.verify(credentials, ctx)).resolves.toEqual({ sellerId: '123456' });
    const [request] = marketplace.server.requests;
    // The unversioned …/orders was retired on 15 Oct 2026.
    expect(request!.path).toBe(ordersPath);
    expect(request!.query.get('size')).toBe('1');
    expect(request!.query.get('endDate')).toBe(String(Date.UTC(2026, 10, 28, 12, 0)));
    expect(request!.query.get('startDate')).toBe(String(Date.UTC(2026, 10, 27, 12, 0)));
    expect(request!.headers.authorization).toBe(`Basic ${Buffer.from('key-1:secret-1').toString('base64')}`);
    expect(request!.headers['user-agent']).toBe('123456 - WorqTrade');
  });

  it('sends SelfIntegration when no integrator name is configured', async () => {
    const ctx = await serve((_req, res) => sendJson(res, 200, pageOf([])));
    await trendyolConnector.verify(credentials, ctx);
    expect(marketplace.server.requests[0]!.headers['user-agent']).toBe('123456 - SelfIntegration');
  });

  it('maps the documented 401 ClientApiAuthenticationException to bad credentials without retrying', async () => {
    const ctx = await serve((_req, res) => sendJson(res, 401, error401));
    const error = await rejection(trendyolConnector.verify(credentials, ctx));
    expect(error).toMatchObject({ kind: 'bad_credentials', messageKey: 'marketplace_bad_credentials' });
    expect(marketplace.server.requests).toHaveLength(1);
  });

  it('tells an IP block (403 HTML) from bad credentials, and a 429 from both', async () => {
    let ctx = await serve((_req, res) => sendText(res, 403, '<html>Request blocked</html>', 'text/html'));
    expect((await rejection(trendyolConnector.verify(credentials, ctx))).kind).toBe('forbidden');
    await marketplace.server.close();
    ctx = await serve(
      (_req, res) => {
        res.setHeader('retry-after', '7');
        sendJson(res, 429, { exception: 'TooManyRequestException' });
      },
      { retries: 0 },
    );
    const limited = await rejection(trendyolConnector.verify(credentials, ctx));
    expect(limited.kind).toBe('rate_limited');
    expect(limited.options.retryAfterMs).toBe(7_000);
  });
});

describe('trendyol connector: reading packages', () => {
  it('takes 3 hours off the GMT+3 orderDate, reads the net unit price × quantity and drops buyer details', () => {
    // 00:30 on 15 Nov 2026 in Istanbul, written as if it were UTC: the instant is 21:30 UTC on the 14th.
    const item = trendyolPackage(3_000_001, Date.UTC(2026, 10, 14, 21, 30), 'Delivered');
    const discounted = { ...item.lines[0]!, quantity: 2, lineGrossAmount: 499.9, lineUnitPrice: 449.9 };
    const { orders } = readPackages(
      parseAnswer(trendyolOrdersPage, pageOf([{ ...item, packageTotalPrice: 899.8, lines: [discounted] }])).content,
    );
    expect(orders).toEqual([
      // 449.90 × 2; lineGrossAmount (499.90) is one unit before discounts, neither the line nor net.
      expectedOrder('3000001', '2026-11-14T21:30:00.000Z', 'delivered', 89_980, [expectedLine('A', 'Ürün A', 2, 89_980)], 'o3000001'),
    ]);
    expect(JSON.stringify(orders)).not.toMatch(/Ayşe|Yılmaz/);
  });

  it('keeps a package with a status word it does not know as other and counts it, instead of failing the page', () => {
    const at = now - day;
    const page = pageOf([
      trendyolPackage(1, at, 'SomethingNew'),
      trendyolPackage(2, at, 'Verified'),
      trendyolPackage(3, at, 'constructor'),
    ]);
    const { orders, unclassified } = readPackages(parseAnswer(trendyolOrdersPage, page).content);
    expect(orders.map((order) => [order.id, order.status])).toEqual([
      ['1', 'other'],
      ['2', 'created'],
      ['3', 'other'],
    ]);
    expect(unclassified).toBe(2);
  });

  it('skips a split parent and keeps each of its packages once, the cancelled one as cancelled', () => {
    const at = now - 2 * day;
    const parent = trendyolPackage(1, at, 'UnPacked', at, [
      { sku: 'A', unit: 100, quantity: 1 },
      { sku: 'B', unit: 50, quantity: 1 },
    ]);
    const cancelled = { ...trendyolPackage(2, at, 'Cancelled', at, [{ sku: 'A', unit: 100, quantity: 1 }]), orderNumber: 'o1' };
    const shipped = { ...trendyolPackage(3, at, 'Shipped', at, [{ sku: 'B', unit: 50, quantity: 1 }]), orderNumber: 'o1' };
    const { orders } = readPackages(parseAnswer(trendyolOrdersPage, pageOf([parent, cancelled, shipped])).content);
    expect(orders.map((order) => [order.id, order.orderNumber, order.status, order.totalAmount])).toEqual([
      ['2', 'o1', 'cancelled', 10_000],
      ['3', 'o1', 'shipped', 5_000],
    ]);
  });

  it('refuses a page that still uses the old field names instead of guessing', () => {
    const old = { id: 1, orderNumber: '1', orderDate: now, totalPrice: 10, grossAmount: 10, status: 'Delivered', lines: [] };
    expect(() => parseAnswer(trendyolOrdersPage, pageOf([old]))).toThrow(ConnectorError);
    expect(() => parseAnswer(trendyolOrdersPage, { content: 'nope' })).toThrow(ConnectorError);
  });
});

describe('trendyol connector: v2/orders for the last month', () => {
  it('sends GMT+3 wall-clock dates, never the removed orderByField, and walks 14-day windows page by page', async () => {
    const from = now - 20 * day;
    const ctx = await serve((req, res) => {
      if (isStream(req)) return sendJson(res, 200, emptyStream);
      const start = number(req, 'startDate') - 3 * hour;
      const page = number(req, 'page');
      // The first window has 250 packages (two pages), the second 1.
      const first = start === from;
      const count = first ? (page === 0 ? 200 : 50) : 1;
      const content = Array.from({ length: count }, (_, index) =>
        trendyolPackage(page * 1000 + index + (first ? 0 : 900_000), start + hour),
      );
      sendJson(res, 200, pageOf(content, first ? 250 : 1, page));
    });
    const { orders } = await readAllOrders(trendyolConnector, credentials, { from: new Date(from), to: new Date(now) }, ctx);
    expect(orders).toHaveLength(251);
    const v2 = marketplace.server.requests.filter((request) => request.path === ordersPath);
    expect(v2.map((request) => [number(request, 'startDate'), number(request, 'endDate'), request.query.get('page')])).toEqual([
      [wall(from), wall(from + trendyolWindowMs) - 1, '0'],
      [wall(from), wall(from + trendyolWindowMs) - 1, '1'],
      [wall(from + trendyolWindowMs), wall(now) - 1, '0'],
    ]);
    // 28 Nov 12:00 on the Istanbul wall clock is the newest date asked for (sending UTC loses the last 3 hours).
    expect(number(v2[2]!, 'endDate')).toBe(Date.UTC(2026, 10, 28, 12, 0) - 1);
    for (const request of marketplace.server.requests) expect(request.query.has('orderByField')).toBe(false);
    // The range starts 20 days back, inside the last month: the stream is not needed.
    expect(marketplace.server.requests.some(isStream)).toBe(false);
  });

  it('halves a window with more than 10,000 packages until one filter can reach them all', async () => {
    const ctx = await serve((req, res) => {
      const span = number(req, 'endDate') - number(req, 'startDate');
      sendJson(res, 200, pageOf([], span > 3 * day ? 12_000 : 4_000));
    });
    const page = await trendyolConnector.listOrders(credentials, { from: new Date(now - 10 * day), to: new Date(now) }, null, ctx);
    expect(page.cursor).not.toBeNull();
    const spans = marketplace.server.requests.map((request) => number(request, 'endDate') + 1 - number(request, 'startDate'));
    expect(spans[0]).toBe(10 * day);
    expect(spans.at(-1)).toBeLessThanOrEqual(3 * day);
  });
});

describe('trendyol connector: the stream for older orders', () => {
  it('reads older months from the stream: no cursor first, then nextCursor as-is under the same filter, keeping only the orders placed in the older part', async () => {
    const from = now - 60 * day;
    const split = now - trendyolRecentDays * day;
    const cursor = 'opaque+/=?& cursor';
    const ctx = await serve((req, res) => {
      if (!isStream(req)) return sendJson(res, 200, pageOf([]));
      const start = number(req, 'lastModifiedStartDate') - 3 * hour;
      if (start !== from) return sendJson(res, 200, emptyStream);
      if (!req.query.has('nextCursor')) {
        // Placed in range and modified in this window.
        return sendJson(res, 200, {
          content: [trendyolPackage(1, from + day, 'Delivered', from + 3 * day)],
          hasMore: true,
          nextCursor: cursor,
          size: 200,
        });
      }
      sendJson(res, 200, {
        content: [
          // Placed before the range, modified inside the window: not the range's.
          trendyolPackage(2, from - day, 'Delivered', from + 2 * day),
          // Placed in the last month: v2/orders reads it.
          trendyolPackage(3, split + day, 'Shipped', from + 13 * day),
          trendyolPackage(4, from + 5 * day, 'Returned', from + 5 * day),
        ],
        hasMore: false,
        nextCursor: null,
        size: 200,
      });
    });
    const { orders } = await readAllOrders(trendyolConnector, credentials, { from: new Date(from), to: new Date(now) }, ctx);
    expect(orders.map((order) => [order.id, order.status])).toEqual([
      ['1', 'delivered'],
      ['4', 'returned'],
    ]);
    const stream = marketplace.server.requests.filter(isStream);
    // Modifications are scanned from the range's start up to now, 14 days at a time, in GMT+3.
    const starts = [0, 14, 28, 42, 56].map((offset) => from + offset * day);
    expect(stream.map((request) => number(request, 'lastModifiedStartDate'))).toEqual([wall(from), ...starts.map(wall)]);
    expect(stream.map((request) => number(request, 'lastModifiedEndDate'))).toEqual([
      wall(from + trendyolWindowMs) - 1,
      ...starts.map((start) => wall(Math.min(start + trendyolWindowMs, now)) - 1),
    ]);
    expect(stream[0]!.query.has('nextCursor')).toBe(false);
    expect(stream[1]!.query.get('nextCursor')).toBe(cursor);
    const filter = (request: (typeof stream)[number]) =>
      [...request.query].filter(([name]) => name !== 'nextCursor').map(([name, value]) => `${name}=${value}`);
    expect(filter(stream[1]!)).toEqual(filter(stream[0]!));
    for (const request of stream) expect(number(request, 'size')).toBe(200);
  });

  it('never asks for orders older than the 3 months Trendyol serves, and exposes that depth', async () => {
    const ctx = await serve((req, res) => sendJson(res, 200, isStream(req) ? emptyStream : pageOf([])));
    await readAllOrders(trendyolConnector, credentials, { from: new Date(now - 365 * day), to: new Date(now) }, ctx);
    const oldest = trendyolConnector.oldestServed!(new Date(now)).getTime();
    expect(oldest).toBe(now - trendyolHistoryDays * day);
    // Three calendar months are never shorter than 89 days; one day is kept as margin.
    expect(trendyolHistoryDays).toBe(88);
    const asked = marketplace.server.requests.map((request) => number(request, isStream(request) ? 'lastModifiedStartDate' : 'startDate'));
    expect(Math.min(...asked)).toBe(wall(oldest));
    // v2/orders only for its last month.
    const v2Starts = marketplace.server.requests.filter((request) => !isStream(request)).map((request) => number(request, 'startDate'));
    expect(Math.min(...v2Starts)).toBe(wall(now - trendyolRecentDays * day));
  });

  it('reads no further back than an operator cap shorter than the served history', async () => {
    const ctx = await serve((req, res) => sendJson(res, 200, isStream(req) ? emptyStream : pageOf([])), { historyDays: 30 });
    await readAllOrders(trendyolConnector, credentials, { from: new Date(now - 365 * day), to: new Date(now) }, ctx);
    const stream = marketplace.server.requests.filter(isStream);
    expect(number(stream[0]!, 'lastModifiedStartDate')).toBe(wall(now - 30 * day));
  });

  it('keeps stream calls of one seller at least the configured interval apart (Trendyol asks for 5 s)', async () => {
    expect(trendyolStreamIntervalMs).toBe(5_000);
    // When each stream call leaves the connector (network latency would only blur what the connector controls).
    const sent: number[] = [];
    const recordingFetch: typeof fetch = (input, init) => {
      if (String(input instanceof Request ? input.url : input).includes('/orders/stream')) sent.push(Date.now());
      return fetch(input, init);
    };
    let calls = 0;
    const ctx = await serve(
      (req, res) => {
        if (!isStream(req)) return sendJson(res, 200, pageOf([]));
        calls += 1;
        sendJson(res, 200, { content: [], hasMore: calls < 3, nextCursor: calls < 3 ? `c${calls}` : null, size: 200 });
      },
      { streamIntervalMs: 300, fetch: recordingFetch },
    );
    const paced = { ...credentials, seller_id: '765432' };
    // Three calls of the first stream window (a range 30 days back starts in the stream).
    const range = { from: new Date(now - 30 * day), to: new Date(now - 29 * day) };
    // A first, unpaced read warms the request path, so the first measured call is not slower to leave than the others.
    const unpaced: TrendyolContext = { ...ctx, streamIntervalMs: 0 };
    await trendyolConnector.listOrders({ ...credentials, seller_id: '765431' }, range, null, unpaced);
    [sent.length, calls] = [0, 0];
    let cursor: string | null = null;
    do {
      cursor = (await trendyolConnector.listOrders(paced, range, cursor, ctx)).cursor;
    } while (calls < 3 && cursor !== null);
    expect(sent).toHaveLength(3);
    expect(sent[1]! - sent[0]!).toBeGreaterThanOrEqual(299);
    expect(sent[2]! - sent[1]!).toBeGreaterThanOrEqual(299);
  });

  it('refuses a stream answer that says hasMore without a cursor, and a cursor it did not write', async () => {
    const ctx = await serve((req, res) => sendJson(res, 200, isStream(req) ? { content: [], hasMore: true, size: 200 } : pageOf([])));
    const range = { from: new Date(now - 40 * day), to: new Date(now - 35 * day) };
    await expect(trendyolConnector.listOrders(credentials, range, null, ctx)).rejects.toMatchObject({ kind: 'unexpected' });
    await expect(trendyolConnector.listOrders(credentials, range, 'not-a-cursor', ctx)).rejects.toMatchObject({ kind: 'unexpected' });
  });
});

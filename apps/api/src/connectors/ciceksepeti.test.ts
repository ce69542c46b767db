/**
 * Çiçeksepeti connector against a local server answering in the shapes of ciceksepeti-schema.ts
 * (GetOrders `{orderListCount, supplierOrderListWithBranch}` without a page count, rows with
 * `orderCreateDate` `dd/MM/yyyy` and `orderCreateTime` `HH:mm`; getcanceledorders
 * `{orderItemList}`), the wrong-key answer 400 `{"message":"Geçersiz API Key"}` and the HTML 403 of
 * a non-Turkish network. The documented samples are read in ciceksepeti-contract.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { ciceksepetiConnector, requestDate, type CiceksepetiContext } from './ciceksepeti.ts';
import { readAllOrders, rejection, useLocalMarketplace } from './connector-test-kit.ts';
import { sendJson, sendText, type TestHandler, type TestRequest } from './test-server.ts';

const credentials = { seller_id: '77001', api_key: 'cs-key' };
const dayMs = 86_400_000;

const marketplace = useLocalMarketplace();
const serve = (handler: TestHandler, extra: Partial<CiceksepetiContext> = {}) =>
  marketplace.serve<CiceksepetiContext>(handler, { minIntervalMs: 0, ...extra });

/** One GetOrders row as Çiçeksepeti lists it; `at` is the instant, written in Istanbul time. */
function item(orderId: number | null, at: number, fields: Record<string, unknown> = {}) {
  const local = new Date(at + 3 * 3_600_000).toISOString();
  return {
    orderId,
    orderItemId: orderId === null ? null : orderId * 10,
    orderCreateDate: `${local.slice(8, 10)}/${local.slice(5, 7)}/${local.slice(0, 4)}`,
    orderCreateTime: local.slice(11, 16),
    orderItemStatusId: 7,
    orderProductStatus: 'Teslim Edildi',
    isOrderStatusActive: true,
    code: 'GUL-KRM-11',
    name: 'Kırmızı Gül Buketi',
    quantity: 1,
    itemPrice: 450.5,
    totalPrice: 450.5,
    ...fields,
  };
}

interface ListBody {
  startDate: string;
  endDate: string;
  page: number;
  pageSize: number;
  isOrderStatusActive?: boolean;
}

const bodyOf = (req: { body: string }) => JSON.parse(req.body) as ListBody;
const isClaims = (req: { path: string }) => req.path === '/api/v1/Order/getcanceledorders';

/** A server listing `live`, `cancelled` and `claims` rows whatever the dates, 100 a page. */
function lists(
  rows: { live?: unknown[]; cancelled?: unknown[]; claims?: unknown[] },
  options: { countPerPage?: boolean } = {},
): TestHandler {
  return (req: TestRequest, res) => {
    const body = bodyOf(req);
    const page = <T>(all: T[]) => all.slice(body.page * body.pageSize, (body.page + 1) * body.pageSize);
    if (isClaims(req)) return sendJson(res, 200, { orderItemList: page(rows.claims ?? []) });
    const all = body.isOrderStatusActive === false ? (rows.cancelled ?? []) : (rows.live ?? []);
    const shown = page(all);
    sendJson(res, 200, { orderListCount: options.countPerPage ? shown.length : all.length, supplierOrderListWithBranch: shown });
  };
}

const readAll = async (range: { from: Date; to: Date }, ctx: CiceksepetiContext) =>
  (await readAllOrders(ciceksepetiConnector, credentials, range, ctx)).orders;

const past = (days: number) => ({ from: new Date(Date.now() - days * dayMs), to: new Date() });

describe('ciceksepeti connector', () => {
  it('verifies with one product, the x-api-key header and the seller User-Agent, never twice with the same query', async () => {
    const ctx = await serve((_req, res) => sendJson(res, 200, { totalCount: 3, products: [] }));
    await expect(ciceksepetiConnector.verify(credentials, ctx)).resolves.toEqual({ sellerId: '77001' });
    await ciceksepetiConnector.verify(credentials, ctx);
    const [first, second] = marketplace.server.requests;
    expect(first!.method).toBe('GET');
    expect(first!.path).toBe('/api/v1/Products');
    expect(first!.query.get('Page')).toBe('1');
    expect(Number(first!.query.get('PageSize'))).toBeGreaterThanOrEqual(1);
    expect(Number(first!.query.get('PageSize'))).toBeLessThanOrEqual(60);
    expect(first!.headers['x-api-key']).toBe('cs-key');
    expect(first!.headers['user-agent']).toBe('77001-SelfIntegration');
    // Çiçeksepeti refuses the same products query for 10 minutes: a second check asks another.
    expect(second!.query.toString()).not.toBe(first!.query.toString());
  });

  it('maps 400 "Geçersiz API Key" to bad credentials without retrying', async () => {
    const ctx = await serve((_req, res) => sendJson(res, 400, { message: 'Geçersiz API Key' }));
    const error = await rejection(ciceksepetiConnector.verify(credentials, ctx));
    expect(error.kind).toBe('bad_credentials');
    expect(error.messageKey).toBe('marketplace_bad_credentials');
    expect(marketplace.server.requests).toHaveLength(1);
  });

  it('tells an HTML 403 (a blocked network) apart from a wrong key', async () => {
    const ctx = await serve((_req, res) =>
      sendText(res, 403, '<html><head><title>403 Forbidden</title></head><body>Access Denied</body></html>', 'text/html'),
    );
    const error = await rejection(ciceksepetiConnector.verify(credentials, ctx));
    expect(error.kind).toBe('forbidden');
    expect(error.messageKey).toBe('marketplace_ip_blocked');
  });

  it('reads each 14-day window three times: returns, cancelled sub-orders, live sub-orders; pages from 0 by orderListCount', async () => {
    const to = Date.parse('2026-03-20T12:00:00Z');
    const from = to - 20 * dayMs;
    const live = Array.from({ length: 120 }, (_, index) =>
      item(500_000 + index, from + (index + 1) * 60_000, { orderItemStatusId: 5, orderProductStatus: 'Kargoya Verildi' }),
    );
    const ctx = await serve((req, res) => {
      const body = bodyOf(req);
      const first = body.startDate === requestDate(from);
      if (isClaims(req)) return sendJson(res, 200, { orderItemList: [] });
      const all = first && body.isOrderStatusActive ? live : [];
      // No pageCount: the documented answer has none.
      sendJson(res, 200, { orderListCount: all.length, supplierOrderListWithBranch: all.slice(body.page * 100, (body.page + 1) * 100) });
    });
    const orders = await readAll({ from: new Date(from), to: new Date(to) }, ctx);
    const calls = marketplace.server.requests.map((request) => ({ path: request.path, ...bodyOf(request) }));
    const window = (start: number, end: number) => ({ startDate: requestDate(start), endDate: requestDate(end - 1), pageSize: 100 });
    const first = window(from, from + 14 * dayMs);
    const second = window(from + 14 * dayMs, to);
    expect(calls).toEqual([
      { path: '/api/v1/Order/getcanceledorders', ...first, page: 0 },
      { path: '/api/v1/Order/GetOrders', ...first, page: 0, isOrderStatusActive: false },
      { path: '/api/v1/Order/GetOrders', ...first, page: 0, isOrderStatusActive: true },
      { path: '/api/v1/Order/GetOrders', ...first, page: 1, isOrderStatusActive: true },
      { path: '/api/v1/Order/getcanceledorders', ...second, page: 0 },
      { path: '/api/v1/Order/GetOrders', ...second, page: 0, isOrderStatusActive: false },
      { path: '/api/v1/Order/GetOrders', ...second, page: 0, isOrderStatusActive: true },
    ]);
    expect(orders).toHaveLength(120);
    expect(new Set(orders.map((order) => order.status))).toEqual(new Set(['shipped']));
  });

  it('asks one more page when orderListCount may count only the page', async () => {
    const live = Array.from({ length: 130 }, (_, index) => item(600_000 + index, Date.now() - dayMs + index * 1000));
    const ctx = await serve(lists({ live }, { countPerPage: true }));
    expect(await readAll(past(2), ctx)).toHaveLength(130);
  });

  it('reads dd/MM/yyyy HH:mm as Istanbul time: 00:30 on 1 March is 21:30 UTC on 28 February', async () => {
    const ctx = await serve(
      lists({
        live: [
          { ...item(1, 0), orderCreateDate: '01/03/2026', orderCreateTime: '00:30', orderItemStatusId: 1, orderProductStatus: 'Yeni' },
          { ...item(2, 0), orderCreateDate: '28/02/2026', orderCreateTime: '23:59' },
        ],
      }),
    );
    const orders = await readAll({ from: new Date('2026-02-27T00:00:00Z'), to: new Date('2026-03-02T00:00:00Z') }, ctx);
    expect(orders.map(({ id, orderedAt, status }) => ({ id, orderedAt, status }))).toEqual([
      { id: '1', orderedAt: '2026-02-28T21:30:00.000Z', status: 'created' },
      { id: '2', orderedAt: '2026-02-28T20:59:00.000Z', status: 'delivered' },
    ]);
  });

  it('maps every documented status id: 3 "Arabaya Verildi" is shipped, 11 preparing, 18 returned, an unknown id other', async () => {
    const at = Date.now() - dayMs;
    const ctx = await serve(
      lists({
        live: [
          item(1, at, { orderItemStatusId: 1, orderProductStatus: 'Yeni' }),
          item(2, at, { orderItemStatusId: 2, orderProductStatus: 'Hazırlanıyor' }),
          item(3, at, { orderItemStatusId: 11, orderProductStatus: 'Kargoya Verilecek' }),
          item(4, at, { orderItemStatusId: 3, orderProductStatus: 'Arabaya Verildi' }),
          item(5, at, { orderItemStatusId: 5, orderProductStatus: 'Kargoya Verildi' }),
          item(6, at, { orderItemStatusId: 7, orderProductStatus: 'Teslim Edildi' }),
          item(7, at, { orderItemStatusId: 18, orderProductStatus: 'Firmaya İade Edildi' }),
          item(8, at, { orderItemStatusId: 42, orderProductStatus: 'Yeni Bir Durum' }),
        ],
      }),
    );
    const orders = await readAll(past(2), ctx);
    expect(Object.fromEntries(orders.map((order) => [order.id, order.status]))).toEqual({
      '1': 'created',
      '2': 'preparing',
      '3': 'preparing',
      '4': 'shipped',
      '5': 'shipped',
      '6': 'delivered',
      '7': 'returned',
      '8': 'other',
    });
  });

  it('takes returns from getcanceledorders: a return counts, one sent back to the buyer, an exchange or a refused one does not', async () => {
    const at = Date.now() - 10 * dayMs;
    const claim = (orderId: number, fields: Record<string, unknown>) => ({
      orderId,
      orderItemId: orderId * 10,
      price: 450.5,
      orderItemStatus: 'İade Tedarikçide',
      cancelReasonId: 1,
      orderItemCancelStatus: 'Bayi Onay',
      cancelType: 2,
      ...fields,
    });
    const ctx = await serve(
      lists({
        live: [1, 2, 3, 4, 5, 6].map((id) => item(id, at)),
        claims: [
          claim(1, {}),
          claim(2, { cancelType: 3, orderItemCancelStatus: 'Bayi Haklı' }),
          claim(3, { cancelReasonId: 2 }),
          claim(4, { orderItemCancelStatus: 'Bayi Red' }),
          claim(5, { orderItemStatus: 'İade Süreci Başladı', orderItemCancelStatus: null }),
          claim(6, { cancelType: 1, cancelReasonId: null, orderItemCancelStatus: '' }),
        ],
      }),
    );
    const orders = await readAll(past(14), ctx);
    expect(Object.fromEntries(orders.map((order) => [order.id, order.status]))).toEqual({
      '1': 'returned',
      '2': 'delivered',
      '3': 'delivered',
      '4': 'delivered',
      '5': 'returned',
      '6': 'cancelled',
    });
  });

  it('joins an order whose sub-orders are in both lists: the live one decides, a wholly cancelled order still comes', async () => {
    const at = Date.now() - dayMs;
    const ctx = await serve(
      lists({
        live: [item(70, at, { orderItemId: 701, code: 'A', totalPrice: 100 })],
        cancelled: [
          item(70, at, { orderItemId: 702, code: 'B', totalPrice: 250.99, quantity: 2, isOrderStatusActive: false, orderItemStatusId: 1 }),
          item(80, at, { orderItemId: 801, code: 'C', totalPrice: 75, isOrderStatusActive: false, orderItemStatusId: 2 }),
        ],
      }),
    );
    const orders = await readAll(past(2), ctx);
    expect(orders).toEqual([
      expect.objectContaining({
        id: '70',
        status: 'delivered',
        totalAmount: 10_000,
        lines: [{ sku: 'A', name: 'Kırmızı Gül Buketi', quantity: 1, amount: 10_000 }],
      }),
      expect.objectContaining({ id: '80', status: 'cancelled', totalAmount: 7_500 }),
    ]);
  });

  it('keeps an order whose items straddle two pages whole', async () => {
    const from = Date.now() - dayMs;
    const live = [
      ...Array.from({ length: 99 }, (_, index) => item(100 + index, from + index * 60_000)),
      item(900, from + 200 * 60_000, { orderItemId: 9001, totalPrice: 100, code: 'A' }),
      item(900, from + 200 * 60_000, { orderItemId: 9002, totalPrice: 250.99, code: 'B', quantity: 2 }),
    ];
    const ctx = await serve(lists({ live }));
    const orders = await readAll(past(2), ctx);
    const split = orders.filter((order) => order.id === '900');
    expect(split).toHaveLength(1);
    expect(split[0]).toMatchObject({ status: 'delivered', totalAmount: 35_099 });
    expect(split[0]!.lines.map((line) => line.sku)).toEqual(['A', 'B']);
  });

  it('keeps rows without ids, codes, names or quantities, and leaves out only a row it cannot place in time', async () => {
    const at = Date.now() - dayMs;
    const ctx = await serve(
      lists({
        live: [
          { ...item(null, at), orderItemId: 555 },
          { ...item(null, at), orderItemId: null, code: null, name: undefined, quantity: undefined, totalPrice: null, itemPrice: 20 },
          { ...item(3, at), orderCreateDate: '2026-03-01' },
          item(4, at),
        ],
      }),
    );
    const orders = await readAll(past(2), ctx);
    expect(orders).toHaveLength(3);
    expect(orders[0]).toMatchObject({ id: 'item-555', status: 'delivered', totalAmount: 45_050 });
    expect(orders[1]).toMatchObject({ status: 'delivered', totalAmount: 2_000, lines: [{ name: '', quantity: 1, amount: 2_000 }] });
    expect(orders[2]).toMatchObject({ id: '4' });
  });

  it('keeps every order the window returns, even outside our window (a server reading the dates in another zone loses nothing)', async () => {
    const from = Date.parse('2026-03-01T00:00:00Z');
    // As if Çiçeksepeti read our dates 3 hours off: it answers with orders from before our start.
    const ctx = await serve(lists({ live: [item(1, from - 2 * 3_600_000), item(2, from + 3_600_000)] }));
    const orders = await readAll({ from: new Date(from), to: new Date(from + dayMs) }, ctx);
    expect(orders.map((order) => order.id)).toEqual(['1', '2']);
  });

  it('writes the request dates with the Istanbul offset by default, or as configured', async () => {
    const from = Date.parse('2026-02-28T21:00:00Z');
    const range = { from: new Date(from), to: new Date(from + dayMs) };
    const first = async (requestDates?: CiceksepetiContext['requestDates']) => {
      const ctx = await serve(lists({}), requestDates ? { requestDates } : {});
      await ciceksepetiConnector.listOrders(credentials, range, null, ctx);
      const body = bodyOf(marketplace.server.requests[0]!);
      return [body.startDate, body.endDate];
    };
    expect(await first()).toEqual(['2026-03-01T00:00:00.000+03:00', '2026-03-01T23:59:59.999+03:00']);
    expect(await first('wall')).toEqual(['2026-03-01T00:00:00.000', '2026-03-01T23:59:59.999']);
    expect(await first('utc')).toEqual(['2026-02-28T21:00:00.000Z', '2026-03-01T20:59:59.999Z']);
  });

  it('waits the minimum interval between two list calls of one seller', async () => {
    const arrivals: number[] = [];
    const ctx = await serve(
      (req, res) => {
        arrivals.push(Date.now());
        lists({})(req, res);
      },
      { minIntervalMs: 250 },
    );
    await readAll(past(2), ctx);
    expect(arrivals).toHaveLength(3);
    expect(arrivals[1]! - arrivals[0]!).toBeGreaterThanOrEqual(245);
    expect(arrivals[2]! - arrivals[1]!).toBeGreaterThanOrEqual(245);
  });

  it('turns a refused repeat request (429) into rate_limited with the wait, so the sync resumes at the same cursor', async () => {
    let refuse = true;
    const ctx = await serve((req, res) => {
      if (refuse) return sendJson(res, 429, { message: 'Aynı istek 1 dakika içinde tekrar gönderilemez.' }, { 'retry-after': '54' });
      lists({})(req, res);
    });
    const range = past(1);
    const error = await rejection(ciceksepetiConnector.listOrders(credentials, range, null, ctx));
    expect(error.kind).toBe('rate_limited');
    expect(error.options.retryAfterMs).toBe(54_000);
    expect(marketplace.server.requests).toHaveLength(1);
    refuse = false;
    const page = await ciceksepetiConnector.listOrders(credentials, range, null, ctx);
    expect(page.cursor).not.toBeNull();
  });

  it('waits about a minute when a refusal names no time', async () => {
    const ctx = await serve((_req, res) => sendJson(res, 429, { message: 'Too Many Requests' }));
    const error = await rejection(ciceksepetiConnector.listOrders(credentials, past(1), null, ctx));
    expect(error.options.retryAfterMs).toBe(60_000);
  });

  it('reports a 200 without the order list as unexpected', async () => {
    const ctx = await serve((_req, res) => sendText(res, 200, 'null', 'application/json'));
    const error = await rejection(ciceksepetiConnector.listOrders(credentials, past(1), null, ctx));
    expect(error.kind).toBe('unexpected');
  });
});

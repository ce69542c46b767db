/**
 * Çiçeksepeti connector against a local server. Fixture shapes: the GetOrders answer
 * `{orderListCount, pageCount, supplierOrderListWithBranch: [item…]}` and the item fields orderId,
 * orderItemId, orderCreateDate (`dd.MM.yyyy`), orderItemStatusId, orderProductStatus, quantity,
 * itemPrice, totalPrice follow the public Çiçeksepeti integrations (Coskntkk/ciceksepeti-api reads
 * the same answer keys); orderCreateTime, stockCode, name and currency are unconfirmed (the
 * connector keeps them in `ciceksepetiItemFields`). The wrong-key answer 400
 * `{"message":"Geçersiz API Key"}` and the HTML 403 of a non-Turkish network are from
 * docs/reference/MARKETPLACES.md.
 */
import { describe, expect, it } from 'vitest';
import { ciceksepetiConnector, istanbulTime, type CiceksepetiContext } from './ciceksepeti.ts';
import { readAllOrders, rejection, useLocalMarketplace } from './connector-test-kit.ts';
import { sendJson, sendText, type TestHandler } from './test-server.ts';

const credentials = { seller_id: '77001', api_key: 'cs-key' };
const dayMs = 86_400_000;

const marketplace = useLocalMarketplace();
const serve = (handler: TestHandler, minIntervalMs = 0) => marketplace.serve<CiceksepetiContext>(handler, { minIntervalMs });

/** One GetOrders item as Çiçeksepeti lists it; `at` is the instant, written in Istanbul time. */
function item(orderId: number, at: number, fields: Record<string, unknown> = {}) {
  const local = new Date(at + 3 * 3_600_000).toISOString();
  return {
    orderId,
    orderItemId: orderId * 10,
    orderCreateDate: `${local.slice(8, 10)}.${local.slice(5, 7)}.${local.slice(0, 4)}`,
    orderCreateTime: local.slice(11, 19),
    orderItemStatusId: 7,
    orderProductStatus: 'Teslim Edildi',
    stockCode: 'GUL-KRM-11',
    name: 'Kırmızı Gül Buketi',
    quantity: 1,
    itemPrice: 450.5,
    totalPrice: 450.5,
    currency: 'TRY',
    ...fields,
  };
}

const readAll = async (range: { from: Date; to: Date }, ctx: CiceksepetiContext) =>
  (await readAllOrders(ciceksepetiConnector, credentials, range, ctx)).orders;

interface ListBody {
  startDate: string;
  endDate: string;
  page: number;
  pageSize: number;
  isOrderStatusActive: boolean;
}

describe('ciceksepeti connector', () => {
  it('verifies with one product, the x-api-key header and the seller User-Agent', async () => {
    const ctx = await serve((_req, res) => sendJson(res, 200, { totalCount: 3, products: [] }));
    await expect(ciceksepetiConnector.verify(credentials, ctx)).resolves.toEqual({ sellerId: '77001' });
    const [request] = marketplace.server.requests;
    expect(request!.method).toBe('GET');
    expect(request!.path).toBe('/api/v1/Products');
    expect(request!.query.get('Page')).toBe('1');
    expect(request!.query.get('PageSize')).toBe('1');
    expect(request!.headers['x-api-key']).toBe('cs-key');
    expect(request!.headers['user-agent']).toBe('77001-SelfIntegration');
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

  it('reads both status passes of every 14-day window, pages from 0 with 100 rows', async () => {
    const to = Date.parse('2026-03-20T12:00:00Z');
    const from = to - 20 * dayMs;
    // Window 1: 120 active items on two pages (orders 1 and 2 share order 500000); one delivered order.
    const active = Array.from({ length: 120 }, (_, index) =>
      item(index === 1 ? 500_000 : 500_000 + index, from + (index + 1) * 60_000, {
        orderItemStatusId: 5,
        orderProductStatus: 'Kargoya Verildi',
      }),
    );
    const inactive = [item(600_001, from + 2 * dayMs)];
    const ctx = await serve((req, res) => {
      const body = JSON.parse(req.body) as ListBody;
      const list = body.startDate === istanbulTime(from) ? (body.isOrderStatusActive ? active : inactive) : [];
      sendJson(res, 200, {
        orderListCount: list.length,
        pageCount: Math.ceil(list.length / body.pageSize),
        supplierOrderListWithBranch: list.slice(body.page * body.pageSize, (body.page + 1) * body.pageSize),
      });
    });
    const orders = await readAll({ from: new Date(from), to: new Date(to) }, ctx);
    const bodies = marketplace.server.requests.map((request) => ({ path: request.path, ...(JSON.parse(request.body) as ListBody) }));
    const first = {
      path: '/api/v1/Order/GetOrders',
      startDate: istanbulTime(from),
      endDate: istanbulTime(from + 14 * dayMs - 1),
      pageSize: 100,
    };
    const second = {
      path: '/api/v1/Order/GetOrders',
      startDate: istanbulTime(from + 14 * dayMs),
      endDate: istanbulTime(to - 1),
      pageSize: 100,
    };
    expect(bodies).toEqual([
      { ...first, page: 0, isOrderStatusActive: true },
      { ...first, page: 1, isOrderStatusActive: true },
      { ...first, page: 0, isOrderStatusActive: false },
      { ...second, page: 0, isOrderStatusActive: true },
      { ...second, page: 0, isOrderStatusActive: false },
    ]);
    expect(orders).toHaveLength(120);
    expect(orders.find((order) => order.id === '500000')).toMatchObject({
      orderNumber: '500000',
      totalAmount: 90_100,
      status: 'shipped',
      currency: 'TRY',
    });
    expect(orders.find((order) => order.id === '500000')!.lines).toHaveLength(2);
    expect(orders.find((order) => order.id === '600001')).toMatchObject({
      status: 'delivered',
      totalAmount: 45_050,
      lines: [{ sku: 'GUL-KRM-11', name: 'Kırmızı Gül Buketi', quantity: 1, amount: 45_050 }],
    });
  });

  it('keeps an order whose items straddle two pages whole', async () => {
    const to = Date.parse('2026-03-10T00:00:00Z');
    const from = to - dayMs;
    // 100 single-item orders, then order 900 has its first item on page 0 and its second on page 1.
    const items = [
      ...Array.from({ length: 99 }, (_, index) => item(100 + index, from + index * 60_000)),
      item(900, from + 200 * 60_000, { totalPrice: 100, stockCode: 'A' }),
      item(900, from + 200 * 60_000, {
        totalPrice: 250.99,
        stockCode: 'B',
        quantity: 2,
        orderProductStatus: 'İptal Edildi',
        orderItemStatusId: 4,
      }),
    ];
    const ctx = await serve((req, res) => {
      const body = JSON.parse(req.body) as ListBody;
      const list = body.isOrderStatusActive ? [] : items;
      sendJson(res, 200, {
        orderListCount: list.length,
        pageCount: Math.ceil(list.length / 100),
        supplierOrderListWithBranch: list.slice(body.page * 100, (body.page + 1) * 100),
      });
    });
    const orders = await readAll({ from: new Date(from), to: new Date(to) }, ctx);
    const split = orders.filter((order) => order.id === '900');
    expect(split).toHaveLength(1);
    expect(split[0]).toMatchObject({ status: 'delivered', totalAmount: 35_099 });
    expect(split[0]!.lines.map((line) => line.sku)).toEqual(['A', 'B']);
  });

  it('reads dd.MM.yyyy Istanbul times: 00:30 on 1 March is 21:30 UTC on 28 February', async () => {
    const ctx = await serve((req, res) => {
      const body = JSON.parse(req.body) as ListBody;
      const list = body.isOrderStatusActive
        ? [{ ...item(1, 0), orderCreateDate: '01.03.2026', orderCreateTime: '00:30:00', orderItemStatusId: 1, orderProductStatus: 'Yeni' }]
        : [
            {
              ...item(2, 0),
              orderCreateDate: '28.02.2026 23:59:59',
              orderCreateTime: undefined,
              orderProductStatus: 'İade Edildi',
              orderItemStatusId: 8,
            },
          ];
      sendJson(res, 200, { orderListCount: 1, pageCount: 1, supplierOrderListWithBranch: list });
    });
    const orders = await readAll({ from: new Date('2026-02-27T00:00:00Z'), to: new Date('2026-03-02T00:00:00Z') }, ctx);
    expect(orders.map(({ id, orderedAt, status }) => ({ id, orderedAt, status }))).toEqual([
      { id: '1', orderedAt: '2026-02-28T21:30:00.000Z', status: 'created' },
      { id: '2', orderedAt: '2026-02-28T20:59:59.000Z', status: 'returned' },
    ]);
  });

  it('waits the minimum interval between two list calls of one seller', async () => {
    const arrivals: number[] = [];
    const ctx = await serve((_req, res) => {
      arrivals.push(Date.now());
      sendJson(res, 200, { orderListCount: 0, pageCount: 0, supplierOrderListWithBranch: [] });
    }, 250);
    await readAll({ from: new Date(Date.now() - 2 * dayMs), to: new Date() }, ctx);
    expect(arrivals).toHaveLength(2);
    expect(arrivals[1]! - arrivals[0]!).toBeGreaterThanOrEqual(245);
  });

  it('turns a refused repeat query (429) into rate_limited with the wait, so the sync resumes at the same cursor', async () => {
    let refuse = true;
    const ctx = await serve((_req, res) => {
      if (refuse) return sendJson(res, 429, { message: 'Aynı sorgu 10 dakika içinde tekrar gönderilemez.' }, { 'retry-after': '540' });
      sendJson(res, 200, { orderListCount: 0, pageCount: 0, supplierOrderListWithBranch: [] });
    });
    const range = { from: new Date(Date.now() - dayMs), to: new Date() };
    const error = await rejection(ciceksepetiConnector.listOrders(credentials, range, null, ctx));
    expect(error.kind).toBe('rate_limited');
    expect(error.options.retryAfterMs).toBe(540_000);
    expect(marketplace.server.requests).toHaveLength(1);
    refuse = false;
    const page = await ciceksepetiConnector.listOrders(credentials, range, null, ctx);
    expect(page.cursor).not.toBeNull();
  });

  it('waits ten minutes when a refusal names no time', async () => {
    const ctx = await serve((_req, res) => sendJson(res, 429, { message: 'Too Many Requests' }));
    const error = await rejection(
      ciceksepetiConnector.listOrders(credentials, { from: new Date(Date.now() - dayMs), to: new Date() }, null, ctx),
    );
    expect(error.options.retryAfterMs).toBe(600_000);
  });

  it('reports a 200 without the order list as unexpected', async () => {
    const ctx = await serve((_req, res) => sendText(res, 200, 'null', 'application/json'));
    const error = await rejection(
      ciceksepetiConnector.listOrders(credentials, { from: new Date(Date.now() - dayMs), to: new Date() }, null, ctx),
    );
    expect(error.kind).toBe('unexpected');
  });
});

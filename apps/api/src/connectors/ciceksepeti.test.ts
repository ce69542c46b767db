import { afterEach, describe, expect, it } from 'vitest';
import { ciceksepetiConnector, turkeyTime } from './ciceksepeti.ts';
import { sendJson, sendText, startTestServer, type TestHandler, type TestServer } from './test-server.ts';
import { ConnectorError, type ConnectorContext, type MarketplaceOrder } from './types.ts';

const credentials = { seller_id: '77001', api_key: 'cs-key' };
const dayMs = 86_400_000;

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(handler: TestHandler): Promise<ConnectorContext> {
  server = await startTestServer(handler);
  return { baseUrl: server.url, retries: 2, timeoutMs: 2_000 };
}

async function rejection(promise: Promise<unknown>): Promise<ConnectorError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ConnectorError);
  return error as ConnectorError;
}

describe('ciceksepeti connector', () => {
  it('verifies with one product and the x-api-key header', async () => {
    const ctx = await serve((_req, res) => sendJson(res, 200, { totalCount: 3, products: [] }));
    await expect(ciceksepetiConnector.verify(credentials, ctx)).resolves.toEqual({ sellerId: '77001' });
    const [request] = server!.requests;
    expect(request!.method).toBe('GET');
    expect(request!.path).toBe('/api/v1/Products');
    expect(request!.query.get('Page')).toBe('1');
    expect(request!.query.get('PageSize')).toBe('1');
    expect(request!.headers['x-api-key']).toBe('cs-key');
    expect(request!.headers['user-agent']).toBe('77001 - SelfIntegration');
  });

  it('maps 401 and the gateway 403 to bad credentials without retrying', async () => {
    const ctx = await serve((req, res) => {
      if (req.headers['x-api-key'] === 'gateway') sendJson(res, 403, { message: 'Forbidden' });
      else sendJson(res, 401, { Message: 'Authorization has been denied for this request.' });
    });
    const error = await rejection(ciceksepetiConnector.verify(credentials, ctx));
    expect(error.kind).toBe('bad_credentials');
    expect(error.messageKey).toBe('marketplace_bad_credentials');
    expect((await rejection(ciceksepetiConnector.verify({ ...credentials, api_key: 'gateway' }, ctx))).kind).toBe('bad_credentials');
    expect(server!.requests).toHaveLength(2);
  });

  it('retries after a 429 and then succeeds; 5xx exhaustion is unavailable', async () => {
    let calls = 0;
    const ctx = await serve((_req, res) => {
      calls += 1;
      if (calls === 1) sendJson(res, 429, { message: 'Too Many Requests' }, { 'retry-after': '0' });
      else if (calls === 2) sendJson(res, 200, { totalCount: 0, products: [] });
      else sendText(res, 503, 'Service Unavailable');
    });
    await expect(ciceksepetiConnector.verify(credentials, ctx)).resolves.toEqual({ sellerId: '77001' });
    expect((await rejection(ciceksepetiConnector.verify(credentials, ctx))).kind).toBe('unavailable');
    expect(server!.requests).toHaveLength(2 + 3);
  });

  it('reports a 200 without the order list as unexpected', async () => {
    const ctx = await serve((_req, res) => sendText(res, 200, 'null', 'application/json'));
    const error = await rejection(ciceksepetiConnector.listOrders(credentials, { from: new Date(Date.now() - dayMs), to: new Date() }, 0, ctx));
    expect(error.kind).toBe('unexpected');
  });

  it('posts 14-day windows with pageSize 100 and merges the items of one order', async () => {
    const to = Date.now();
    const from = to - 20 * dayMs;
    // The first window holds 120 items; items 0 and 1 belong to one order.
    const local = (ms: number) => new Date(ms + 3 * 3_600_000).toISOString();
    const items = Array.from({ length: 120 }, (_, index) => {
      const at = from + (index + 1) * 60_000;
      return {
        orderId: index === 1 ? 500_000 : 500_000 + index,
        orderItemId: 800_000 + index,
        orderCreateDate: `${local(at).slice(8, 10)}.${local(at).slice(5, 7)}.${local(at).slice(0, 4)}`,
        orderCreateTime: local(at).slice(11, 19),
        orderItemStatusId: 7,
        orderProductStatus: 'Teslim Edildi',
        quantity: 1,
        totalPrice: 450.5,
        currency: 'TRY',
      };
    });
    const ctx = await serve((req, res) => {
      const body = JSON.parse(req.body) as { startDate: string; page: number; pageSize: number };
      const list = body.startDate === turkeyTime(from) ? items : [];
      sendJson(res, 200, {
        orderListCount: list.length,
        pageCount: Math.ceil(list.length / body.pageSize),
        supplierOrderListWithBranch: list.slice(body.page * body.pageSize, (body.page + 1) * body.pageSize),
      });
    });
    const orders: MarketplaceOrder[] = [];
    let page: number | null = 0;
    while (page !== null) {
      const result: { orders: MarketplaceOrder[]; nextPage: number | null } = await ciceksepetiConnector.listOrders(credentials, { from: new Date(from), to: new Date(to) }, page, ctx);
      orders.push(...result.orders);
      page = result.nextPage;
    }
    const bodies = server!.requests.map((request) => ({ method: request.method, path: request.path, type: request.headers['content-type'], ...JSON.parse(request.body) }));
    expect(bodies).toEqual([
      { method: 'POST', path: '/api/v1/Order/GetOrders', type: 'application/json', startDate: turkeyTime(from), endDate: turkeyTime(from + 14 * dayMs - 1), page: 0, pageSize: 100 },
      { method: 'POST', path: '/api/v1/Order/GetOrders', type: 'application/json', startDate: turkeyTime(from), endDate: turkeyTime(from + 14 * dayMs - 1), page: 1, pageSize: 100 },
      { method: 'POST', path: '/api/v1/Order/GetOrders', type: 'application/json', startDate: turkeyTime(from + 14 * dayMs), endDate: turkeyTime(to - 1), page: 0, pageSize: 100 },
    ]);
    expect(orders).toHaveLength(119);
    const first = orders.find((order) => order.id === '500000')!;
    expect(first).toMatchObject({ totalAmount: 90_100, itemCount: 2, status: 'delivered', currency: 'TRY' });
    expect(first.orderedAt).toBe(new Date(Math.floor((from + 60_000) / 1000) * 1000).toISOString());
  });
});

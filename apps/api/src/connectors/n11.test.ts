import { afterEach, describe, expect, it } from 'vitest';
import { n11Connector, n11WindowMs } from './n11.ts';
import { sendJson, sendText, startTestServer, type TestHandler, type TestServer } from './test-server.ts';
import { ConnectorError, type ConnectorContext, type MarketplaceOrder } from './types.ts';

const credentials = { app_key: 'app-key-1', app_secret: 'app-secret-1' };

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

describe('n11 connector', () => {
  it('verifies with one product query and the appkey/appsecret headers', async () => {
    const ctx = await serve((_req, res) => sendJson(res, 200, { content: [], totalElements: 0, totalPages: 0 }));
    await expect(n11Connector.verify(credentials, ctx)).resolves.toEqual({});
    const [request] = server!.requests;
    expect(request!.path).toBe('/ms/product-query');
    expect(request!.query.get('page')).toBe('0');
    expect(request!.query.get('size')).toBe('1');
    expect(request!.headers.appkey).toBe('app-key-1');
    expect(request!.headers.appsecret).toBe('app-secret-1');
    expect(request!.headers.authorization).toBeUndefined();
  });

  it('maps 401 and a 403 naming the credentials to bad credentials; another 403 to forbidden', async () => {
    const ctx = await serve((req, res) => {
      if (req.headers.appsecret === 'wrong') sendJson(res, 401, { status: 401, error: 'Unauthorized', message: 'Invalid appKey or appSecret' });
      else if (req.headers.appsecret === 'words') sendJson(res, 403, { message: 'appKey or appSecret is invalid' });
      else sendJson(res, 403, { message: 'Access denied for this operation' });
    });
    const wrong = await rejection(n11Connector.verify({ ...credentials, app_secret: 'wrong' }, ctx));
    expect(wrong.kind).toBe('bad_credentials');
    expect(wrong.messageKey).toBe('marketplace_bad_credentials');
    expect((await rejection(n11Connector.verify({ ...credentials, app_secret: 'words' }, ctx))).kind).toBe('bad_credentials');
    expect((await rejection(n11Connector.verify(credentials, ctx))).kind).toBe('forbidden');
    expect(server!.requests).toHaveLength(3);
  });

  it('retries after a 429, and reports unavailable when 5xx never stops', async () => {
    let calls = 0;
    const ctx = await serve((_req, res) => {
      calls += 1;
      if (calls === 1) sendJson(res, 429, {}, { 'retry-after': '0' });
      else if (calls === 2) sendJson(res, 200, { content: [] });
      else sendText(res, 500, 'Internal Server Error');
    });
    await expect(n11Connector.verify(credentials, ctx)).resolves.toEqual({});
    expect((await rejection(n11Connector.verify(credentials, ctx))).kind).toBe('unavailable');
    expect(server!.requests).toHaveLength(2 + 3);
  });

  it('reports an unparseable order page as unexpected', async () => {
    const ctx = await serve((_req, res) => sendJson(res, 200, { result: 'ok' }));
    const error = await rejection(n11Connector.listOrders(credentials, { from: new Date(Date.now() - 86_400_000), to: new Date() }, 0, ctx));
    expect(error.kind).toBe('unexpected');
  });

  it('pages shipment packages in 15-day windows with ms timestamps and size 100', async () => {
    const to = Date.now();
    const from = to - 20 * 86_400_000;
    const packages = Array.from({ length: 130 }, (_, index) => ({
      id: 9000 + index,
      orderNumber: `N${index}`,
      shipmentPackageStatus: index % 10 === 0 ? 'Cancelled' : 'Shipped',
      totalAmount: 99.99,
      lines: [{ quantity: 1, price: 99.99 }],
      packageHistories: [{ createdDate: from + index * 60_000, status: 'Created' }],
      lastModifiedDate: to,
    }));
    const ctx = await serve((req, res) => {
      const first = Number(req.query.get('startDate')) === from;
      const items = first ? packages : [];
      const page = Number(req.query.get('page'));
      const size = Number(req.query.get('size'));
      sendJson(res, 200, { content: items.slice(page * size, (page + 1) * size), totalElements: items.length, totalPages: Math.ceil(items.length / size), page, size });
    });
    const orders: MarketplaceOrder[] = [];
    let page: number | null = 0;
    while (page !== null) {
      const result: { orders: MarketplaceOrder[]; nextPage: number | null } = await n11Connector.listOrders(credentials, { from: new Date(from), to: new Date(to) }, page, ctx);
      orders.push(...result.orders);
      page = result.nextPage;
    }
    const sent = server!.requests.map((request) => ({ path: request.path, start: Number(request.query.get('startDate')), end: Number(request.query.get('endDate')), page: request.query.get('page'), size: request.query.get('size') }));
    expect(sent.map((request) => request.path)).toEqual(Array(3).fill('/rest/delivery/v1/shipmentPackages'));
    expect(sent[0]).toMatchObject({ start: from, end: from + n11WindowMs - 1, page: '0', size: '100' });
    expect(sent[1]).toMatchObject({ start: from, page: '1' });
    expect(sent[2]).toMatchObject({ start: from + n11WindowMs, page: '0' });
    expect(sent[2]!.end).toBeLessThan(to);
    expect(orders).toHaveLength(130);
    expect(orders[10]).toEqual({ id: 'N10', orderedAt: new Date(from + 10 * 60_000).toISOString(), totalAmount: 9_999, currency: 'TRY', status: 'cancelled', itemCount: 1 });
  });
});

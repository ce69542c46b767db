import { afterEach, describe, expect, it } from 'vitest';
import { sendJson, sendText, startTestServer, type TestHandler, type TestServer } from './test-server.ts';
import { trendyolConnector, trendyolHistoryMs, trendyolWindowMs } from './trendyol.ts';
import { ConnectorError, type ConnectorContext, type MarketplaceOrder } from './types.ts';

const credentials = { seller_id: '123456', api_key: 'key-1', api_secret: 'secret-1' };
const authFailure = {
  timestamp: 1_700_000_000_000,
  exception: 'ClientApiAuthenticationException',
  errors: [{ key: 'ClientApiAuthenticationException', message: 'Authentication failed', errorCode: null }],
};

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

function trendyolPackage(orderNumber: string, orderDate: number, totalPrice: number, quantity = 1, status = 'Delivered') {
  return { id: Number(orderNumber) * 10, orderNumber, orderDate, totalPrice, grossAmount: totalPrice, currencyCode: 'TRY', shipmentPackageStatus: status, status, lines: [{ quantity }] };
}

describe('trendyol connector', () => {
  it('verifies with the addresses call, Basic key:secret and the mandatory User-Agent', async () => {
    const ctx = await serve((_req, res) => sendJson(res, 200, { supplierAddresses: [] }));
    await expect(trendyolConnector.verify(credentials, ctx)).resolves.toEqual({ sellerId: '123456' });
    const [request] = server!.requests;
    expect(request!.method).toBe('GET');
    expect(request!.path).toBe('/integration/sellers/123456/addresses');
    expect(request!.headers.authorization).toBe(`Basic ${Buffer.from('key-1:secret-1').toString('base64')}`);
    expect(request!.headers['user-agent']).toBe('123456 - SelfIntegration');
  });

  it('maps the 401 ClientApiAuthenticationException to bad credentials without retrying', async () => {
    const ctx = await serve((_req, res) => sendJson(res, 401, authFailure));
    const error = await rejection(trendyolConnector.verify(credentials, ctx));
    expect(error.kind).toBe('bad_credentials');
    expect(error.messageKey).toBe('marketplace_bad_credentials');
    expect(error.detail).toContain('ClientApiAuthenticationException');
    expect(server!.requests).toHaveLength(1);
  });

  it('maps a 403 that is not about credentials to forbidden', async () => {
    const ctx = await serve((_req, res) => sendText(res, 403, '<html>Request blocked</html>', 'text/html'));
    const error = await rejection(trendyolConnector.verify(credentials, ctx));
    expect(error.kind).toBe('forbidden');
    expect(error.messageKey).toBe('marketplace_forbidden');
  });

  it('retries after a 429 and then succeeds', async () => {
    let calls = 0;
    const ctx = await serve((_req, res) => {
      calls += 1;
      if (calls === 1) sendJson(res, 429, { message: 'Too Many Requests' }, { 'retry-after': '0' });
      else sendJson(res, 200, { supplierAddresses: [] });
    });
    await expect(trendyolConnector.verify(credentials, ctx)).resolves.toEqual({ sellerId: '123456' });
    expect(server!.requests).toHaveLength(2);
  });

  it('reports rate limiting when 429 persists', async () => {
    const ctx = await serve((_req, res) => sendJson(res, 429, { message: 'Too Many Requests' }, { 'retry-after': '0' }));
    const error = await rejection(trendyolConnector.verify(credentials, ctx));
    expect(error.kind).toBe('rate_limited');
    expect(server!.requests).toHaveLength(3);
  });

  it('reports unavailable after every retry answered 5xx', async () => {
    const ctx = await serve((_req, res) => sendJson(res, 503, { exception: 'TrendyolSystemException' }));
    const error = await rejection(trendyolConnector.verify(credentials, ctx));
    expect(error.kind).toBe('unavailable');
    expect(error.messageKey).toBe('marketplace_unavailable');
    expect(server!.requests).toHaveLength(3);
  });

  it('reports unavailable when nothing listens', async () => {
    const ctx = await serve((_req, res) => sendJson(res, 200, {}));
    await server!.close();
    server = undefined;
    const error = await rejection(trendyolConnector.verify(credentials, { ...ctx, retries: 0 }));
    expect(error.kind).toBe('unavailable');
  });

  it('reports an unparseable answer as unexpected', async () => {
    const ctx = await serve((_req, res) => sendText(res, 200, '<html>maintenance</html>', 'text/html'));
    const error = await rejection(trendyolConnector.verify(credentials, ctx));
    expect(error.kind).toBe('unexpected');
    expect(error.messageKey).toBe('marketplace_unexpected');
  });

  it('pages through orders with ms timestamps and size 200, in kuruş, merging split packages', async () => {
    const base = Date.now() - 5 * 86_400_000;
    const packages = Array.from({ length: 450 }, (_, index) => trendyolPackage(String(1000 + index), base + index * 1000, 149.9 + index));
    // Order 1000 was split into a second package, listed next to the first.
    packages.splice(1, 0, trendyolPackage('1000', base, 50.1, 2));
    const ctx = await serve((req, res) => {
      const page = Number(req.query.get('page'));
      const size = Number(req.query.get('size'));
      sendJson(res, 200, { page, size, totalElements: packages.length, totalPages: Math.ceil(packages.length / size), content: packages.slice(page * size, (page + 1) * size) });
    });
    const range = { from: new Date(base - 60_000), to: new Date() };
    const orders: MarketplaceOrder[] = [];
    let page: number | null = 0;
    while (page !== null) {
      const result: { orders: MarketplaceOrder[]; nextPage: number | null } = await trendyolConnector.listOrders(credentials, range, page, ctx);
      orders.push(...result.orders);
      page = result.nextPage;
    }
    expect(server!.requests).toHaveLength(3);
    const [first, , last] = server!.requests;
    expect(first!.path).toBe('/integration/order/sellers/123456/orders');
    expect(first!.query.get('startDate')).toBe(String(range.from.getTime()));
    expect(Number(first!.query.get('endDate'))).toBeLessThan(range.to.getTime());
    expect(first!.query.get('size')).toBe('200');
    expect(last!.query.get('page')).toBe('2');
    expect(first!.headers['user-agent']).toBe('123456 - SelfIntegration');
    expect(orders).toHaveLength(450);
    expect(orders.find((order) => order.id === '1001')).toEqual({ id: '1001', orderedAt: new Date(base + 1000).toISOString(), totalAmount: 15_090, currency: 'TRY', status: 'delivered', itemCount: 1 });
    const split = orders.filter((order) => order.id === '1000');
    expect(split).toHaveLength(1);
    expect(split[0]!.totalAmount).toBe(14_990 + 5_010);
    expect(split[0]!.itemCount).toBe(3);
  });

  it('clamps the range to three months and walks it in 14-day windows', async () => {
    const ctx = await serve((_req, res) => sendJson(res, 200, { page: 0, size: 200, totalElements: 0, totalPages: 0, content: [] }));
    const before = Date.now();
    const range = { from: new Date(before - 365 * 86_400_000), to: new Date(before) };
    let page: number | null = 0;
    let calls = 0;
    while (page !== null) {
      ({ nextPage: page } = await trendyolConnector.listOrders(credentials, range, page, ctx));
      calls += 1;
    }
    // Windows line up with range.from; only those reaching into the last three months are asked for.
    expect(calls).toBeGreaterThanOrEqual(Math.ceil(trendyolHistoryMs / trendyolWindowMs));
    expect(calls).toBeLessThanOrEqual(Math.ceil(trendyolHistoryMs / trendyolWindowMs) + 1);
    const starts = server!.requests.map((request) => Number(request.query.get('startDate')));
    expect(starts[0]).toBeGreaterThanOrEqual(before - trendyolHistoryMs);
    expect(starts[0]).toBeLessThan(before - trendyolHistoryMs + trendyolWindowMs);
    expect((starts[2]! - range.from.getTime()) % trendyolWindowMs).toBe(0);
    expect(starts[2]! - starts[1]!).toBe(trendyolWindowMs);
    for (const request of server!.requests) {
      expect(Number(request.query.get('endDate')) - Number(request.query.get('startDate'))).toBeLessThan(trendyolWindowMs);
    }
  });
});

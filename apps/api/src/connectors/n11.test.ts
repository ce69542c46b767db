/*
 * N11 connector against a local server answering in n11's shapes: shipmentPackages pages as in
 * the "Sipariş Listeleme (shipmentPackages)" sample of n11's REST API documentation (content,
 * totalElements, totalPages, page, size; packages with id, orderNumber, shipmentPackageStatus,
 * totalAmount, lines with stockCode, productName, quantity, price; dates as Istanbul-wall-clock
 * epochs), the product query's 401 `SellerApiUserUnauthorizedException` and the order service's
 * 403 text/plain "Authentication failed".
 */
import { describe, expect, it } from 'vitest';
import { readAllOrders, rejection, useLocalMarketplace } from './connector-test-kit.ts';
import { n11Connector, n11FirstOrderMs, n11Statuses, n11WindowMs, parsePackages } from './n11.ts';
import { sendJson, sendText, type TestHandler } from './test-server.ts';

const credentials = { app_key: 'app-key-1', app_secret: 'app-secret-1' };

const marketplace = useLocalMarketplace();
const serve = (handler: TestHandler) => marketplace.serve(handler);

describe('n11 connector', () => {
  it('verifies with one product query and the appkey/appsecret headers', async () => {
    const ctx = await serve((_req, res) => sendJson(res, 200, { content: [], totalElements: 0, totalPages: 0 }));
    await expect(n11Connector.verify(credentials, ctx)).resolves.toEqual({});
    const [request] = marketplace.server.requests;
    expect(request!.path).toBe('/ms/product-query');
    expect(request!.query.get('page')).toBe('0');
    expect(request!.query.get('size')).toBe('1');
    expect(request!.headers.appkey).toBe('app-key-1');
    expect(request!.headers.appsecret).toBe('app-secret-1');
    expect(request!.headers.authorization).toBeUndefined();
  });

  it('maps 401 and a 403 naming the credentials to bad credentials; another 403 to forbidden', async () => {
    const ctx = await serve((req, res) => {
      if (req.headers.appsecret === 'wrong')
        sendJson(res, 401, { status: 401, error: 'Unauthorized', message: 'Invalid appKey or appSecret' });
      else if (req.headers.appsecret === 'words') sendJson(res, 403, { message: 'appKey or appSecret is invalid' });
      else sendJson(res, 403, { message: 'Access denied for this operation' });
    });
    const wrong = await rejection(n11Connector.verify({ ...credentials, app_secret: 'wrong' }, ctx));
    expect(wrong.kind).toBe('bad_credentials');
    expect(wrong.messageKey).toBe('marketplace_bad_credentials');
    expect((await rejection(n11Connector.verify({ ...credentials, app_secret: 'words' }, ctx))).kind).toBe('bad_credentials');
    expect((await rejection(n11Connector.verify(credentials, ctx))).kind).toBe('forbidden');
    expect(marketplace.server.requests).toHaveLength(3);
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
    expect(marketplace.server.requests).toHaveLength(2 + 3);
  });

  it('reports an unparseable order page as unexpected', async () => {
    const ctx = await serve((_req, res) => sendJson(res, 200, { result: 'ok' }));
    const error = await rejection(
      n11Connector.listOrders(credentials, { from: new Date(Date.now() - 86_400_000), to: new Date() }, null, ctx),
    );
    expect(error.kind).toBe('unexpected');
  });

  it('asks one status per request over 15-day windows, in Istanbul-wall-clock epochs, never for split parents', async () => {
    const to = Date.UTC(2026, 10, 20, 9, 0);
    const from = to - 20 * 86_400_000;
    const ctx = await serve((req, res) => {
      const status = req.query.get('status');
      const first = Number(req.query.get('startDate')) === from + 3 * 3_600_000;
      const content =
        status === 'Delivered' && first
          ? [
              {
                id: 501,
                orderNumber: '2011',
                orderDate: from + 3 * 3_600_000 + 60_000,
                shipmentPackageStatus: 'Delivered',
                totalAmount: 150,
                customerfullName: 'Ayşe Yılmaz',
                lines: [{ stockCode: 'A', productName: 'Ürün A', quantity: 2, price: 75 }],
              },
            ]
          : [];
      sendJson(res, 200, { content, totalElements: content.length, totalPages: content.length > 0 ? 1 : 0, page: 0, size: 100 });
    });
    const { orders } = await readAllOrders(n11Connector, credentials, { from: new Date(from), to: new Date(to) }, ctx);
    const asked = marketplace.server.requests.map((request) => request.query.get('status'));
    expect(new Set(asked)).toEqual(new Set(n11Statuses.map(([word]) => word)));
    expect(asked).not.toContain('UnPacked');
    expect(marketplace.server.requests).toHaveLength(n11Statuses.length * 2);
    for (const request of marketplace.server.requests) {
      expect(Number(request.query.get('endDate')) + 1 - Number(request.query.get('startDate'))).toBeLessThanOrEqual(n11WindowMs);
    }
    expect(orders).toEqual([
      {
        id: '501',
        orderNumber: '2011',
        orderedAt: new Date(from + 60_000).toISOString(),
        status: 'delivered',
        totalAmount: 15_000,
        currency: 'TRY',
        lines: [{ sku: 'A', name: 'Ürün A', quantity: 2, amount: 15_000 }],
      },
    ]);
  });

  it('maps the order service\'s 403 "Authentication failed" to bad credentials', async () => {
    const ctx = await serve((_req, res) => sendText(res, 403, 'Authentication failed', 'text/plain'));
    const error = await rejection(
      n11Connector.listOrders(credentials, { from: new Date(Date.now() - 86_400_000), to: new Date() }, null, ctx),
    );
    expect(error.kind).toBe('bad_credentials');
  });

  it('asks nothing before November 2024 and skips a Returned pass n11 refuses', async () => {
    const ctx = await serve((req, res) => {
      if (req.query.get('status') === 'Returned')
        return sendJson(res, 400, { status: 400, error: 'Bad Request', message: 'unknown status' });
      sendJson(res, 200, { content: [], totalElements: 0, totalPages: 0, page: 0, size: 100 });
    });
    const { calls } = await readAllOrders(
      n11Connector,
      credentials,
      { from: new Date(Date.UTC(2024, 0, 1)), to: new Date(n11FirstOrderMs + 10 * 86_400_000) },
      ctx,
    );
    expect(calls).toBe(n11Statuses.length);
    expect(Math.min(...marketplace.server.requests.map((request) => Number(request.query.get('startDate'))))).toBe(
      n11FirstOrderMs + 3 * 3_600_000,
    );
  });

  it('keeps each split package apart and drops buyer details', () => {
    const at = Date.UTC(2026, 10, 1, 12, 0);
    const { orders } = parsePackages(
      {
        content: [
          {
            id: 1,
            orderNumber: '9',
            orderDate: at,
            shipmentPackageStatus: 'Cancelled',
            totalAmount: 10,
            customerEmail: 'x@example.com',
            lines: [{ stockCode: 'A', quantity: 1, price: 10 }],
          },
          {
            id: 2,
            orderNumber: '9',
            orderDate: at,
            shipmentPackageStatus: 'Cancelled',
            totalAmount: 20,
            lines: [{ stockCode: 'B', quantity: 1, price: 20 }],
          },
        ],
        totalPages: 1,
      },
      'cancelled',
    );
    expect(orders.map((order) => [order.id, order.orderNumber, order.totalAmount])).toEqual([
      ['1', '9', 1_000],
      ['2', '9', 2_000],
    ]);
    expect(JSON.stringify(orders)).not.toContain('example.com');
  });
});

/*
 * Trendyol connector against a local server answering in Trendyol's shapes. The package payloads
 * follow the getShipmentPackages sample of Trendyol's developer documentation ("Sipariş Paketlerini
 * Çekme", order integration) with the field names renamed on 08.12.2025 (shipmentPackageId,
 * packageTotalPrice, packageGrossAmount, lineUnitPrice, lineGrossAmount, stockCode) and the paging
 * members of that sample (totalElements, totalPages, page, size, content). Error bodies follow the
 * documented `{timestamp, exception, errors:[{key, message}]}` shape.
 */
import { describe, expect, it } from 'vitest';
import { rejection, useLocalMarketplace } from './connector-test-kit.ts';
import { sendJson, sendText, type TestHandler } from './test-server.ts';
import { parsePackages, trendyolConnector, trendyolWindowMs, type TrendyolContext } from './trendyol.ts';
import { ConnectorError, type MarketplaceOrder } from './types.ts';

const credentials = { seller_id: '123456', api_key: 'key-1', api_secret: 'secret-1' };
const authFailure = {
  timestamp: 1_700_000_000_000,
  exception: 'ClientApiAuthenticationException',
  errors: [{ key: 'ClientApiAuthenticationException', message: 'Authentication failed', errorCode: null }],
};
const hour = 3_600_000;

const marketplace = useLocalMarketplace();
const serve = (handler: TestHandler, extra: Partial<TrendyolContext> = {}) => marketplace.serve<TrendyolContext>(handler, extra);

/** A package as getShipmentPackages returns it today (buyer fields included, as Trendyol sends them). */
function trendyolPackage(
  id: number,
  orderNumber: string,
  orderDate: number,
  status: string,
  lines: { sku: string; unit: number; quantity: number }[],
) {
  const total = lines.reduce((sum, line) => sum + line.unit * line.quantity, 0);
  return {
    shipmentPackageId: id,
    orderNumber,
    orderDate,
    packageGrossAmount: total,
    packageTotalDiscount: 0,
    packageTotalPrice: total,
    currencyCode: 'TRY',
    customerFirstName: 'Ayşe',
    customerLastName: 'Yılmaz',
    customerEmail: 'pf+123@trendyolmail.com',
    shipmentAddress: { city: 'İstanbul', district: 'Kadıköy', fullAddress: 'Moda Cd. No:1' },
    status,
    shipmentPackageStatus: status,
    lines: lines.map((line, index) => ({
      lineId: id * 10 + index,
      quantity: line.quantity,
      stockCode: line.sku,
      productName: `Ürün ${line.sku}`,
      lineUnitPrice: line.unit,
      lineGrossAmount: line.unit * line.quantity,
      currencyCode: 'TRY',
      orderLineItemStatusName: status,
    })),
    lastModifiedDate: orderDate,
  };
}

const pageOf = (content: unknown[], totalElements = content.length, page = 0, size = 200) => ({
  totalElements,
  totalPages: Math.ceil(totalElements / size),
  page,
  size,
  content,
});

describe('trendyol connector: verify', () => {
  it('verifies with an orders call of size 1 (not the hourly-limited addresses), Basic key:secret and the integrator User-Agent', async () => {
    const ctx = await serve((_req, res) => sendJson(res, 200, pageOf([])), { integratorName: 'WorqTrade' });
    await expect(trendyolConnector.verify(credentials, ctx)).resolves.toEqual({ sellerId: '123456' });
    const [request] = marketplace.server.requests;
    expect(request!.path).toBe('/integration/order/sellers/123456/orders');
    expect(request!.query.get('size')).toBe('1');
    expect(request!.headers.authorization).toBe(`Basic ${Buffer.from('key-1:secret-1').toString('base64')}`);
    expect(request!.headers['user-agent']).toBe('123456 - WorqTrade');
  });

  it('sends SelfIntegration when no integrator name is configured', async () => {
    const ctx = await serve((_req, res) => sendJson(res, 200, pageOf([])));
    await trendyolConnector.verify(credentials, ctx);
    expect(marketplace.server.requests[0]!.headers['user-agent']).toBe('123456 - SelfIntegration');
  });

  it('maps the 401 ClientApiAuthenticationException to bad credentials without retrying', async () => {
    const ctx = await serve((_req, res) => sendJson(res, 401, authFailure));
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

describe('trendyol connector: orders', () => {
  it('reads the renamed fields, takes 3 hours off the Istanbul-wall-clock orderDate and drops buyer details', () => {
    // 00:30 on 15 Nov 2026 in Istanbul, written as if it were UTC: the instant is 21:30 UTC on the 14th.
    const orderDate = Date.UTC(2026, 10, 15, 0, 30);
    const { orders } = parsePackages(
      pageOf([trendyolPackage(3_000_001, '10123', orderDate, 'Delivered', [{ sku: 'KOT-32', unit: 499.9, quantity: 2 }])]),
    );
    expect(orders).toEqual([
      {
        id: '3000001',
        orderNumber: '10123',
        orderedAt: '2026-11-14T21:30:00.000Z',
        status: 'delivered',
        totalAmount: 99_980,
        currency: 'TRY',
        lines: [{ sku: 'KOT-32', name: 'Ürün KOT-32', quantity: 2, amount: 99_980 }],
      },
    ]);
    expect(JSON.stringify(orders)).not.toMatch(/Ayşe|Yılmaz|trendyolmail|Moda/);
  });

  it('skips a split parent and keeps each of its packages once, the cancelled one as cancelled', () => {
    const at = Date.UTC(2026, 10, 10, 14, 0);
    const { orders } = parsePackages(
      pageOf([
        trendyolPackage(1, '777', at, 'UnPacked', [
          { sku: 'A', unit: 100, quantity: 1 },
          { sku: 'B', unit: 50, quantity: 1 },
        ]),
        trendyolPackage(2, '777', at, 'Cancelled', [{ sku: 'A', unit: 100, quantity: 1 }]),
        trendyolPackage(3, '777', at, 'Shipped', [{ sku: 'B', unit: 50, quantity: 1 }]),
      ]),
    );
    expect(orders.map((order) => [order.id, order.orderNumber, order.status, order.totalAmount])).toEqual([
      ['2', '777', 'cancelled', 10_000],
      ['3', '777', 'shipped', 5_000],
    ]);
  });

  it('refuses a page that still uses the old field names instead of guessing', () => {
    const old = {
      id: 1,
      orderNumber: '1',
      orderDate: Date.now(),
      totalPrice: 10,
      grossAmount: 10,
      shipmentPackageStatus: 'Delivered',
      lines: [],
    };
    expect(() => parsePackages(pageOf([old]))).toThrow(ConnectorError);
    expect(() => parsePackages({ content: 'nope' })).toThrow(ConnectorError);
  });

  it('walks 14-day windows page by page with a cursor and stops at the end of the range', async () => {
    const to = Date.now() - hour;
    const from = to - 20 * 86_400_000;
    const ctx = await serve(
      (req, res) => {
        const start = Number(req.query.get('startDate'));
        const end = Number(req.query.get('endDate'));
        expect(end - start).toBeLessThan(trendyolWindowMs);
        const page = Number(req.query.get('page'));
        // The first window has 250 packages (two pages), the second 1.
        const first = start === from;
        const total = first ? 250 : 1;
        const content = Array.from({ length: first ? (page === 0 ? 200 : 50) : 1 }, (_, index) =>
          trendyolPackage(
            page * 1000 + index + (first ? 0 : 900_000),
            `o${page}-${index}-${first}`,
            start + 3 * hour + 60_000,
            'Delivered',
            [{ sku: 'A', unit: 10, quantity: 1 }],
          ),
        );
        sendJson(res, 200, pageOf(content, total, page));
      },
      { historyDays: 90 },
    );
    const orders: MarketplaceOrder[] = [];
    let cursor: string | null = null;
    let calls = 0;
    do {
      const page = await trendyolConnector.listOrders(credentials, { from: new Date(from), to: new Date(to) }, cursor, ctx);
      orders.push(...page.orders);
      cursor = page.cursor;
      calls += 1;
    } while (cursor !== null && calls < 10);
    expect(orders).toHaveLength(251);
    expect(
      marketplace.server.requests.map((request) => [Number(request.query.get('startDate')) - from, request.query.get('page')]),
    ).toEqual([
      [0, '0'],
      [0, '1'],
      [trendyolWindowMs, '0'],
    ]);
  });

  it('halves a window with more than 10,000 packages until one query can hold it', async () => {
    const to = Date.now();
    const from = to - 10 * 86_400_000;
    const ctx = await serve((req, res) => {
      const span = Number(req.query.get('endDate')) - Number(req.query.get('startDate'));
      sendJson(res, 200, pageOf([], span > 3 * 86_400_000 ? 12_000 : 4_000));
    });
    const page = await trendyolConnector.listOrders(credentials, { from: new Date(from), to: new Date(to) }, null, ctx);
    expect(page.cursor).not.toBeNull();
    const spans = marketplace.server.requests.map(
      (request) => Number(request.query.get('endDate')) + 1 - Number(request.query.get('startDate')),
    );
    expect(spans[0]).toBe(10 * 86_400_000);
    expect(spans.at(-1)).toBeLessThanOrEqual(3 * 86_400_000);
  });

  it('reads no further back than the configured history', async () => {
    const to = Date.now();
    const ctx = await serve((_req, res) => sendJson(res, 200, pageOf([])), { historyDays: 30 });
    await trendyolConnector.listOrders(credentials, { from: new Date(to - 365 * 86_400_000), to: new Date(to) }, null, ctx);
    expect(to - Number(marketplace.server.requests[0]!.query.get('startDate'))).toBeLessThanOrEqual(30 * 86_400_000 + 1000);
  });
});

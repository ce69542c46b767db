/*
 * Hepsiburada connector against a local server answering in the shapes of hepsiburada-schema.ts:
 * verification, errors and pacing, and one test per fix of issue 33 (each fails on the connector
 * before it): the packed list's bare array of at most 10, thin shipped/delivered rows completed by
 * the order detail, no filter by order date, the paid list's `merchantSKU`/`name` and lines
 * straddling pages, and rows that cannot be classified kept as `other`.
 */
import { describe, expect, it } from 'vitest';
import { expectedLine, expectedOrder, readAllOrders, rejection, useLocalMarketplace } from './connector-test-kit.ts';
import {
  defaultUserAgent,
  hepsiburadaConnector,
  istanbulInstant,
  istanbulMinute,
  listingBaseUrl,
  type HepsiburadaContext,
} from './hepsiburada.ts';
import { createConnectorRegistry } from './registry.ts';
import { sendJson, sendText, type TestHandler, type TestRequest } from './test-server.ts';

const credentials = { merchant_id: 'b2c-merchant-1', service_key: 'svc-key' };

const marketplace = useLocalMarketplace();
const serve = (handler: TestHandler) => marketplace.serve<HepsiburadaContext>(handler, { requestBudget: null });
const allOrders = async (range: { from: Date; to: Date }, ctx: HepsiburadaContext) =>
  (await readAllOrders(hepsiburadaConnector, credentials, range, ctx)).orders;

describe('hepsiburada connector', () => {
  it('verifies with one listing, Basic merchantId:serviceKey and the integrator User-Agent', async () => {
    const ctx = await serve((_req, res) => sendJson(res, 200, { totalCount: 1, limit: 1, offset: 0, listings: [] }));
    await expect(hepsiburadaConnector.verify(credentials, ctx)).resolves.toEqual({ merchantId: 'b2c-merchant-1' });
    const [request] = marketplace.server.requests;
    expect(request!.path).toBe('/listings/merchantid/b2c-merchant-1');
    expect(request!.query.get('offset')).toBe('0');
    expect(request!.query.get('limit')).toBe('1');
    expect(request!.headers.authorization).toBe(`Basic ${Buffer.from('b2c-merchant-1:svc-key').toString('base64')}`);
    expect(request!.headers['user-agent']).toBe(defaultUserAgent);
  });

  it('sends the configured integrator User-Agent instead of the default', async () => {
    const ctx: HepsiburadaContext = { ...(await serve((_req, res) => sendJson(res, 200, { listings: [] }))), userAgent: 'acme_integrator' };
    await hepsiburadaConnector.verify(credentials, ctx);
    expect(marketplace.server.requests[0]!.headers['user-agent']).toBe('acme_integrator');
  });

  it('gets HEPSIBURADA_USER_AGENT from the configuration through the registry', () => {
    const config = {
      marketplaceMode: 'live' as const,
      marketplaceBaseUrls: {},
      publicUrl: 'http://localhost:8080',
      amazon: { lwaClientId: undefined, lwaClientSecret: undefined, applicationId: undefined, defaultRegion: 'EU' as const },
    };
    const configured = createConnectorRegistry({ config: { ...config, hepsiburadaUserAgent: 'acme_integrator' } });
    expect((configured.context('hepsiburada') as HepsiburadaContext).userAgent).toBe('acme_integrator');
    expect(createConnectorRegistry({ config }).context('trendyol')).not.toHaveProperty('userAgent');
  });

  it('derives the live listings host from the live orders host only', () => {
    expect(listingBaseUrl('https://oms-external.hepsiburada.com')).toBe('https://listing-external.hepsiburada.com');
    expect(listingBaseUrl('https://oms-external-sit.hepsiburada.com')).toBe('https://listing-external-sit.hepsiburada.com');
    expect(listingBaseUrl('http://127.0.0.1:8080/sandbox/hepsiburada')).toBe('http://127.0.0.1:8080/sandbox/hepsiburada');
  });

  it('maps 401 to bad credentials without retrying', async () => {
    const ctx = await serve((_req, res) => sendJson(res, 401, { message: 'Unauthorized' }));
    const error = await rejection(hepsiburadaConnector.verify(credentials, ctx));
    expect(error.kind).toBe('bad_credentials');
    expect(error.messageKey).toBe('marketplace_bad_credentials');
    expect(marketplace.server.requests).toHaveLength(1);
  });

  it('maps 403 to forbidden', async () => {
    const ctx = await serve((_req, res) => sendJson(res, 403, { message: 'Forbidden' }));
    expect((await rejection(hepsiburadaConnector.verify(credentials, ctx))).kind).toBe('forbidden');
  });

  it('retries after a 429 and then succeeds', async () => {
    let calls = 0;
    const ctx = await serve((_req, res) => {
      calls += 1;
      if (calls === 1) sendJson(res, 429, { message: 'TooManyRequest' }, { 'retry-after': '0' });
      else sendJson(res, 200, { totalCount: 0, limit: 1, offset: 0, listings: [] });
    });
    await expect(hepsiburadaConnector.verify(credentials, ctx)).resolves.toEqual({ merchantId: 'b2c-merchant-1' });
    expect(marketplace.server.requests).toHaveLength(2);
  });

  it('reports unavailable after every retry answered 5xx, and unexpected for a non-JSON body', async () => {
    const ctx = await serve((_req, res) => sendText(res, 502, 'Bad Gateway'));
    expect((await rejection(hepsiburadaConnector.verify(credentials, ctx))).kind).toBe('unavailable');
    expect(marketplace.server.requests).toHaveLength(3);
    await marketplace.server.close();
    const ctx2 = await serve((_req, res) => sendText(res, 200, 'OK'));
    expect((await rejection(hepsiburadaConnector.verify(credentials, ctx2))).kind).toBe('unexpected');
  });

  it('maps a 429 past its retries to rate limited, resuming after X-RateLimit-Reset', async () => {
    const ctx = await serve((_req, res) =>
      sendJson(
        res,
        429,
        { message: 'TooManyRequest' },
        { 'x-ratelimit-limit': '1000', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '3' },
      ),
    );
    const error = await rejection(hepsiburadaConnector.listOrders(credentials, dayRange, null, { ...ctx, retries: 0 }));
    expect([error.kind, error.options.retryAfterMs]).toEqual(['rate_limited', 3_000]);
  });

  it('paces the calls of one merchant to the configured budget', async () => {
    const ctx = await serve(emptyLists);
    const started = Date.now();
    await allOrders(dayRange, { ...ctx, requestBudget: { requests: 2, perMs: 300 } });
    // Six lists, one window each: at most two calls in any 300 ms.
    expect(marketplace.server.requests).toHaveLength(6);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2 * 300);
  });

  it('reads the packed list as a bare array of at most 10 packages, by Offset', async () => {
    const packages = Array.from({ length: 13 }, (_, index) => ({
      packageNumber: `P-${index}`,
      status: 'Open',
      orderDate: '2026-10-02T09:00:00',
      items: [packageLine(`O-${index}`, 'SKU-1', 1, 10)],
    }));
    const ctx = await serve((req, res) => {
      if (req.path !== `${base}`.replace('/orders/', '/packages/')) return emptyLists(req, res);
      const offset = Number(req.query.get('Offset'));
      sendJson(res, 200, packages.slice(offset, offset + Number(req.query.get('limit'))));
    });
    const orders = await allOrders(dayRange, ctx);
    const calls = marketplace.server.requests.filter((request) => request.path === `/packages/merchantid/${merchant}`);
    expect(calls.map((request) => [request.query.get('Offset'), request.query.get('limit'), request.query.get('offset')])).toEqual([
      ['0', '10', null],
      ['10', '10', null],
    ]);
    expect(orders.map((order) => [order.id, order.status, order.totalAmount])).toEqual(
      packages.map((_, index) => [`O-${index}`, 'preparing', 1_000]),
    );
  });

  it('completes thin shipped and delivered rows from the order detail, joined by order number', async () => {
    const ctx = await serve((req, res) => {
      if (req.path === `${base}/ordernumber/O-S`) return sendJson(res, 200, detail('O-S', '2026-09-20T14:00:00', [['SKU-9', 2, 399.8]]));
      if (req.path.endsWith('/shipped'))
        return sendJson(res, 200, events([{ OrderNumber: 'O-S', PackageNumber: 'P-S', ShippedDate: '2026-10-02T10:00:00' }]));
      if (req.path.endsWith('/delivered'))
        return sendJson(
          res,
          200,
          events([{ OrderNumber: 'O-S', OrderNumbers: ['O-S'], PackageNumber: 'P-S', DeliveredDate: '2026-10-02T18:00:00' }]),
        );
      emptyLists(req, res);
    });
    const orders = await allOrders(dayRange, ctx);
    const expected = (status: string) => ({
      id: 'O-S',
      orderNumber: 'O-S',
      // Placed twelve days before the window: kept, never filtered by the order date.
      orderedAt: '2026-09-20T11:00:00.000Z',
      status,
      totalAmount: 39_980,
      currency: 'TRY',
      lines: [{ sku: 'SKU-9', name: 'Ürün SKU-9', quantity: 2, amount: 39_980 }],
    });
    expect(orders).toEqual([expected('shipped'), expected('delivered')]);
  });

  it('reads paid lines by merchantSKU and name, and joins an order whose lines straddle two pages', async () => {
    // 150 lines (totalCount counts lines): order O-99 has lines at offsets 99 and 100.
    const lines = Array.from({ length: 150 }, (_, index) => {
      const number = index === 100 ? 99 : index;
      return orderLine(`O-${number}`, `SKU-${index}`, 1, 10, '2026-10-02T12:00:00', `L-${index}`);
    });
    const ctx = await serve((req, res) => {
      if (req.path !== base) return emptyLists(req, res);
      const offset = Number(req.query.get('offset'));
      sendJson(res, 200, { items: lines.slice(offset, offset + 100), limit: 100, offset, pageCount: 2, totalCount: lines.length });
    });
    const orders = await allOrders(dayRange, ctx);
    expect(orders).toHaveLength(149);
    expect(orders.filter((order) => order.id === 'O-99')).toEqual([
      expectedOrder('O-99', '2026-10-02T09:00:00.000Z', 'created', 2_000, [
        expectedLine('SKU-99', 'Ürün SKU-99', 1, 1_000),
        expectedLine('SKU-100', 'Ürün SKU-100', 1, 1_000),
      ]),
    ]);
  });

  it('asks every list in 24-hour Istanbul windows, the next window starting where the last ended', async () => {
    const ctx = await serve(emptyLists);
    // From 00:00:30 on 2 October: the window starts on the whole minute, and ends on the range's end.
    await allOrders({ from: new Date(Date.UTC(2026, 9, 1, 21, 0, 30)), to: new Date(Date.UTC(2026, 9, 3, 21, 0)) }, ctx);
    const windows = marketplace.server.requests
      .filter((request) => request.path === `${base}/cancelled`)
      .map((request) => [request.query.get('begindate'), request.query.get('enddate'), request.query.get('limit')]);
    expect(windows).toEqual([
      ['2026-10-02 00:00', '2026-10-03 00:00', '50'],
      ['2026-10-03 00:00', '2026-10-04 00:00', '50'],
    ]);
  });

  it('keeps rows it cannot classify as other and never aborts: unknown words, empty numbers, missing fields, unknown orders', async () => {
    const ctx = await serve((req, res) => {
      if (req.path === base) return sendJson(res, 200, { items: [{ orderNumber: 'O-BARE', merchantSKU: 'SKU-1' }], totalCount: 1 });
      if (req.path === base.replace('/orders/', '/packages/'))
        return sendJson(res, 200, [{ status: 'AwaitingSomethingNew', items: [packageLine('O-NEW', 'SKU-2', 1, 5)] }]);
      if (req.path.endsWith('/shipped'))
        return sendJson(
          res,
          200,
          events([{ OrderNumber: '', PackageNumber: 'P-EMPTY', ShippedDate: '2026-10-02T10:00:00' }, { OrderNumber: 'O-GONE' }]),
        );
      if (req.path.endsWith('/ordernumber/O-GONE')) return sendJson(res, 404, { message: 'Order not found' });
      emptyLists(req, res);
    });
    const orders = await allOrders(dayRange, ctx);
    const windowStart = '2026-10-01T21:00:00.000Z';
    expect(orders.map((order) => [order.id, order.status, order.orderedAt, order.totalAmount])).toEqual([
      ['O-BARE', 'created', windowStart, 0],
      ['O-NEW', 'other', '2026-10-02T06:00:00.000Z', 500],
      ['package:P-EMPTY', 'other', '2026-10-02T07:00:00.000Z', 0],
      ['O-GONE', 'other', windowStart, 0],
    ]);
    expect(orders[0]!.lines).toEqual([{ sku: 'SKU-1', name: 'SKU-1', quantity: 0, amount: 0 }]);
  });

  it('takes cancelled lines out of the order detail: a fully cancelled order is cancelled, a partly cancelled one keeps its live lines', async () => {
    const ctx = await serve((req, res) => {
      if (req.path.endsWith('/cancelled'))
        return sendJson(
          res,
          200,
          events([
            { orderNumber: 'O-ALL', lineItemId: 'A1', merchantSku: 'SKU-A', quantity: 1, cancelDate: '2026-10-02T11:00:00' },
            { orderNumber: 'O-PART', lineItemId: 'B2', merchantSku: 'SKU-C', quantity: 1, cancelDate: '2026-10-02T12:00:00' },
          ]),
        );
      if (req.path.endsWith('/ordernumber/O-ALL'))
        return sendJson(res, 200, detail('O-ALL', '2026-10-02T10:00:00', [['SKU-A', 1, 50, 'A1', 'CancelledByCustomer']]));
      if (req.path.endsWith('/ordernumber/O-PART'))
        return sendJson(
          res,
          200,
          detail('O-PART', '2026-10-01T10:00:00', [
            ['SKU-B', 1, 30, 'B1', 'Packaged'],
            ['SKU-C', 2, 40, 'B2', 'Packaged'],
          ]),
        );
      emptyLists(req, res);
    });
    const orders = await allOrders(dayRange, ctx);
    expect(
      orders.map((order) => [order.id, order.status, order.totalAmount, order.lines.map((line) => [line.sku, line.quantity, line.amount])]),
    ).toEqual([
      ['O-ALL', 'cancelled', 5_000, [['SKU-A', 1, 5_000]]],
      // One of the two SKU-C was cancelled: 40.00 for two → 20.00 for the one left.
      [
        'O-PART',
        'preparing',
        5_000,
        [
          ['SKU-B', 1, 3_000],
          ['SKU-C', 1, 2_000],
        ],
      ],
    ]);
  });

  it('reads unzoned dates as Istanbul time, to the millisecond whatever the decimals, and zoned ones as they are', () => {
    expect(new Date(istanbulInstant('2020-06-24T10:36:53.593')).toISOString()).toBe('2020-06-24T07:36:53.593Z');
    expect(new Date(istanbulInstant('2019-10-31T10:03:21.7955751')).toISOString()).toBe('2019-10-31T07:03:21.795Z');
    expect(new Date(istanbulInstant('2019-01-18T00:00:00')).toISOString()).toBe('2019-01-17T21:00:00.000Z');
    expect(new Date(istanbulInstant('2020-06-24T10:36:53Z')).toISOString()).toBe('2020-06-24T10:36:53.000Z');
    expect(istanbulInstant('24/06/2020')).toBeNaN();
  });

  it('formats Istanbul minutes the way Hepsiburada reads them', () => {
    expect(istanbulMinute(Date.UTC(2026, 0, 31, 22, 5, 59))).toBe('2026-02-01 01:05');
  });
});

const merchant = credentials.merchant_id;
const base = `/orders/merchantid/${merchant}`;
/** 2 October 2026 in Istanbul. */
const dayRange = { from: new Date(Date.UTC(2026, 9, 1, 21, 0)), to: new Date(Date.UTC(2026, 9, 2, 21, 0)) };

/** Every list empty, in its own shape. */
function emptyLists(req: TestRequest, res: Parameters<TestHandler>[1]): void {
  if (req.path === `/packages/merchantid/${merchant}`) return sendJson(res, 200, []);
  sendJson(res, 200, events([]));
}

function events(items: object[]) {
  return { items, limit: 50, offset: 0, pageCount: items.length ? 1 : 0, totalCount: items.length };
}

function packageLine(orderNumber: string, sku: string, quantity: number, total: number) {
  return {
    lineItemId: `${orderNumber}-${sku}`,
    orderNumber,
    orderDate: '2026-10-02T09:00:00',
    merchantSku: sku,
    productName: `Ürün ${sku}`,
    quantity,
    price: { currency: 'TRY', amount: total / quantity },
    totalPrice: { currency: 'TRY', amount: total },
    customerName: 'Ayşe Yılmaz',
  };
}

function orderLine(orderNumber: string, sku: string, quantity: number, total: number, orderDate: string, id: string, status = 'Open') {
  return {
    id,
    orderNumber,
    orderDate,
    status,
    merchantSKU: sku,
    name: `Ürün ${sku}`,
    quantity,
    unitPrice: { currency: 'TRY', amount: total / quantity },
    totalPrice: { currency: 'TRY', amount: total },
    customerName: 'Ayşe Yılmaz',
  };
}

function detail(orderNumber: string, orderDate: string, lines: [string, number, number, string?, string?][]) {
  return {
    orderNumber,
    orderDate,
    items: lines.map(([sku, quantity, total, id, status]) =>
      orderLine(orderNumber, sku, quantity, total, orderDate, id ?? `${orderNumber}-${sku}`, status ?? 'InTransit'),
    ),
  };
}

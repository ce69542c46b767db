/*
 * Hepsiburada connector against a local server answering in the merchant API's shapes: order-line
 * items as in the "Sipariş Listeleme" samples of Hepsiburada's merchant API documentation
 * (orderNumber, orderDate as an unzoned Istanbul string such as `2026-06-24T10:36:53.593`,
 * merchantSku, quantity, totalPrice {currency, amount}) under {totalCount, limit, offset, pageCount,
 * items}; package lists carry packages with their lines (field names of packages unconfirmed).
 */
import { describe, expect, it } from 'vitest';
import { readAllOrders, rejection, useLocalMarketplace } from './connector-test-kit.ts';
import {
  defaultUserAgent,
  hepsiburadaConnector,
  hepsiburadaLists,
  istanbulInstant,
  istanbulMinute,
  listingBaseUrl,
  type HepsiburadaContext,
} from './hepsiburada.ts';
import { createConnectorRegistry } from './registry.ts';
import { sendJson, sendText, type TestHandler } from './test-server.ts';
import type { ConnectorContext } from './types.ts';

const credentials = { merchant_id: 'b2c-merchant-1', service_key: 'svc-key' };
const hour = 3_600_000;

const marketplace = useLocalMarketplace();
const serve = (handler: TestHandler) => marketplace.serve(handler);
const allOrders = async (range: { from: Date; to: Date }, ctx: ConnectorContext) =>
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

  it('reads the backlog, packed, shipped, delivered and cancelled lists in 24-hour Istanbul windows, by offset', async () => {
    const from = Date.UTC(2026, 9, 1, 21, 0); // 2 October 00:00 in Istanbul
    const to = from + 2 * 24 * hour;
    const line = (orderNumber: string, orderDate: string, status: string, amount: number, sku = 'SKU-1') => ({
      lineItemId: `${orderNumber}-${sku}`,
      orderNumber,
      orderDate,
      status,
      merchantSku: sku,
      productName: `Ürün ${sku}`,
      quantity: 1,
      totalPrice: { currency: 'TRY', amount },
      customerName: 'Ayşe Yılmaz',
    });
    // The backlog of 2 October: 150 lines (two offset pages); order O-0 has two lines.
    const backlog = Array.from({ length: 150 }, (_, index) =>
      line(
        index === 1 ? 'O-0' : `O-${index}`,
        `2026-10-02T${String(Math.floor(index / 60)).padStart(2, '0')}:${String(index % 60).padStart(2, '0')}:00.000`,
        'Open',
        100.5,
        index === 1 ? 'SKU-2' : 'SKU-1',
      ),
    );
    const ctx = await serve((req, res) => {
      const offset = Number(req.query.get('offset'));
      const limit = Number(req.query.get('limit'));
      const day1 = req.query.get('begindate')!.startsWith('2026-10-02');
      let items: unknown[] = [];
      if (req.path === '/orders/merchantid/b2c-merchant-1' && day1) items = backlog;
      if (req.path === '/packages/merchantid/b2c-merchant-1/delivered' && !day1) {
        // 23:30 on 3 October in Istanbul, unzoned: 20:30 UTC.
        items = [
          {
            packageNumber: 'P-1',
            status: 'Delivered',
            orderDate: '2026-10-03T23:30:00.000',
            lines: [line('O-D', '2026-10-03T23:30:00.000', 'Delivered', 1_250)],
          },
        ];
      }
      if (req.path === '/orders/merchantid/b2c-merchant-1/cancelled' && !day1)
        items = [line('O-C', '2026-10-03T08:00:00', 'CancelledByCustomer', 99)];
      sendJson(res, 200, {
        totalCount: items.length,
        limit,
        offset,
        pageCount: Math.ceil(items.length / limit),
        items: items.slice(offset, offset + limit),
      });
    });
    const orders = await allOrders({ from: new Date(from), to: new Date(to) }, ctx);
    const backlogCalls = marketplace.server.requests.filter((request) => request.path === '/orders/merchantid/b2c-merchant-1');
    expect(
      backlogCalls.map((request) => [
        request.query.get('begindate'),
        request.query.get('enddate'),
        request.query.get('offset'),
        request.query.get('limit'),
      ]),
    ).toEqual([
      ['2026-10-02 00:00', '2026-10-02 23:59', '0', '100'],
      ['2026-10-02 00:00', '2026-10-02 23:59', '100', '100'],
      ['2026-10-03 00:00', '2026-10-03 23:59', '0', '100'],
    ]);
    expect(new Set(marketplace.server.requests.map((request) => request.path))).toEqual(
      new Set(hepsiburadaLists.map((list) => list.path.replace('{id}', 'b2c-merchant-1'))),
    );
    expect(orders).toHaveLength(149 + 2);
    expect(orders.find((order) => order.id === 'O-0')).toMatchObject({
      totalAmount: 20_100,
      status: 'created',
      lines: [{ sku: 'SKU-1' }, { sku: 'SKU-2' }],
    });
    expect(orders.find((order) => order.id === 'O-D')).toEqual({
      id: 'O-D',
      orderNumber: 'O-D',
      orderedAt: '2026-10-03T20:30:00.000Z',
      status: 'delivered',
      totalAmount: 125_000,
      currency: 'TRY',
      lines: [{ sku: 'SKU-1', name: 'Ürün SKU-1', quantity: 1, amount: 125_000 }],
    });
    expect(orders.find((order) => order.id === 'O-C')).toMatchObject({ status: 'cancelled', orderedAt: '2026-10-03T05:00:00.000Z' });
    expect(JSON.stringify(orders)).not.toContain('Ayşe');
  });

  it('starts windows on whole minutes, so the 24-hour cap never hides the seconds at a window edge', async () => {
    // A sync range rarely starts on a whole minute. Hepsiburada reads begindate/enddate to the
    // minute and answers at most 24 hours from begindate (MARKETPLACES.md); this server does both.
    const from = Date.UTC(2026, 9, 1, 21, 0, 30); // 2 October 00:00:30 in Istanbul
    const to = from + 2 * 24 * hour;
    const orderAt = (orderNumber: string, at: string) => ({
      orderNumber,
      orderDate: at,
      status: 'Open',
      merchantSku: 'SKU-1',
      quantity: 1,
      totalPrice: { currency: 'TRY', amount: 10 },
    });
    const all = [
      orderAt('BEFORE-RANGE', '2026-10-02T00:00:10'),
      orderAt('AT-EDGE', '2026-10-03T00:00:10'),
      orderAt('LATER', '2026-10-03T12:00:00'),
    ];
    const ctx = await serve((req, res) => {
      const begin = istanbulInstant(`${req.query.get('begindate')!.replace(' ', 'T')}:00`);
      const end = Math.min(istanbulInstant(`${req.query.get('enddate')!.replace(' ', 'T')}:00`) + 60_000, begin + 24 * hour);
      const items =
        req.path === '/orders/merchantid/b2c-merchant-1'
          ? all.filter((item) => istanbulInstant(item.orderDate) >= begin && istanbulInstant(item.orderDate) < end)
          : [];
      sendJson(res, 200, { totalCount: items.length, limit: 100, offset: 0, pageCount: 1, items });
    });
    const orders = await allOrders({ from: new Date(from), to: new Date(to) }, ctx);
    expect(orders.map((order) => order.id).sort()).toEqual(['AT-EDGE', 'LATER']);
    const backlogCalls = marketplace.server.requests.filter((request) => request.path === '/orders/merchantid/b2c-merchant-1');
    expect(backlogCalls.map((request) => request.query.get('begindate'))).toEqual([
      '2026-10-02 00:00',
      '2026-10-03 00:00',
      '2026-10-04 00:00',
    ]);
  });

  it('reads unzoned dates as Istanbul time and zoned ones as they are', () => {
    expect(new Date(istanbulInstant('2020-06-24T10:36:53.593')).toISOString()).toBe('2020-06-24T07:36:53.593Z');
    expect(new Date(istanbulInstant('2020-06-24T10:36:53Z')).toISOString()).toBe('2020-06-24T10:36:53.000Z');
  });

  it('formats Istanbul minutes the way Hepsiburada reads them', () => {
    expect(istanbulMinute(Date.UTC(2026, 0, 31, 22, 5, 59))).toBe('2026-02-01 01:05');
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { defaultUserAgent, hepsiburadaConnector, listingBaseUrl, turkeyMinute, type HepsiburadaContext } from './hepsiburada.ts';
import { createConnectorRegistry } from './registry.ts';
import { sendJson, sendText, startTestServer, type TestHandler, type TestServer } from './test-server.ts';
import { ConnectorError, type ConnectorContext, type MarketplaceOrder } from './types.ts';

const credentials = { merchant_id: 'b2c-merchant-1', service_key: 'svc-key' };
const hour = 3_600_000;

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

async function allOrders(range: { from: Date; to: Date }, ctx: ConnectorContext): Promise<MarketplaceOrder[]> {
  const orders: MarketplaceOrder[] = [];
  let page: number | null = 0;
  while (page !== null) {
    const result: { orders: MarketplaceOrder[]; nextPage: number | null } = await hepsiburadaConnector.listOrders(credentials, range, page, ctx);
    orders.push(...result.orders);
    page = result.nextPage;
  }
  return orders;
}

describe('hepsiburada connector', () => {
  it('verifies with one listing, Basic merchantId:serviceKey and the integrator User-Agent', async () => {
    const ctx = await serve((_req, res) => sendJson(res, 200, { totalCount: 1, limit: 1, offset: 0, listings: [] }));
    await expect(hepsiburadaConnector.verify(credentials, ctx)).resolves.toEqual({ merchantId: 'b2c-merchant-1' });
    const [request] = server!.requests;
    expect(request!.path).toBe('/listings/merchantid/b2c-merchant-1');
    expect(request!.query.get('offset')).toBe('0');
    expect(request!.query.get('limit')).toBe('1');
    expect(request!.headers.authorization).toBe(`Basic ${Buffer.from('b2c-merchant-1:svc-key').toString('base64')}`);
    expect(request!.headers['user-agent']).toBe(defaultUserAgent);
  });

  it('sends the configured integrator User-Agent instead of the default', async () => {
    const ctx: HepsiburadaContext = { ...(await serve((_req, res) => sendJson(res, 200, { listings: [] }))), userAgent: 'acme_integrator' };
    await hepsiburadaConnector.verify(credentials, ctx);
    expect(server!.requests[0]!.headers['user-agent']).toBe('acme_integrator');
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
    expect(server!.requests).toHaveLength(1);
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
    expect(server!.requests).toHaveLength(2);
  });

  it('reports unavailable after every retry answered 5xx, and unexpected for a non-JSON body', async () => {
    const ctx = await serve((_req, res) => sendText(res, 502, 'Bad Gateway'));
    expect((await rejection(hepsiburadaConnector.verify(credentials, ctx))).kind).toBe('unavailable');
    expect(server!.requests).toHaveLength(3);
    await server!.close();
    const ctx2 = await serve((_req, res) => sendText(res, 200, 'OK'));
    expect((await rejection(hepsiburadaConnector.verify(credentials, ctx2))).kind).toBe('unexpected');
  });

  it('walks 24-hour windows and offsets, sending Turkey-time minutes, merging lines of one order', async () => {
    const from = Date.UTC(2026, 9, 1, 21, 0); // 2 October 00:00 in Turkey
    const to = from + 2 * 24 * hour;
    // 150 lines on the first day (two offset pages), 3 on the second; order A has two lines.
    const day1 = Array.from({ length: 150 }, (_, index) => ({
      id: `line-${index}`,
      orderNumber: index === 1 ? 'ORDER-0' : `ORDER-${index}`,
      orderDate: new Date(from + index * 60_000).toISOString(),
      status: 'Delivered',
      quantity: 1,
      totalPrice: { currency: 'TRY', amount: 100.5 },
    }));
    const day2 = Array.from({ length: 3 }, (_, index) => ({
      id: `line-b${index}`,
      orderNumber: `ORDER-B${index}`,
      orderDate: new Date(from + 24 * hour + index * hour).toISOString(),
      status: 'Open',
      quantity: 2,
      totalPrice: { currency: 'TRY', amount: 1_250 },
    }));
    const ctx = await serve((req, res) => {
      const items = req.query.get('begindate')!.startsWith('2026-10-02') ? day1 : day2;
      const offset = Number(req.query.get('offset'));
      const limit = Number(req.query.get('limit'));
      sendJson(res, 200, { totalCount: items.length, limit, offset, pageCount: Math.ceil(items.length / limit), items: items.slice(offset, offset + limit) });
    });
    const orders = await allOrders({ from: new Date(from), to: new Date(to) }, ctx);
    const sent = server!.requests.map((request) => [request.path, request.query.get('begindate'), request.query.get('enddate'), request.query.get('offset'), request.query.get('limit')]);
    expect(sent).toEqual([
      ['/orders/merchantid/b2c-merchant-1', '2026-10-02 00:00', '2026-10-02 23:59', '0', '100'],
      ['/orders/merchantid/b2c-merchant-1', '2026-10-02 00:00', '2026-10-02 23:59', '100', '100'],
      ['/orders/merchantid/b2c-merchant-1', '2026-10-03 00:00', '2026-10-03 23:59', '0', '100'],
    ]);
    expect(orders).toHaveLength(149 + 3);
    expect(orders.find((order) => order.id === 'ORDER-0')).toMatchObject({ totalAmount: 20_100, itemCount: 2, status: 'delivered' });
    expect(orders.find((order) => order.id === 'ORDER-B1')).toEqual({
      id: 'ORDER-B1',
      orderedAt: new Date(from + 25 * hour).toISOString(),
      totalAmount: 125_000,
      currency: 'TRY',
      status: 'created',
      itemCount: 2,
    });
  });

  it('formats Turkey-time minutes the way Hepsiburada reads them', () => {
    expect(turkeyMinute(Date.UTC(2026, 0, 31, 22, 5, 59))).toBe('2026-02-01 01:05');
  });
});

import Fastify, { type FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hepsiburadaConnector } from '../hepsiburada.ts';
import { n11Connector } from '../n11.ts';
import { trendyolConnector } from '../trendyol.ts';
import { ConnectorError, type Connector, type ConnectorContext, type Credentials, type MarketplaceOrder } from '../types.ts';
import { hepsiburadaSandbox } from './hepsiburada.ts';
import { n11Sandbox } from './n11.ts';
import { sandboxOrders } from './orders.ts';
// Çiçeksepeti, Amazon and Ticimax: round trips and rules in sandbox/{ciceksepeti,amazon,ticimax}.test.ts.
import { trendyolSandbox } from './trendyol.ts';

const dayMs = 86_400_000;
let app: FastifyInstance;
let origin: string;

beforeAll(async () => {
  app = Fastify();
  await app.register(trendyolSandbox, { prefix: '/sandbox/trendyol', delayMs: 0 });
  await app.register(hepsiburadaSandbox, { prefix: '/sandbox/hepsiburada', delayMs: 0 });
  await app.register(n11Sandbox, { prefix: '/sandbox/n11', delayMs: 0 });
  await app.listen({ host: '127.0.0.1', port: 0 });
  origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await app.close();
});

function ctx(code: string): ConnectorContext {
  return { baseUrl: `${origin}/sandbox/${code}`, retries: 0, timeoutMs: 5_000 };
}

async function allOrders(connector: Connector, credentials: Credentials, range: { from: Date; to: Date }): Promise<MarketplaceOrder[]> {
  const orders: MarketplaceOrder[] = [];
  let page: number | null = 0;
  while (page !== null) {
    const result: { orders: MarketplaceOrder[]; nextPage: number | null } = await connector.listOrders(credentials, range, page, ctx(connector.code));
    orders.push(...result.orders);
    page = result.nextPage;
  }
  return orders;
}

/** Status depends on the clock at generation; everything else must match exactly. */
function comparable(orders: MarketplaceOrder[]) {
  return orders.map(({ status: _status, ...rest }) => rest).sort((a, b) => a.orderedAt.localeCompare(b.orderedAt) || a.id.localeCompare(b.id));
}

const cases: Array<{ connector: Connector; good: Credentials; bad: Credentials; storeKey: string; days: number }> = [
  {
    connector: trendyolConnector,
    good: { seller_id: '987654', api_key: 'sandbox', api_secret: 'sandbox' },
    bad: { seller_id: '987654', api_key: 'sandbox', api_secret: 'nope' },
    storeKey: 'trendyol:987654',
    days: 20,
  },
  {
    connector: hepsiburadaConnector,
    good: { merchant_id: 'merchant-42', service_key: 'sandbox' },
    bad: { merchant_id: 'merchant-42', service_key: 'wrong' },
    storeKey: 'hepsiburada:merchant-42',
    days: 3,
  },
  {
    connector: n11Connector,
    good: { app_key: 'any-app-key', app_secret: 'sandbox' },
    bad: { app_key: 'any-app-key', app_secret: 'secret?' },
    storeKey: 'n11:any-app-key',
    days: 20,
  },
];

describe.each(cases)('$connector.code sandbox', ({ connector, good, bad, storeKey, days }) => {
  it('accepts the sandbox secret with any store id', async () => {
    await expect(connector.verify(good, ctx(connector.code))).resolves.toBeDefined();
  });

  it('answers other secrets like the marketplace answers bad credentials', async () => {
    const error = await connector.verify(bad, ctx(connector.code)).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ConnectorError);
    expect((error as ConnectorError).kind).toBe('bad_credentials');
    expect((error as ConnectorError).messageKey).toBe('marketplace_bad_credentials');
  });

  it('pages through exactly the store’s generated orders', async () => {
    const to = new Date(Date.now() - 60_000);
    const range = { from: new Date(to.getTime() - days * dayMs), to };
    const orders = await allOrders(connector, good, range);
    const expected = sandboxOrders(storeKey, range.from, range.to);
    expect(orders.length).toBeGreaterThan(0);
    expect(comparable(orders)).toEqual(comparable(expected));
    for (const order of orders) expect(['created', 'preparing', 'shipped', 'delivered', 'cancelled', 'returned']).toContain(order.status);
  });
});

describe('sandbox rules', () => {
  it('trendyol refuses a request without the seller User-Agent with 403', async () => {
    const response = await fetch(`${origin}/sandbox/trendyol/integration/sellers/1/addresses`, {
      headers: { authorization: `Basic ${Buffer.from('sandbox:sandbox').toString('base64')}`, 'user-agent': '' },
    });
    expect(response.status).toBe(403);
  });

  it('trendyol answers bad credentials with its 401 exception body', async () => {
    const response = await fetch(`${origin}/sandbox/trendyol/integration/sellers/1/addresses`, {
      headers: { authorization: `Basic ${Buffer.from('key:secret').toString('base64')}`, 'user-agent': '1 - SelfIntegration' },
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ exception: 'ClientApiAuthenticationException', errors: [expect.objectContaining({ message: expect.any(String) })] });
  });

  it('hepsiburada narrows a span over 24 hours to 24 hours and requires offset and limit', async () => {
    const headers = { authorization: `Basic ${Buffer.from('m1:sandbox').toString('base64')}`, 'user-agent': 'worqtrade_dev' };
    const wide = await fetch(`${origin}/sandbox/hepsiburada/orders/merchantid/m1?offset=0&limit=100&begindate=2026-11-10%2000:00&enddate=2026-11-15%2000:00`, { headers });
    const body = (await wide.json()) as { items: Array<{ orderDate: string }> };
    for (const item of body.items) expect(Date.parse(item.orderDate)).toBeLessThan(Date.parse('2026-11-11T00:00:00+03:00'));
    const missing = await fetch(`${origin}/sandbox/hepsiburada/orders/merchantid/m1`, { headers });
    expect(missing.status).toBe(400);
  });

  it('waits SANDBOX_DELAY_MS before answering', async () => {
    const slow = Fastify();
    await slow.register(n11Sandbox, { prefix: '/sandbox/n11', delayMs: 150 });
    const started = Date.now();
    const response = await slow.inject({ url: '/sandbox/n11/ms/product-query?page=0&size=1', headers: { appkey: 'k', appsecret: 'sandbox' } });
    expect(response.statusCode).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    await slow.close();
  });
});

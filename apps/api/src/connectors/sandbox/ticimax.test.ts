import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticimaxConnector } from '../ticimax.ts';
import { ConnectorError, type MarketplaceOrder } from '../types.ts';
import { sandboxOrders } from './orders.ts';
import { ticimaxSandbox } from './ticimax.ts';

let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  app = Fastify();
  await app.register(ticimaxSandbox, { prefix: '/sandbox/ticimax', delayMs: 0 });
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  base = `${origin}/sandbox/ticimax`;
});
afterAll(() => app.close());

const credentials = { store_domain: 'www.magaza.com', authorization_code: 'sandbox' };

describe('Ticimax connector against its sandbox', () => {
  it('verifies the authorization code sandbox', async () => {
    await expect(ticimaxConnector.verify(credentials, { baseUrl: base, retries: 0 })).resolves.toEqual({ storeName: 'www.magaza.com' });
  });

  it('faults another code with "Hatalı Kullanıcı Kodu", which the connector reports as ticimax_bad_code', async () => {
    const error = await ticimaxConnector.verify({ ...credentials, authorization_code: 'yanlis' }, { baseUrl: base, retries: 0 }).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ConnectorError);
    expect((error as ConnectorError).messageKey).toBe('ticimax_bad_code');
  });

  it('refuses a call without the SelectSiparis SOAPAction like WCF does', async () => {
    const response = await fetch(`${base}/Servis/SiparisServis.svc`, { method: 'POST', headers: { 'content-type': 'text/xml' }, body: '<x/>' });
    expect(response.status).toBe(500);
    expect(await response.text()).toContain('ActionNotSupported');
  });

  it('lists every order page exactly as the sandbox generated them', async () => {
    const now = Date.now();
    const range = { from: new Date(now - 12 * 86_400_000), to: new Date(now - 3_600_000) };
    const orders: MarketplaceOrder[] = [];
    for (let page: number | null = 0; page !== null; ) {
      const result = await ticimaxConnector.listOrders(credentials, range, page, { baseUrl: base, retries: 0 });
      orders.push(...result.orders);
      page = result.nextPage;
    }
    const expected = sandboxOrders('ticimax:sandbox', range.from, range.to, new Date(now));
    expect(expected.length).toBeGreaterThan(100);
    expect(orders).toEqual(expected);
  });
});

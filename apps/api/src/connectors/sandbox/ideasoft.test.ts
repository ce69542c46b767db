import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ideasoftConnector } from '../ideasoft.ts';
import { ConnectorError, type MarketplaceOrder } from '../types.ts';
import { ideasoftSandbox } from './ideasoft.ts';
import { sandboxOrders } from './orders.ts';

let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  app = Fastify();
  await app.register(ideasoftSandbox, { prefix: '/sandbox/ideasoft', delayMs: 0 });
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  base = `${origin}/sandbox/ideasoft`;
});
afterAll(() => app.close());

const credentials = { store_url: 'https://magaza.myideasoft.com', client_id: 'client-42', client_secret: 'sandbox' };

describe('Ideasoft connector against its sandbox', () => {
  it('verifies a client whose secret is sandbox and returns the issued tokens', async () => {
    const result = await ideasoftConnector.verify(credentials, { baseUrl: base, retries: 0 });
    expect(result.storeName).toBe('magaza.myideasoft.com');
    expect(result.secrets?.access_token).toMatch(/^sbx\./);
    expect(result.secrets?.refresh_token).toMatch(/^sbx\./);
    // The rotated refresh token works for the next verification and yields a new one.
    const again = await ideasoftConnector.verify({ ...credentials, refresh_token: result.secrets!.refresh_token! }, { baseUrl: base, retries: 0 });
    expect(again.secrets?.refresh_token).not.toBe(result.secrets?.refresh_token);
  });

  it('answers another secret like the OAuth server does', async () => {
    const error = await ideasoftConnector.verify({ ...credentials, client_secret: 'wrong' }, { baseUrl: base, retries: 0 }).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ConnectorError);
    expect((error as ConnectorError).kind).toBe('bad_credentials');
    const response = await fetch(`${base}/admin-api/products?limit=1`, { headers: { authorization: 'Bearer forged' } });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: 'invalid_grant', error_description: 'The access token provided is invalid.' });
  });

  it('lists every order page exactly as the sandbox generated them for this client', async () => {
    const now = Date.now();
    const range = { from: new Date(now - 15 * 86_400_000), to: new Date(now - 3_600_000) };
    const orders: MarketplaceOrder[] = [];
    for (let page: number | null = 0; page !== null; ) {
      const result = await ideasoftConnector.listOrders(credentials, range, page, { baseUrl: base, retries: 0 });
      orders.push(...result.orders);
      page = result.nextPage;
    }
    const expected = sandboxOrders('ideasoft:client-42', range.from, range.to, new Date(now));
    expect(expected.length).toBeGreaterThan(100);
    expect(orders).toEqual(expected);
  });
});

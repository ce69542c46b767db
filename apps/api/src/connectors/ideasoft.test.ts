import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { ideasoftConnector, publicStoreOrigin } from './ideasoft.ts';
import { sendJson, startTestServer, type TestServer } from './test-server.ts';
import { ConnectorError } from './types.ts';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const credentials = { store_url: 'https://magaza.myideasoft.com', client_id: '12_abc', client_secret: 'secret-1' };
const tokenAnswer = { access_token: 'access-1', expires_in: 86400, token_type: 'bearer', scope: null, refresh_token: 'refresh-1' };
const invalidToken = { error: 'invalid_grant', error_description: 'The access token provided is invalid.' };

async function rejection(promise: Promise<unknown>): Promise<ConnectorError> {
  const error = await promise.then(
    () => {
      throw new Error('expected a ConnectorError');
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ConnectorError);
  return error as ConnectorError;
}

describe('ideasoftConnector.verify', () => {
  it('gets a token at /oauth/v2/token and reads one product with it as Bearer', async () => {
    server = await startTestServer((req, res) => {
      if (req.path === '/oauth/v2/token') return sendJson(res, 200, tokenAnswer);
      if (req.headers.authorization !== 'Bearer access-1') return sendJson(res, 401, invalidToken);
      return sendJson(res, 200, [{ id: 1, name: 'Tişört' }]);
    });
    const result = await ideasoftConnector.verify(credentials, { baseUrl: server.url, retries: 0 });
    expect(result).toEqual({ storeName: 'magaza.myideasoft.com', secrets: { access_token: 'access-1', refresh_token: 'refresh-1' } });
    const [token, products] = server.requests;
    expect(token?.method).toBe('POST');
    expect(Object.fromEntries(new URLSearchParams(token?.body))).toEqual({ client_id: '12_abc', client_secret: 'secret-1', grant_type: 'client_credentials' });
    expect(products?.path).toBe('/admin-api/products');
    expect(products?.query.get('limit')).toBe('1');
  });

  it('reports wrong client credentials as bad credentials', async () => {
    server = await startTestServer((_req, res) => sendJson(res, 400, { error: 'invalid_client', error_description: 'The client credentials are invalid' }));
    const error = await rejection(ideasoftConnector.verify(credentials, { baseUrl: server.url, retries: 0 }));
    expect(error.kind).toBe('bad_credentials');
    expect(error.detail).toContain('invalid_client');
  });

  it('reports a 401 from the admin API as bad credentials', async () => {
    server = await startTestServer((req, res) => (req.path === '/oauth/v2/token' ? sendJson(res, 200, tokenAnswer) : sendJson(res, 401, invalidToken)));
    const error = await rejection(ideasoftConnector.verify(credentials, { baseUrl: server.url, retries: 0 }));
    expect(error.kind).toBe('bad_credentials');
  });

  it('refreshes with a saved refresh token and hands back the rotated pair', async () => {
    const refresh = `refresh-${randomUUID()}`;
    server = await startTestServer((req, res) =>
      req.path === '/oauth/v2/token' ? sendJson(res, 200, { ...tokenAnswer, access_token: 'access-2', refresh_token: 'refresh-2' }) : sendJson(res, 200, []),
    );
    const result = await ideasoftConnector.verify({ ...credentials, refresh_token: refresh }, { baseUrl: server.url, retries: 0 });
    expect(result.secrets).toEqual({ access_token: 'access-2', refresh_token: 'refresh-2' });
    expect(Object.fromEntries(new URLSearchParams(server.requests[0]?.body))).toMatchObject({ grant_type: 'refresh_token', refresh_token: refresh });
  });

  it('uses the store URL the seller typed when the base URL is the store placeholder', async () => {
    const seen: string[] = [];
    const fakeFetch: typeof fetch = async (input) => {
      seen.push(String(input));
      return new Response(JSON.stringify(String(input).endsWith('/oauth/v2/token') ? tokenAnswer : []), { status: 200 });
    };
    await ideasoftConnector.verify({ ...credentials, store_url: 'magaza.myideasoft.com/' }, { baseUrl: '{store_url}', fetch: fakeFetch, retries: 0 });
    expect(seen).toEqual(['https://magaza.myideasoft.com/oauth/v2/token', 'https://magaza.myideasoft.com/admin-api/products?limit=1']);
  });

  it('refuses store URLs that point at private or non-https hosts', () => {
    for (const bad of ['http://magaza.com', 'https://127.0.0.1', 'https://localhost', 'https://magaza.local', 'https://[::1]', 'https://magaza.com:8443']) {
      expect(() => publicStoreOrigin(bad, 'store_url'), bad).toThrow(ConnectorError);
    }
    expect(publicStoreOrigin(' https://Magaza.com/yonetim ', 'store_url')).toBe('https://magaza.com');
  });
});

describe('ideasoftConnector.listOrders', () => {
  const range = { from: new Date('2025-03-01T00:00:00Z'), to: new Date('2025-03-02T00:00:00Z') };
  const row = (id: number, createdAt: string) => ({
    id,
    status: 'delivered',
    currency: 'TL',
    finalAmount: 249.9,
    createdAt,
    orderItems: [{ productQuantity: 2 }, { productQuantity: 1 }],
  });

  it('pages with limit and page (from 1), filters by day and keeps only the exact range', async () => {
    let throttled = false;
    server = await startTestServer((req, res) => {
      if (req.path === '/oauth/v2/token') return sendJson(res, 200, tokenAnswer);
      if (!throttled) {
        throttled = true;
        return sendJson(res, 429, { errorMessage: 'Too many requests' }, { 'retry-after': '0' });
      }
      const page = Number(req.query.get('page'));
      if (page === 1) return sendJson(res, 200, Array.from({ length: 100 }, (_, index) => row(index + 1, '2025-03-01T10:00:00+03:00')));
      return sendJson(res, 200, [row(101, '2025-03-01T23:30:00+03:00'), row(102, '2025-03-02T04:00:00+03:00')]);
    });
    const ctx = { baseUrl: server.url, retries: 2 };
    const first = await ideasoftConnector.listOrders(credentials, range, 0, ctx);
    expect(first.nextPage).toBe(1);
    expect(first.orders).toHaveLength(100);
    expect(first.orders[0]).toEqual({ id: '1', orderedAt: '2025-03-01T07:00:00.000Z', totalAmount: 24990, currency: 'TRY', status: 'delivered', itemCount: 3 });
    const second = await ideasoftConnector.listOrders(credentials, range, 1, ctx);
    // 04:00 Turkey time on 2 March is 01:00Z, outside the range.
    expect(second).toEqual({ nextPage: null, orders: [expect.objectContaining({ id: '101' })] });

    const listCalls = server.requests.filter((request) => request.path === '/admin-api/orders');
    expect(listCalls).toHaveLength(3);
    expect(Object.fromEntries(listCalls[1]!.query)).toMatchObject({ limit: '100', page: '1', startCreatedAt: '2025-03-01', endCreatedAt: '2025-03-02' });
    expect(listCalls[2]?.query.get('page')).toBe('2');
    expect(listCalls[2]?.headers.authorization).toBe('Bearer access-1');
  });
});

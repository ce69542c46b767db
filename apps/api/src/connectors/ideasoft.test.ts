/*
 * Payload shapes:
 * - token answers: the store's OAuth server (FOSOAuthServer's /oauth/v2/token) answers
 *   `{access_token, expires_in, token_type: "bearer", scope, refresh_token}` and errors as
 *   `{error, error_description}` (RFC 6749 §5.1/§5.2 wording the bundle uses);
 * - admin API: `/admin-api/products` and `/admin-api/orders` answer plain JSON arrays; the order
 *   fields are those of Ideasoft's admin-API Order model (id, status, currency, finalAmount,
 *   createdAt with the store's offset, orderItems[] with productName, productSku, productPrice,
 *   productQuantity). Which field is the paid total is unconfirmed (docs/marketplaces.md).
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectedLine, expectedOrder, rejection, useLocalMarketplace } from './connector-test-kit.ts';
import { exchangeIdeasoftCode, ideasoftAuthorizeUrl, ideasoftConnector, publicStoreOrigin, toIdeasoftOrder } from './ideasoft.ts';
import { sendJson } from './test-server.ts';
import { ConnectorError, type Credentials } from './types.ts';

const marketplace = useLocalMarketplace();

const client = { store_url: 'https://magaza.myideasoft.com', client_id: '12_abc', client_secret: 'secret-1' };
const tokenAnswer = { access_token: 'access-2', expires_in: 86400, token_type: 'bearer', scope: null, refresh_token: 'refresh-2' };
const invalidToken = { error: 'invalid_grant', error_description: 'The access token provided is invalid.' };

const form = (body: string | undefined) => Object.fromEntries(new URLSearchParams(body));

describe('Ideasoft authorization', () => {
  it('sends the browser to the store panel with client id, state and our callback, never the secret', () => {
    const url = new URL(
      ideasoftAuthorizeUrl({
        storeUrl: 'https://magaza.myideasoft.com',
        clientId: '12_abc',
        state: 'st-1',
        redirectUri: 'https://portal.example/ideasoft-callback',
        baseUrl: '{store_url}',
      }),
    );
    expect(`${url.origin}${url.pathname}`).toBe('https://magaza.myideasoft.com/panel/auth');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: '12_abc',
      response_type: 'code',
      state: 'st-1',
      redirect_uri: 'https://portal.example/ideasoft-callback',
    });
  });

  it('exchanges the code with the authorization_code grant and our redirect URI', async () => {
    const server = await marketplace.start((_req, res) => sendJson(res, 200, tokenAnswer));
    const tokens = await exchangeIdeasoftCode(client, 'code-1', 'https://portal.example/ideasoft-callback', {
      baseUrl: server.url,
      retries: 0,
    });
    expect(tokens).toEqual({ access_token: 'access-2', refresh_token: 'refresh-2' });
    expect(server.requests[0]?.path).toBe('/oauth/v2/token');
    expect(form(server.requests[0]?.body)).toEqual({
      grant_type: 'authorization_code',
      code: 'code-1',
      redirect_uri: 'https://portal.example/ideasoft-callback',
      client_id: '12_abc',
      client_secret: 'secret-1',
    });
  });

  it('reports a used or unknown code as a failed authorization', async () => {
    const server = await marketplace.start((_req, res) =>
      sendJson(res, 400, { error: 'invalid_grant', error_description: "The authorization code has expired or doesn't exist" }),
    );
    const error = await rejection(
      exchangeIdeasoftCode(client, 'old', 'https://portal.example/ideasoft-callback', { baseUrl: server.url, retries: 0 }),
    );
    expect(error).toMatchObject({ kind: 'bad_credentials', messageKey: 'ideasoft_authorization_failed' });
    expect(error.detail).toContain('invalid_grant');
  });
});

describe('ideasoftConnector.verify', () => {
  it('reads one product with the saved access token and nothing else', async () => {
    const server = await marketplace.start((req, res) =>
      req.headers.authorization === 'Bearer access-1' ? sendJson(res, 200, [{ id: 1, name: 'Tişört' }]) : sendJson(res, 401, invalidToken),
    );
    const result = await ideasoftConnector.verify(
      { ...client, access_token: 'access-1', refresh_token: 'refresh-1' },
      { baseUrl: server.url, retries: 0 },
    );
    expect(result).toEqual({ storeName: 'magaza.myideasoft.com' });
    expect(server.requests.map((request) => `${request.method} ${request.path}?${request.query.toString()}`)).toEqual([
      'GET /admin-api/products?limit=1',
    ]);
  });

  it('refreshes a refused access token, hands the rotated pair to onSecretsRotated and retries', async () => {
    const refresh = `refresh-${randomUUID()}`;
    const server = await marketplace.start((req, res) => {
      if (req.path === '/oauth/v2/token') return sendJson(res, 200, tokenAnswer);
      return req.headers.authorization === 'Bearer access-2' ? sendJson(res, 200, []) : sendJson(res, 401, invalidToken);
    });
    const rotated: Credentials[] = [];
    const result = await ideasoftConnector.verify(
      { ...client, access_token: 'expired', refresh_token: refresh },
      { baseUrl: server.url, retries: 0, onSecretsRotated: async (secrets) => void rotated.push(secrets) },
    );
    expect(rotated).toEqual([{ access_token: 'access-2', refresh_token: 'refresh-2' }]);
    expect(result.secrets).toEqual({ access_token: 'access-2', refresh_token: 'refresh-2' });
    expect(form(server.requests[1]?.body)).toEqual({
      grant_type: 'refresh_token',
      refresh_token: refresh,
      client_id: '12_abc',
      client_secret: 'secret-1',
    });
    expect(server.requests[2]?.headers.authorization).toBe('Bearer access-2');
  });

  it('gives a second caller holding the spent refresh token the successor instead of spending it again', async () => {
    const refresh = `refresh-${randomUUID()}`;
    const server = await marketplace.start((req, res) => {
      if (req.path === '/oauth/v2/token') return sendJson(res, 200, tokenAnswer);
      return req.headers.authorization === 'Bearer access-2' ? sendJson(res, 200, []) : sendJson(res, 401, invalidToken);
    });
    const stale = { ...client, access_token: 'expired', refresh_token: refresh };
    await ideasoftConnector.verify(stale, { baseUrl: server.url, retries: 0 });
    const rotated: Credentials[] = [];
    await ideasoftConnector.verify(stale, {
      baseUrl: server.url,
      retries: 0,
      onSecretsRotated: async (secrets) => void rotated.push(secrets),
    });
    expect(server.requests.filter((request) => request.path === '/oauth/v2/token')).toHaveLength(1);
    expect(rotated).toEqual([{ access_token: 'access-2', refresh_token: 'refresh-2' }]);
  });

  it('never falls back to client_credentials: without tokens the store must be authorized again', async () => {
    const server = await marketplace.start((_req, res) => sendJson(res, 200, tokenAnswer));
    const error = await rejection(ideasoftConnector.verify(client, { baseUrl: server.url, retries: 0 }));
    expect(error.kind).toBe('bad_credentials');
    expect(server.requests).toEqual([]);
  });

  it('reports a spent refresh token as bad credentials', async () => {
    const server = await marketplace.start((req, res) =>
      req.path === '/oauth/v2/token'
        ? sendJson(res, 400, { error: 'invalid_grant', error_description: 'Invalid refresh token' })
        : sendJson(res, 401, invalidToken),
    );
    const error = await rejection(
      ideasoftConnector.verify(
        { ...client, access_token: 'expired', refresh_token: `spent-${randomUUID()}` },
        { baseUrl: server.url, retries: 0 },
      ),
    );
    expect(error).toMatchObject({ kind: 'bad_credentials', messageKey: 'marketplace_bad_credentials' });
  });

  it('tells a refused request, a block, a rate limit and an outage apart', async () => {
    for (const [status, kind] of [
      // A request the store refuses is no reason to tell the seller the credentials are wrong.
      [400, 'unexpected'],
      [422, 'unexpected'],
      [403, 'forbidden'],
      [429, 'rate_limited'],
      [503, 'unavailable'],
    ] as const) {
      const server = await marketplace.start((_req, res) => sendJson(res, status, { errorMessage: 'no' }, { 'retry-after': '7' }));
      const error = await rejection(
        ideasoftConnector.verify({ ...client, access_token: 'a', refresh_token: 'r' }, { baseUrl: server.url, retries: 0 }),
      );
      expect(error.kind).toBe(kind);
      if (kind === 'rate_limited') expect(error.options.retryAfterMs).toBe(7000);
      await server.close();
    }
  });

  it('uses the store address the seller typed when the base URL is the store placeholder', async () => {
    const seen: string[] = [];
    const fakeFetch: typeof fetch = async (input) => {
      seen.push(String(input));
      return new Response('[]', { status: 200 });
    };
    await ideasoftConnector.verify(
      { ...client, store_url: 'magaza.myideasoft.com/', access_token: 'a', refresh_token: 'r' },
      { baseUrl: '{store_url}', fetch: fakeFetch, retries: 0 },
    );
    expect(seen).toEqual(['https://magaza.myideasoft.com/admin-api/products?limit=1']);
  });

  it('refuses store addresses that are not a public https host name', () => {
    for (const bad of [
      'http://magaza.com',
      'https://127.0.0.1',
      'https://10.0.0.8/panel',
      'https://localhost',
      'https://magaza.local',
      'https://[::1]',
      'https://magaza.com:8443',
      'https://admin:pw@magaza.com',
      'https://user@magaza.com',
      'ftp://magaza.com',
    ]) {
      expect(() => publicStoreOrigin(bad, 'store_url'), bad).toThrow(ConnectorError);
    }
    expect(publicStoreOrigin(' https://Magaza.com/yonetim ', 'store_url')).toBe('https://magaza.com');
    expect(publicStoreOrigin('magaza.myideasoft.com', 'store_url')).toBe('https://magaza.myideasoft.com');
  });
});

describe('ideasoftConnector.listOrders', () => {
  const range = { from: new Date('2025-03-01T00:00:00Z'), to: new Date('2025-03-02T00:00:00Z') };
  const tokens = { access_token: 'access-1', refresh_token: 'refresh-1' };
  const row = (id: number, createdAt: string, status = 'delivered') => ({
    id,
    transactionId: `IDS${id}`,
    customerFirstname: 'Ayşe',
    customerSurname: 'Yılmaz',
    customerEmail: 'ayse@example.com',
    status,
    paymentStatus: 'success',
    currency: 'TL',
    generalAmount: 349.8,
    finalAmount: 349.8,
    shippingAmount: 0,
    createdAt,
    updatedAt: createdAt,
    orderItems: [
      {
        id: id * 10,
        productName: 'Pamuklu Basic Tişört',
        productSku: 'TSH-PMK-01',
        productPrice: 99.9,
        productCurrency: 'TL',
        productQuantity: 2,
        productTax: 20,
      },
      {
        id: id * 10 + 1,
        productName: 'Silikon Telefon Kılıfı',
        productSku: 'TLF-KLF-15',
        productPrice: 150,
        productCurrency: 'TL',
        productQuantity: 1,
        productTax: 20,
      },
    ],
  });

  it('pages with limit and page, asks whole Istanbul days and keeps only the exact range', async () => {
    const server = await marketplace.start((req, res) => {
      if (req.headers.authorization !== 'Bearer access-1') return sendJson(res, 401, invalidToken);
      const page = Number(req.query.get('page'));
      if (page === 1)
        return sendJson(
          res,
          200,
          Array.from({ length: 100 }, (_, index) => row(index + 1, '2025-03-01T10:00:00+03:00')),
        );
      return sendJson(res, 200, [row(101, '2025-03-02T02:30:00+03:00', 'refunded'), row(102, '2025-03-02T04:00:00+03:00')]);
    });
    const ctx = { baseUrl: server.url, retries: 0 };
    const first = await ideasoftConnector.listOrders({ ...client, ...tokens }, range, null, ctx);
    expect(first.cursor).toBe('page:2');
    expect(first.orders).toHaveLength(100);
    expect(first.orders[0]).toEqual(
      expectedOrder('1', '2025-03-01T07:00:00.000Z', 'delivered', 34_980, [
        expectedLine('TSH-PMK-01', 'Pamuklu Basic Tişört', 2, 19_980),
        expectedLine('TLF-KLF-15', 'Silikon Telefon Kılıfı', 1, 15_000),
      ]),
    );
    // No buyer data travels on.
    expect(JSON.stringify(first.orders)).not.toContain('Ayşe');
    const second = await ideasoftConnector.listOrders({ ...client, ...tokens }, range, first.cursor, ctx);
    // 02:30 Istanbul on 2 March is 23:30Z on 1 March (inside); 04:00 is 01:00Z on 2 March (outside).
    expect(second).toEqual({
      cursor: null,
      orders: [expect.objectContaining({ id: '101', status: 'returned', orderedAt: '2025-03-01T23:30:00.000Z' })],
    });

    const calls = server.requests.filter((request) => request.path === '/admin-api/orders');
    expect(Object.fromEntries(calls[0]!.query)).toEqual({
      limit: '100',
      page: '1',
      sort: 'id',
      startCreatedAt: '2025-03-01',
      endCreatedAt: '2025-03-03',
    });
    expect(calls[1]?.query.get('page')).toBe('2');
  });

  it('maps every documented status to the shared vocabulary', () => {
    const statusOf = (status: string) => toIdeasoftOrder(row(1, '2025-03-01T10:00:00+03:00', status)).status;
    expect(
      Object.fromEntries(
        [
          'waiting_for_approval',
          'waiting_for_payment',
          'on_accumulation',
          'approved',
          'being_prepared',
          'fulfilled',
          'delivered',
          'cancelled',
          'refunded',
        ].map((status) => [status, statusOf(status)]),
      ),
    ).toEqual({
      waiting_for_approval: 'created',
      waiting_for_payment: 'created',
      on_accumulation: 'created',
      approved: 'preparing',
      being_prepared: 'preparing',
      fulfilled: 'shipped',
      delivered: 'delivered',
      cancelled: 'cancelled',
      refunded: 'returned',
    });
  });

  it('throws rate_limited with the wait when Ideasoft keeps answering 429, and refuses a foreign cursor', async () => {
    const server = await marketplace.start((_req, res) =>
      sendJson(res, 429, { errorMessage: 'Too many requests' }, { 'retry-after': '12' }),
    );
    const error = await rejection(
      ideasoftConnector.listOrders({ ...client, ...tokens }, range, 'page:3', { baseUrl: server.url, retries: 0 }),
    );
    expect(error.kind).toBe('rate_limited');
    expect(error.options.retryAfterMs).toBe(12_000);
    expect(server.requests[0]?.query.get('page')).toBe('3');
    await expect(
      ideasoftConnector.listOrders({ ...client, ...tokens }, range, 'offset:9', { baseUrl: server.url, retries: 0 }),
    ).rejects.toThrow(RangeError);
  });
});

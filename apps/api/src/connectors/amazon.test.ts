import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { amazonConnector, amazonConsentUrl, exchangeAmazonAuthorizationCode, turkeyMarketplaceId, type AmazonContext } from './amazon.ts';
import { sendJson, startTestServer, type TestServer } from './test-server.ts';
import { ConnectorError } from './types.ts';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const lwa = { clientId: 'amzn1.application-oa2-client.test', clientSecret: 'client-secret' };
// Every test uses its own refresh token: the connector remembers access tokens and NextTokens per token.
const freshCredentials = () => ({ refresh_token: `Atzr|${randomUUID()}`, region: 'EU', selling_partner_id: 'A1SELLER' });

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

const lwaAnswer = { access_token: 'Atza|access-1', refresh_token: 'Atzr|refresh-1', token_type: 'bearer', expires_in: 3600 };

describe('amazonConsentUrl', () => {
  it('points EU sellers at Turkish Seller Central with application id, state and redirect uri', () => {
    const url = new URL(amazonConsentUrl({ region: 'EU', state: 'st-1', applicationId: 'amzn1.sp.solution.app', redirectUri: 'https://app.example/amazon-callback' }));
    expect(url.origin).toBe('https://sellercentral.amazon.com.tr');
    expect(url.pathname).toBe('/apps/authorize/consent');
    expect(url.searchParams.get('application_id')).toBe('amzn1.sp.solution.app');
    expect(url.searchParams.get('state')).toBe('st-1');
    expect(url.searchParams.get('redirect_uri')).toBe('https://app.example/amazon-callback');
    expect(url.searchParams.has('version')).toBe(false);
  });

  it('adds version=beta only for a draft app and honours a given Seller Central base', () => {
    const url = new URL(amazonConsentUrl({ region: 'NA', state: 's', applicationId: 'a', draft: true, sellerCentralBase: 'http://localhost:8080/sandbox/amazon/' }));
    expect(url.href.startsWith('http://localhost:8080/sandbox/amazon/apps/authorize/consent?')).toBe(true);
    expect(url.searchParams.get('version')).toBe('beta');
  });
});

describe('exchangeAmazonAuthorizationCode', () => {
  it('posts the authorization_code grant form to LWA and returns the refresh token', async () => {
    server = await startTestServer((_req, res) => sendJson(res, 200, lwaAnswer));
    const result = await exchangeAmazonAuthorizationCode('code-123', { lwaBaseUrl: server.url, ...lwa, redirectUri: 'https://app.example/amazon-callback', retries: 0 });
    expect(result).toEqual({ refreshToken: 'Atzr|refresh-1' });
    const [request] = server.requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/auth/o2/token');
    expect(request?.headers['content-type']).toContain('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(request?.body))).toEqual({
      grant_type: 'authorization_code',
      code: 'code-123',
      redirect_uri: 'https://app.example/amazon-callback',
      client_id: lwa.clientId,
      client_secret: lwa.clientSecret,
    });
  });

  it('maps a refused code (invalid_grant) to amazon_authorization_failed', async () => {
    server = await startTestServer((_req, res) =>
      sendJson(res, 400, { error_description: 'The request has an invalid grant parameter : code', error: 'invalid_grant' }),
    );
    const error = await rejection(exchangeAmazonAuthorizationCode('bad', { lwaBaseUrl: server.url, ...lwa, redirectUri: 'https://x/amazon-callback', retries: 0 }));
    expect(error.kind).toBe('bad_credentials');
    expect(error.messageKey).toBe('amazon_authorization_failed');
    expect(server.requests).toHaveLength(1);
  });
});

describe('amazonConnector.verify', () => {
  it('trades the refresh token for an access token, then reads marketplace participations with it', async () => {
    server = await startTestServer((req, res) => {
      if (req.path === '/auth/o2/token') return sendJson(res, 200, lwaAnswer);
      return sendJson(res, 200, {
        payload: [
          { marketplace: { id: 'A1PA6795UKMFR9', countryCode: 'DE' }, participation: { isParticipating: true }, storeName: 'Other' },
          { marketplace: { id: turkeyMarketplaceId, countryCode: 'TR' }, participation: { isParticipating: true }, storeName: 'Anadolu Store' },
        ],
      });
    });
    const credentials = freshCredentials();
    const ctx: AmazonContext = { baseUrl: server.url, lwaBaseUrl: server.url, ...lwa, retries: 0 };
    const result = await amazonConnector.verify(credentials, ctx);
    expect(result).toEqual({ sellerId: 'A1SELLER', storeName: 'Anadolu Store' });
    const [token, participations] = server.requests;
    expect(Object.fromEntries(new URLSearchParams(token?.body))).toEqual({
      grant_type: 'refresh_token',
      refresh_token: credentials.refresh_token,
      client_id: lwa.clientId,
      client_secret: lwa.clientSecret,
    });
    expect(participations?.method).toBe('GET');
    expect(participations?.path).toBe('/sellers/v1/marketplaceParticipations');
    expect(participations?.headers['x-amz-access-token']).toBe('Atza|access-1');
  });

  it('reports a revoked refresh token as bad credentials', async () => {
    server = await startTestServer((_req, res) =>
      sendJson(res, 400, { error_description: 'The request has an invalid grant parameter : refresh_token', error: 'invalid_grant' }),
    );
    const error = await rejection(amazonConnector.verify(freshCredentials(), { baseUrl: server.url, ...lwa, retries: 0 } as AmazonContext));
    expect(error.kind).toBe('bad_credentials');
    expect(error.messageKey).toBe('marketplace_bad_credentials');
  });

  it("maps SP-API's errors array on 403 to forbidden, keeping Amazon's words", async () => {
    server = await startTestServer((req, res) => {
      if (req.path === '/auth/o2/token') return sendJson(res, 200, lwaAnswer);
      return sendJson(res, 403, { errors: [{ code: 'Unauthorized', message: 'Access to requested resource is denied.', details: '' }] });
    });
    const error = await rejection(amazonConnector.verify(freshCredentials(), { baseUrl: server.url, ...lwa, retries: 0 } as AmazonContext));
    expect(error.kind).toBe('forbidden');
    expect(error.detail).toContain('Unauthorized');
  });
});

describe('amazonConnector.listOrders', () => {
  const range = { from: new Date('2025-03-01T00:00:00Z'), to: new Date('2025-03-31T00:00:00Z') };
  const order = (id: string, status = 'Shipped', extra: Record<string, unknown> = {}) => ({
    AmazonOrderId: id,
    PurchaseDate: '2025-03-05T10:00:00Z',
    OrderStatus: status,
    OrderTotal: { CurrencyCode: 'TRY', Amount: '123.90' },
    NumberOfItemsShipped: 2,
    NumberOfItemsUnshipped: 0,
    ...extra,
  });

  function ordersServer(options: { throttleFirst?: boolean } = {}) {
    let throttled = false;
    return startTestServer((req, res) => {
      if (req.path === '/auth/o2/token') return sendJson(res, 200, lwaAnswer);
      if (options.throttleFirst && !throttled) {
        throttled = true;
        return sendJson(res, 429, { errors: [{ code: 'QuotaExceeded', message: 'You exceeded your quota for the requested resource.' }] }, { 'x-amzn-RateLimit-Limit': '1000' });
      }
      const token = req.query.get('NextToken');
      if (!token) return sendJson(res, 200, { payload: { Orders: [order('111-1', 'Pending'), order('111-2', 'Shipped', { EasyShipShipmentStatus: 'Delivered' })], NextToken: 'tok/2+==' } });
      if (token === 'tok/2+==') return sendJson(res, 200, { payload: { Orders: [order('111-3', 'Canceled')], NextToken: 'tok-3' } });
      return sendJson(res, 200, { payload: { Orders: [order('111-4', 'Unshipped')] } });
    });
  }

  it('walks NextTokens page by page to the end, mapping orders and statuses', async () => {
    server = await ordersServer();
    const credentials = freshCredentials();
    const ctx = { baseUrl: server.url, ...lwa, retries: 0 } as AmazonContext;
    const first = await amazonConnector.listOrders(credentials, range, 0, ctx);
    expect(first.nextPage).toBe(1);
    expect(first.orders).toEqual([
      { id: '111-1', orderedAt: '2025-03-05T10:00:00.000Z', totalAmount: 12390, currency: 'TRY', status: 'created', itemCount: 2 },
      { id: '111-2', orderedAt: '2025-03-05T10:00:00.000Z', totalAmount: 12390, currency: 'TRY', status: 'delivered', itemCount: 2 },
    ]);
    const second = await amazonConnector.listOrders(credentials, range, 1, ctx);
    const third = await amazonConnector.listOrders(credentials, range, 2, ctx);
    expect(second.orders.map((o) => [o.id, o.status])).toEqual([['111-3', 'cancelled']]);
    expect(third).toMatchObject({ nextPage: null, orders: [{ id: '111-4', status: 'preparing' }] });

    const calls = server.requests.filter((request) => request.path === '/orders/v0/orders');
    expect(calls).toHaveLength(3);
    expect(calls[0]?.query.get('MarketplaceIds')).toBe(turkeyMarketplaceId);
    expect(calls[0]?.query.get('CreatedAfter')).toBe('2025-03-01T00:00:00.000Z');
    expect(calls[0]?.query.get('CreatedBefore')).toBe('2025-03-31T00:00:00.000Z');
    expect(calls[1]?.query.get('NextToken')).toBe('tok/2+==');
    expect(calls[1]?.query.has('CreatedAfter')).toBe(false);
    expect(calls[2]?.query.get('NextToken')).toBe('tok-3');
    // The access token is reused while valid: one LWA call for three pages.
    expect(server.requests.filter((request) => request.path === '/auth/o2/token')).toHaveLength(1);
  });

  it('re-walks from the first page when a later page is asked cold', async () => {
    server = await ordersServer();
    const page = await amazonConnector.listOrders(freshCredentials(), range, 2, { baseUrl: server.url, ...lwa, retries: 0 } as AmazonContext);
    expect(page.orders.map((o) => o.id)).toEqual(['111-4']);
    expect(server.requests.filter((request) => request.path === '/orders/v0/orders').map((request) => request.query.get('NextToken'))).toEqual([null, 'tok/2+==', 'tok-3']);
  });

  it('waits out a 429 using the rate-limit header and then succeeds', async () => {
    server = await ordersServer({ throttleFirst: true });
    const page = await amazonConnector.listOrders(freshCredentials(), range, 0, { baseUrl: server.url, ...lwa, retries: 2 } as AmazonContext);
    expect(page.orders).toHaveLength(2);
    expect(server.requests.filter((request) => request.path === '/orders/v0/orders')).toHaveLength(2);
  });

  it('never asks for orders created later than two minutes ago', async () => {
    server = await ordersServer();
    const now = Date.now();
    await amazonConnector.listOrders(freshCredentials(), { from: new Date(now - 86_400_000), to: new Date(now + 60_000) }, 0, { baseUrl: server.url, ...lwa, retries: 0 } as AmazonContext);
    const before = Date.parse(server.requests.find((request) => request.path === '/orders/v0/orders')?.query.get('CreatedBefore') ?? '');
    expect(before).toBeLessThanOrEqual(now - 2 * 60_000);
  });
});

import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { amazonConnector, amazonConsentUrl, exchangeAmazonAuthorizationCode, turkeyMarketplaceId, type AmazonContext } from './amazon.ts';
import { loadConfig } from '../config.ts';
import { expectedLine, expectedOrder, readAllPages, rejection, useLocalMarketplace } from './connector-test-kit.ts';
import { createConnectorRegistry } from './registry.ts';
import { sendJson } from './test-server.ts';

const marketplace = useLocalMarketplace();

const lwa = { clientId: 'amzn1.application-oa2-client.test', clientSecret: 'client-secret' };
// Every test uses its own refresh token: the connector remembers access tokens and NextTokens per token.
const freshCredentials = () => ({ refresh_token: `Atzr|${randomUUID()}`, region: 'EU', selling_partner_id: 'A1SELLER' });

const lwaAnswer = { access_token: 'Atza|access-1', refresh_token: 'Atzr|refresh-1', token_type: 'bearer', expires_in: 3600 };

describe('amazonConsentUrl', () => {
  it('points EU sellers at Turkish Seller Central with application id, state and redirect uri', () => {
    const url = new URL(
      amazonConsentUrl({
        region: 'EU',
        state: 'st-1',
        applicationId: 'amzn1.sp.solution.app',
        redirectUri: 'https://app.example/amazon-callback',
      }),
    );
    expect(url.origin).toBe('https://sellercentral.amazon.com.tr');
    expect(url.pathname).toBe('/apps/authorize/consent');
    expect(url.searchParams.get('application_id')).toBe('amzn1.sp.solution.app');
    expect(url.searchParams.get('state')).toBe('st-1');
    expect(url.searchParams.get('redirect_uri')).toBe('https://app.example/amazon-callback');
    expect(url.searchParams.has('version')).toBe(false);
  });

  it('adds version=beta only for a draft app and honours a given Seller Central base', () => {
    const url = new URL(
      amazonConsentUrl({
        region: 'NA',
        state: 's',
        applicationId: 'a',
        draft: true,
        sellerCentralBase: 'http://localhost:8080/sandbox/amazon/',
      }),
    );
    expect(url.href.startsWith('http://localhost:8080/sandbox/amazon/apps/authorize/consent?')).toBe(true);
    expect(url.searchParams.get('version')).toBe('beta');
  });
});

describe('AMAZON_APP_DRAFT', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'amazon-draft-'));
  const consent = (draft: string | undefined) => {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      MARKETPLACE_MODE: 'live',
      AMAZON_APPLICATION_ID: 'amzn1.sp.solution.app',
      ...(draft ? { AMAZON_APP_DRAFT: draft } : {}),
    });
    return new URL(createConnectorRegistry({ config }).amazon.consentUrl('EU', 'st-1'));
  };

  it('adds version=beta to the consent URL while the app is a draft, and not once it is published', () => {
    expect(consent('true').searchParams.get('version')).toBe('beta');
    expect(consent('false').searchParams.has('version')).toBe(false);
    expect(consent(undefined).searchParams.has('version')).toBe(false);
  });

  it('refuses a value other than true or false', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, AMAZON_APP_DRAFT: 'yes' })).toThrow(/AMAZON_APP_DRAFT/);
  });
});

describe('exchangeAmazonAuthorizationCode', () => {
  it('posts the authorization_code grant form to LWA and returns the refresh token', async () => {
    const server = await marketplace.start((_req, res) => sendJson(res, 200, lwaAnswer));
    const result = await exchangeAmazonAuthorizationCode('code-123', {
      lwaBaseUrl: server.url,
      ...lwa,
      redirectUri: 'https://app.example/amazon-callback',
      retries: 0,
    });
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
    const server = await marketplace.start((_req, res) =>
      sendJson(res, 400, { error_description: 'The request has an invalid grant parameter : code', error: 'invalid_grant' }),
    );
    const error = await rejection(
      exchangeAmazonAuthorizationCode('bad', { lwaBaseUrl: server.url, ...lwa, redirectUri: 'https://x/amazon-callback', retries: 0 }),
    );
    expect(error.kind).toBe('bad_credentials');
    expect(error.messageKey).toBe('amazon_authorization_failed');
    expect(server.requests).toHaveLength(1);
  });
});

describe('amazonConnector.verify', () => {
  it('trades the refresh token for an access token, then reads marketplace participations with it', async () => {
    const server = await marketplace.start((req, res) => {
      if (req.path === '/auth/o2/token') return sendJson(res, 200, lwaAnswer);
      return sendJson(res, 200, {
        payload: [
          { marketplace: { id: 'A1PA6795UKMFR9', countryCode: 'DE' }, participation: { isParticipating: true }, storeName: 'Other' },
          {
            marketplace: { id: turkeyMarketplaceId, countryCode: 'TR' },
            participation: { isParticipating: true },
            storeName: 'Anadolu Store',
          },
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

  it('asks the seller to re-authorise when LWA refuses the refresh token (invalid_grant)', async () => {
    const server = await marketplace.start((_req, res) =>
      sendJson(res, 400, { error_description: 'The request has an invalid grant parameter : refresh_token', error: 'invalid_grant' }),
    );
    const error = await rejection(amazonConnector.verify(freshCredentials(), { baseUrl: server.url, ...lwa, retries: 0 } as AmazonContext));
    expect(error.kind).toBe('bad_credentials');
    expect(error.messageKey).toBe('amazon_reauthorize');
  });

  it("maps SP-API's errors array on 403 to forbidden, keeping Amazon's words", async () => {
    const server = await marketplace.start((req, res) => {
      if (req.path === '/auth/o2/token') return sendJson(res, 200, lwaAnswer);
      return sendJson(res, 403, { errors: [{ code: 'Unauthorized', message: 'Access to requested resource is denied.', details: '' }] });
    });
    const error = await rejection(amazonConnector.verify(freshCredentials(), { baseUrl: server.url, ...lwa, retries: 0 } as AmazonContext));
    expect(error.kind).toBe('forbidden');
    expect(error.detail).toContain('Unauthorized');
  });
});

describe('amazonConnector.listOrders with AMAZON_ORDERS_API=v0 (getOrders, until 27 Mar 2027)', () => {
  const v0 = { ordersApi: 'v0' as const };
  // Shapes of getOrders (Orders v0 reference, GetOrdersResponse → payload.Orders[] / NextToken):
  // AmazonOrderId, PurchaseDate (ISO UTC), OrderStatus, OrderTotal {CurrencyCode, Amount}, and
  // EasyShipShipmentStatus for Easy Ship orders; Pending orders carry no OrderTotal.
  const range = { from: new Date('2025-03-01T00:00:00Z'), to: new Date('2025-03-31T00:00:00Z') };
  const order = (id: string, status = 'Shipped', extra: Record<string, unknown> = {}) => ({
    AmazonOrderId: id,
    PurchaseDate: '2025-03-05T10:00:00Z',
    LastUpdateDate: '2025-03-06T08:00:00Z',
    OrderStatus: status,
    FulfillmentChannel: 'MFN',
    SalesChannel: 'Amazon.com.tr',
    ...(status === 'Pending' ? {} : { OrderTotal: { CurrencyCode: 'TRY', Amount: '123.90' } }),
    NumberOfItemsShipped: 2,
    NumberOfItemsUnshipped: 0,
    MarketplaceId: turkeyMarketplaceId,
    ...extra,
  });

  function ordersServer(options: { throttle?: boolean } = {}) {
    return marketplace.start((req, res) => {
      if (req.path === '/auth/o2/token') return sendJson(res, 200, lwaAnswer);
      if (options.throttle) {
        return sendJson(
          res,
          429,
          { errors: [{ code: 'QuotaExceeded', message: 'You exceeded your quota for the requested resource.' }] },
          { 'x-amzn-RateLimit-Limit': '0.0167' },
        );
      }
      const token = req.query.get('NextToken');
      if (!token) {
        return sendJson(res, 200, {
          payload: {
            Orders: [
              order('111-1', 'Pending'),
              order('111-2', 'Shipped', { EasyShipShipmentStatus: 'Delivered', PurchaseDate: '2025-03-04T21:30:00Z' }),
            ],
            NextToken: 'tok/2+==',
            CreatedBefore: '2025-03-31T00:00:00Z',
          },
        });
      }
      if (token === 'tok/2+==') return sendJson(res, 200, { payload: { Orders: [order('111-3', 'Canceled')], NextToken: 'tok-3' } });
      return sendJson(res, 200, { payload: { Orders: [order('111-4', 'Unshipped')] } });
    });
  }

  const readAll = (credentials: Record<string, string>, ctx: AmazonContext) => readAllPages(amazonConnector, credentials, range, ctx);

  it('follows NextToken through the cursor, mapping statuses, amounts and true instants', async () => {
    const server = await ordersServer();
    const credentials = freshCredentials();
    const pages = await readAll(credentials, { baseUrl: server.url, ...lwa, ...v0, retries: 0 });
    expect(pages).toHaveLength(3);
    expect(pages[0]!.orders).toEqual([
      // Pending: no OrderTotal yet, so amount 0; lines are never fetched (one call per order).
      expectedOrder('111-1', '2025-03-05T10:00:00.000Z', 'created', 0, []),
      // 21:30 UTC on 4 March is 00:30 on 5 March in Istanbul: the instant is kept as UTC.
      expectedOrder('111-2', '2025-03-04T21:30:00.000Z', 'delivered', 12_390, []),
    ]);
    expect(pages[1]!.orders.map((o) => [o.id, o.status])).toEqual([['111-3', 'cancelled']]);
    expect(pages[2]!.orders.map((o) => [o.id, o.status])).toEqual([['111-4', 'preparing']]);

    const calls = server.requests.filter((request) => request.path === '/orders/v0/orders');
    expect(calls).toHaveLength(3);
    expect(calls[0]?.query.get('MarketplaceIds')).toBe(turkeyMarketplaceId);
    expect(calls[0]?.query.get('CreatedAfter')).toBe('2025-03-01T00:00:00.000Z');
    expect(calls[0]?.query.get('CreatedBefore')).toBe('2025-03-31T00:00:00.000Z');
    expect(calls[0]?.query.get('MaxResultsPerPage')).toBe('100');
    expect(calls[1]?.query.get('NextToken')).toBe('tok/2+==');
    expect(calls[1]?.query.has('CreatedAfter')).toBe(false);
    expect(calls[2]?.query.get('NextToken')).toBe('tok-3');
    // The access token is reused while valid: one LWA call for three pages.
    expect(server.requests.filter((request) => request.path === '/auth/o2/token')).toHaveLength(1);
  });

  it('throws rate_limited with the bucket refill time on 429, without retrying', async () => {
    const server = await ordersServer({ throttle: true });
    const error = await rejection(
      amazonConnector.listOrders(freshCredentials(), range, null, { baseUrl: server.url, ...lwa, ...v0, retries: 2 }),
    );
    expect(error.kind).toBe('rate_limited');
    expect(error.options.retryAfterMs).toBe(59_881);
    expect(server.requests.filter((request) => request.path === '/orders/v0/orders')).toHaveLength(1);
  });

  it('never asks for orders created later than two minutes ago', async () => {
    const server = await ordersServer();
    const now = Date.now();
    await amazonConnector.listOrders(freshCredentials(), { from: new Date(now - 86_400_000), to: new Date(now + 60_000) }, null, {
      baseUrl: server.url,
      ...lwa,
      ...v0,
      retries: 0,
    });
    const before = Date.parse(server.requests.find((request) => request.path === '/orders/v0/orders')?.query.get('CreatedBefore') ?? '');
    expect(before).toBeLessThanOrEqual(now - 2 * 60_000);
  });

  it('asks the seller to re-authorise 365 days after consent, before calling Amazon', async () => {
    const server = await ordersServer();
    const credentials = { ...freshCredentials(), authorized_at: new Date(Date.now() - 366 * 86_400_000).toISOString() };
    const error = await rejection(amazonConnector.listOrders(credentials, range, null, { baseUrl: server.url, ...lwa, ...v0, retries: 0 }));
    expect(error.kind).toBe('bad_credentials');
    expect(error.messageKey).toBe('amazon_reauthorize');
    expect(server.requests).toHaveLength(0);
    const young = { ...freshCredentials(), authorized_at: new Date(Date.now() - 300 * 86_400_000).toISOString() };
    await expect(amazonConnector.listOrders(young, range, null, { baseUrl: server.url, ...lwa, ...v0, retries: 0 })).resolves.toBeDefined();
  });
});

describe('AMAZON_ORDERS_API', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'amazon-orders-api-'));
  const ordersApiOf = (value: string | undefined) => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...(value ? { AMAZON_ORDERS_API: value } : {}) });
    return (createConnectorRegistry({ config }).context('amazon', 'EU') as AmazonContext).ordersApi;
  };

  it('lists orders with v2026-01-01 by default and with v0 only when configured', () => {
    expect(ordersApiOf(undefined)).toBe('v2026-01-01');
    expect(ordersApiOf('v2026-01-01')).toBe('v2026-01-01');
    expect(ordersApiOf('v0')).toBe('v0');
  });

  it('refuses an API Amazon does not have', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, AMAZON_ORDERS_API: 'v2021' })).toThrow(/AMAZON_ORDERS_API/);
  });
});

describe('amazonConnector.listOrders with Orders v2026-01-01 (searchOrders, the default)', () => {
  // Shapes of searchOrders (orders_2026-01-01.json, SearchOrdersResponse): orders[] with orderId,
  // createdTime, salesChannel, orderItems[] (required), proceeds / fulfillment / packages when the
  // datasets are asked for in includedData; pagination.nextToken on every page but the last.
  const range = { from: new Date('2026-11-01T00:00:00Z'), to: new Date('2026-11-20T00:00:00Z') };
  const money = (amount: string) => ({ amount, currencyCode: 'TRY' });
  const item = (id: string, sku: string, quantity: number, unit: string) => ({
    orderItemId: id,
    quantityOrdered: quantity,
    product: { asin: 'B0TEST', title: `Ürün ${sku}`, sellerSku: sku, price: { unitPrice: money(unit) } },
  });
  const order = (id: string, fulfillmentStatus: string | undefined, extra: Record<string, unknown> = {}) => ({
    orderId: id,
    createdTime: '2026-11-05T10:00:00Z',
    lastUpdatedTime: '2026-11-06T08:00:00Z',
    salesChannel: { channelName: 'AMAZON', marketplaceId: turkeyMarketplaceId, marketplaceName: 'Amazon.com.tr' },
    proceeds: { grandTotal: money('250.00') },
    ...(fulfillmentStatus ? { fulfillment: { fulfillmentStatus, fulfilledBy: 'MERCHANT' } } : {}),
    orderItems: [item(`${id}-1`, 'KUPA-01', 2, '125.00')],
    ...extra,
  });
  const delivered = { packages: [{ packageReferenceId: 'P1', packageStatus: { status: 'DELIVERED', detailedStatus: 'DELIVERED' } }] };
  const sentBack = {
    packages: [{ packageReferenceId: 'P2', packageStatus: { status: 'UNDELIVERABLE', detailedStatus: 'RETURNED_TO_SELLER' } }],
  };

  function searchServer(options: { throttle?: boolean } = {}) {
    return marketplace.start((req, res) => {
      if (req.path === '/auth/o2/token') return sendJson(res, 200, lwaAnswer);
      if (req.path !== '/orders/2026-01-01/orders') return sendJson(res, 404, { errors: [{ code: 'NotFound', message: req.path }] });
      if (options.throttle) {
        return sendJson(res, 429, { errors: [{ code: 'QuotaExceeded', message: 'You exceeded your quota for the requested resource.' }] });
      }
      const token = req.query.get('paginationToken');
      if (!token) {
        return sendJson(res, 200, {
          orders: [
            order('405-1', 'PENDING', { proceeds: undefined }),
            order('405-2', 'SHIPPED', { ...delivered, createdTime: '2026-11-04T21:30:00Z' }),
          ],
          pagination: { nextToken: 'page/2+==' },
          createdBefore: '2026-11-20T00:00:00Z',
        });
      }
      if (token === 'page/2+==') {
        return sendJson(res, 200, {
          orders: [order('405-3', 'CANCELLED'), order('405-4', 'SHIPPED', sentBack)],
          pagination: { nextToken: 'page-3' },
        });
      }
      return sendJson(res, 200, { orders: [order('405-5', 'UNSHIPPED'), order('405-6', 'ON_THE_MOON')] });
    });
  }

  const readAll = (credentials: Record<string, string>, ctx: AmazonContext) => readAllPages(amazonConnector, credentials, range, ctx);

  it('asks searchOrders for the Turkish marketplace with createdAfter/createdBefore, 100 per page and the datasets it reads', async () => {
    const server = await searchServer();
    await readAll(freshCredentials(), { baseUrl: server.url, ...lwa, retries: 0 });
    const calls = server.requests.filter((request) => request.path === '/orders/2026-01-01/orders');
    expect(calls).toHaveLength(3);
    expect(Object.fromEntries(calls[0]!.query)).toEqual({
      marketplaceIds: turkeyMarketplaceId,
      createdAfter: '2026-11-01T00:00:00.000Z',
      createdBefore: '2026-11-20T00:00:00.000Z',
      maxResultsPerPage: '100',
      includedData: 'PROCEEDS,FULFILLMENT,PACKAGES',
    });
    // The next pages send nextToken as paginationToken, with the same filters.
    expect(calls[1]!.query.get('paginationToken')).toBe('page/2+==');
    expect(calls[1]!.query.get('createdAfter')).toBe('2026-11-01T00:00:00.000Z');
    expect(calls[1]!.query.get('createdBefore')).toBe('2026-11-20T00:00:00.000Z');
    expect(calls[2]!.query.get('paginationToken')).toBe('page-3');
    expect(server.requests.some((request) => request.path === '/orders/v0/orders')).toBe(false);
  });

  it('maps statuses (packages refine SHIPPED), proceeds, lines and instants; an unknown status is kept as other', async () => {
    const server = await searchServer();
    const pages = await readAll(freshCredentials(), { baseUrl: server.url, ...lwa, retries: 0 });
    const orders = pages.flatMap((page) => page.orders);
    expect(orders[0]).toEqual(
      // No proceeds: the lines' sum, 2 × 125.00.
      expectedOrder('405-1', '2026-11-05T10:00:00.000Z', 'created', 25_000, [expectedLine('KUPA-01', 'Ürün KUPA-01', 2, 25_000)]),
    );
    expect(orders.map((o) => [o.id, o.orderedAt, o.status, o.totalAmount])).toEqual([
      ['405-1', '2026-11-05T10:00:00.000Z', 'created', 25_000],
      ['405-2', '2026-11-04T21:30:00.000Z', 'delivered', 25_000],
      ['405-3', '2026-11-05T10:00:00.000Z', 'cancelled', 25_000],
      ['405-4', '2026-11-05T10:00:00.000Z', 'returned', 25_000],
      ['405-5', '2026-11-05T10:00:00.000Z', 'preparing', 25_000],
      ['405-6', '2026-11-05T10:00:00.000Z', 'other', 25_000],
    ]);
  });

  it('throws rate_limited with searchOrders’ refill time (0.0056 requests a second) on 429, without retrying', async () => {
    const server = await searchServer({ throttle: true });
    const error = await rejection(amazonConnector.listOrders(freshCredentials(), range, null, { baseUrl: server.url, ...lwa, retries: 2 }));
    expect(error.kind).toBe('rate_limited');
    expect(error.options.retryAfterMs).toBe(178_572);
    expect(server.requests.filter((request) => request.path === '/orders/2026-01-01/orders')).toHaveLength(1);
  });

  it('refuses a page that is not in the documented shape as unexpected instead of guessing', async () => {
    const server = await marketplace.start((req, res) =>
      req.path === '/auth/o2/token' ? sendJson(res, 200, lwaAnswer) : sendJson(res, 200, { payload: { Orders: [] } }),
    );
    const error = await rejection(amazonConnector.listOrders(freshCredentials(), range, null, { baseUrl: server.url, ...lwa, retries: 0 }));
    expect(error.kind).toBe('unexpected');
    expect(error.detail).toMatch(/searchOrders/);
  });

  it('finishes a sync begun with v0 in v0: a token belongs to the API that issued it', async () => {
    const server = await marketplace.start((req, res) => {
      if (req.path === '/auth/o2/token') return sendJson(res, 200, lwaAnswer);
      return sendJson(res, 200, { payload: { Orders: [] } });
    });
    const credentials = freshCredentials();
    const v0Cursor = Buffer.from(JSON.stringify({ before: '2026-11-20T00:00:00.000Z', nextToken: 'v0-token' })).toString('base64url');
    const page = await amazonConnector.listOrders(credentials, range, v0Cursor, { baseUrl: server.url, ...lwa, retries: 0 });
    expect(page).toEqual({ orders: [], cursor: null });
    expect(server.requests.find((request) => request.path === '/orders/v0/orders')?.query.get('NextToken')).toBe('v0-token');
  });
});

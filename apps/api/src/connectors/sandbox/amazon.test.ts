import { describe, expect, it } from 'vitest';
import { amazonConnector, amazonConsentUrl, exchangeAmazonAuthorizationCode, turkeyMarketplaceId, type AmazonContext } from '../amazon.ts';
import { amazonErrorList, amazonParticipations, amazonSearchOrdersPage, amazonV0OrdersPage } from '../amazon-schema.ts';
import { ConnectorError, type MarketplaceOrder } from '../types.ts';
import { amazonSandbox, sandboxSellingPartnerId, sandboxStoreName } from './amazon.ts';
import { sandboxSales } from './orders.ts';
import { useSandboxApp } from './sandbox-test-kit.ts';

const now = Date.parse('2026-11-20T09:00:00Z');
const lwa = { clientId: 'any-client', clientSecret: 'any-secret' };
const publicUrl = 'http://localhost:5173';
const redirectUri = `${publicUrl}/amazon-callback`;

const sandbox = useSandboxApp(async (app) => {
  await app.register(amazonSandbox, { prefix: '/sandbox/amazon', delayMs: 0, now: () => now, amazonOrdersBurst: 0, publicUrl });
  await app.register(amazonSandbox, { prefix: '/throttled/amazon', delayMs: 0, now: () => now, amazonOrdersBurst: 2 });
});
const base = () => `${sandbox.origin}/sandbox/amazon`;
const throttledBase = () => `${sandbox.origin}/throttled/amazon`;

const ctx = (): AmazonContext => ({ baseUrl: base(), lwaBaseUrl: base(), ...lwa, retries: 0 });

describe('Amazon sandbox consent page', () => {
  it('asks to authorize WorqTrade and links back with the sandbox code, state and a stable selling partner id', async () => {
    const url = amazonConsentUrl({
      region: 'EU',
      state: 'state-123',
      applicationId: 'amzn1.sp.solution.test',
      redirectUri,
      sellerCentralBase: base(),
    });
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const html = await response.text();
    expect(html).toContain('Amazon (sandbox) — authorize WorqTrade?');
    // The app's CSP forbids inline scripts: the page must work without any.
    expect(html).not.toMatch(/<script|onclick=|javascript:/i);
    const hrefs = [...html.matchAll(/href="([^"]+)"/g)].map((match) => new URL(match[1]!.replaceAll('&amp;', '&')));
    const authorize = hrefs.find((href) => href.searchParams.has('spapi_oauth_code'));
    expect(authorize?.origin + authorize!.pathname).toBe(redirectUri);
    expect(Object.fromEntries(authorize!.searchParams)).toEqual({
      spapi_oauth_code: 'sandbox',
      state: 'state-123',
      selling_partner_id: sandboxSellingPartnerId,
    });
    const cancel = hrefs.find((href) => href.searchParams.get('error') === 'access_denied');
    expect(cancel?.searchParams.get('state')).toBe('state-123');
  });

  it('refuses a redirect that is not an amazon-callback page, so it is no open redirect', async () => {
    const response = await fetch(
      `${base()}/apps/authorize/consent?application_id=a&state=s&redirect_uri=${encodeURIComponent('https://evil.example/steal')}`,
    );
    expect(response.status).toBe(400);
    expect(await response.text()).not.toContain('evil.example');
  });

  it.each([
    'https://evil.example/amazon-callback',
    'http://localhost:5174/amazon-callback',
    'https://localhost:5173/amazon-callback',
    'http://user:pass@localhost:5173/amazon-callback',
  ])("refuses an amazon-callback on another origin than PUBLIC_URL's (%s)", async (redirect) => {
    const response = await fetch(`${base()}/apps/authorize/consent?application_id=a&state=s&redirect_uri=${encodeURIComponent(redirect)}`);
    expect(response.status).toBe(400);
    expect(await response.text()).not.toContain('spapi_oauth_code');
  });
});

describe('Amazon connector against its sandbox', () => {
  async function readAll(credentials: Record<string, string>, range: { from: Date; to: Date }, context: AmazonContext) {
    const orders: MarketplaceOrder[] = [];
    let pages = 0;
    let cursor: string | null = null;
    do {
      const result = await amazonConnector.listOrders(credentials, range, cursor, context);
      orders.push(...result.orders);
      cursor = result.cursor;
      pages += 1;
    } while (cursor !== null);
    return { orders, pages };
  }

  it('exchanges the code sandbox, verifies and lists every searchOrders page as the sandbox generated them, lines included', async () => {
    const { refreshToken } = await exchangeAmazonAuthorizationCode('sandbox', { lwaBaseUrl: base(), ...lwa, redirectUri, retries: 0 });
    // The selling partner id comes from the consent redirect, not from anything the seller typed.
    const credentials = { refresh_token: refreshToken, region: 'EU', selling_partner_id: sandboxSellingPartnerId };
    await expect(amazonConnector.verify(credentials, ctx())).resolves.toEqual({
      sellerId: sandboxSellingPartnerId,
      storeName: sandboxStoreName,
    });

    const range = { from: new Date(now - 30 * 86_400_000), to: new Date(now - 3_600_000) };
    const { orders, pages } = await readAll(credentials, range, ctx());
    const sales = sandboxSales(`amazon:${sandboxSellingPartnerId}`, range.from, range.to, { now: new Date(now) });
    expect(sales.length).toBeGreaterThan(300);
    expect(pages).toBe(Math.ceil(sales.length / 100));
    // searchOrders returns items and proceeds with every order: nothing differs but the single id.
    expect(orders).toEqual(sales.map((order) => ({ ...order, orderNumber: order.id })));
  });

  it('with AMAZON_ORDERS_API=v0 lists every getOrders page (no lines, Pending without a total)', async () => {
    const { refreshToken } = await exchangeAmazonAuthorizationCode('sandbox', { lwaBaseUrl: base(), ...lwa, redirectUri, retries: 0 });
    const credentials = { refresh_token: refreshToken, region: 'EU', selling_partner_id: sandboxSellingPartnerId };
    const range = { from: new Date(now - 30 * 86_400_000), to: new Date(now - 3_600_000) };
    const { orders } = await readAll(credentials, range, { ...ctx(), ordersApi: 'v0' });
    const sales = sandboxSales(`amazon:${sandboxSellingPartnerId}`, range.from, range.to, { now: new Date(now) });
    // Documented differences (docs/marketplaces.md § Amazon): one id, no lines, Pending has no total.
    const expected = sales.map((order) => ({
      ...order,
      orderNumber: order.id,
      lines: [],
      totalAmount: order.status === 'created' ? 0 : order.totalAmount,
    }));
    expect(orders).toEqual(expected);
  });

  it('limits searchOrders to its burst and the connector asks to resume after a refill (about 3 minutes)', async () => {
    const throttled = (): AmazonContext => ({ baseUrl: throttledBase(), lwaBaseUrl: throttledBase(), ...lwa, retries: 0 });
    const { refreshToken } = await exchangeAmazonAuthorizationCode('sandbox', {
      lwaBaseUrl: throttledBase(),
      ...lwa,
      redirectUri,
      retries: 0,
    });
    const credentials = { refresh_token: refreshToken, region: 'EU', selling_partner_id: sandboxSellingPartnerId };
    const range = { from: new Date(now - 30 * 86_400_000), to: new Date(now - 3_600_000) };
    const first = await amazonConnector.listOrders(credentials, range, null, throttled());
    const second = await amazonConnector.listOrders(credentials, range, first.cursor, throttled());
    const error = (await amazonConnector
      .listOrders(credentials, range, second.cursor, throttled())
      .catch((reason: unknown) => reason)) as ConnectorError;
    expect(error).toBeInstanceOf(ConnectorError);
    expect(error.kind).toBe('rate_limited');
    expect(error.options.retryAfterMs).toBeGreaterThanOrEqual(178_000);
  });

  it('refuses CreatedBefore later than two minutes before now', async () => {
    const { refreshToken } = await exchangeAmazonAuthorizationCode('sandbox', { lwaBaseUrl: base(), ...lwa, redirectUri, retries: 0 });
    const token = await fetch(`${base()}/auth/o2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
        client_id: 'c',
        client_secret: 's',
      }).toString(),
    }).then((response) => response.json() as Promise<{ access_token: string }>);
    const before = new Date(now - 60_000).toISOString();
    const response = await fetch(
      `${base()}/orders/v0/orders?MarketplaceIds=A33AVAJ2PDY3EV&CreatedAfter=2026-11-01T00:00:00Z&CreatedBefore=${before}`,
      {
        headers: { 'x-amz-access-token': token.access_token },
      },
    );
    expect(response.status).toBe(400);
  });

  it('refuses any other authorization code like LWA does', async () => {
    const error = await exchangeAmazonAuthorizationCode('not-sandbox', { lwaBaseUrl: base(), ...lwa, redirectUri, retries: 0 }).catch(
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(ConnectorError);
    expect((error as ConnectorError).messageKey).toBe('amazon_authorization_failed');
  });

  it('refuses a refresh token it did not issue', async () => {
    const error = await amazonConnector.verify({ refresh_token: 'Atzr|forged', region: 'EU' }, ctx()).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ConnectorError);
    expect((error as ConnectorError).kind).toBe('bad_credentials');
  });

  it('answers SP-API calls without a sandbox access token with the errors array', async () => {
    const response = await fetch(`${base()}/orders/v0/orders?MarketplaceIds=A33AVAJ2PDY3EV&CreatedAfter=2025-01-01T00:00:00Z`, {
      headers: { 'x-amz-access-token': 'Atza|forged' },
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      errors: [{ code: 'Unauthorized', message: 'Access to requested resource is denied.', details: '' }],
    });
  });
});

describe('Amazon sandbox answers in the shapes of the published models', () => {
  async function accessToken(): Promise<string> {
    const { refreshToken } = await exchangeAmazonAuthorizationCode('sandbox', { lwaBaseUrl: base(), ...lwa, redirectUri, retries: 0 });
    const body = new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: 'c', client_secret: 's' });
    const response = await fetch(`${base()}/auth/o2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: body.toString(),
    });
    return ((await response.json()) as { access_token: string }).access_token;
  }
  const get = async (path: string, token: string) => {
    const response = await fetch(`${base()}${path}`, { headers: { 'x-amz-access-token': token } });
    return { status: response.status, body: (await response.json()) as unknown };
  };
  const after = new Date(now - 20 * 86_400_000).toISOString();
  const before = new Date(now - 3_600_000).toISOString();

  it('every searchOrders page validates, and each dataset comes only when asked for', async () => {
    const token = await accessToken();
    let paginationToken: string | undefined;
    let seen = 0;
    const statuses = new Set<string>();
    do {
      const query = new URLSearchParams({
        marketplaceIds: turkeyMarketplaceId,
        createdAfter: after,
        createdBefore: before,
        includedData: 'PROCEEDS,FULFILLMENT,PACKAGES',
      });
      if (paginationToken) query.set('paginationToken', paginationToken);
      const { status, body } = await get(`/orders/2026-01-01/orders?${query}`, token);
      expect(status).toBe(200);
      const page = amazonSearchOrdersPage.parse(body);
      seen += page.orders.length;
      for (const order of page.orders) {
        expect(order.proceeds?.grandTotal).toBeDefined();
        expect(order.orderItems.length).toBeGreaterThan(0);
        statuses.add(order.fulfillment!.fulfillmentStatus);
      }
      paginationToken = page.pagination?.nextToken;
    } while (paginationToken);
    expect(seen).toBeGreaterThan(100);
    expect([...statuses].sort()).toEqual(['CANCELLED', 'PENDING', 'SHIPPED', 'UNSHIPPED']);

    const bare = amazonSearchOrdersPage.parse(
      (await get(`/orders/2026-01-01/orders?marketplaceIds=${turkeyMarketplaceId}&createdAfter=${after}&createdBefore=${before}`, token))
        .body,
    );
    expect(bare.orders.every((order) => !order.proceeds && !order.fulfillment && !order.packages)).toBe(true);
  });

  it('every getOrders page validates', async () => {
    const token = await accessToken();
    let nextToken: string | undefined;
    let seen = 0;
    do {
      const query = nextToken
        ? new URLSearchParams({ MarketplaceIds: turkeyMarketplaceId, NextToken: nextToken })
        : new URLSearchParams({ MarketplaceIds: turkeyMarketplaceId, CreatedAfter: after, CreatedBefore: before });
      const { status, body } = await get(`/orders/v0/orders?${query}`, token);
      expect(status).toBe(200);
      const page = amazonV0OrdersPage.parse(body);
      seen += page.payload.Orders.length;
      nextToken = page.payload.NextToken;
    } while (nextToken);
    expect(seen).toBeGreaterThan(100);
  });

  it('participations, refusals and searchOrders’ two-minute rule validate against their schemas', async () => {
    const token = await accessToken();
    amazonParticipations.parse((await get('/sellers/v1/marketplaceParticipations', token)).body);
    const late = await get(
      `/orders/2026-01-01/orders?marketplaceIds=${turkeyMarketplaceId}&createdAfter=${after}&createdBefore=${new Date(now - 60_000).toISOString()}`,
      token,
    );
    expect(late.status).toBe(400);
    amazonErrorList.parse(late.body);
    const forged = await get(`/orders/2026-01-01/orders?marketplaceIds=${turkeyMarketplaceId}&createdAfter=${after}`, 'Atza|forged');
    expect(forged.status).toBe(403);
    amazonErrorList.parse(forged.body);
  });
});

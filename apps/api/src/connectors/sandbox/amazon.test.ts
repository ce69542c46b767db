import { describe, expect, it } from 'vitest';
import { amazonConnector, amazonConsentUrl, exchangeAmazonAuthorizationCode, type AmazonContext } from '../amazon.ts';
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
  it('exchanges the code sandbox, verifies and lists every order page as the sandbox generated them', async () => {
    const { refreshToken } = await exchangeAmazonAuthorizationCode('sandbox', { lwaBaseUrl: base(), ...lwa, redirectUri, retries: 0 });
    const credentials = { refresh_token: refreshToken, region: 'EU', selling_partner_id: sandboxSellingPartnerId };
    await expect(amazonConnector.verify(credentials, ctx())).resolves.toEqual({
      sellerId: sandboxSellingPartnerId,
      storeName: sandboxStoreName,
    });

    const range = { from: new Date(now - 30 * 86_400_000), to: new Date(now - 3_600_000) };
    const orders: MarketplaceOrder[] = [];
    let pages = 0;
    let cursor: string | null = null;
    do {
      const result = await amazonConnector.listOrders(credentials, range, cursor, ctx());
      orders.push(...result.orders);
      cursor = result.cursor;
      pages += 1;
    } while (cursor !== null);
    const sales = sandboxSales(`amazon:${sandboxSellingPartnerId}`, range.from, range.to, { now: new Date(now) });
    expect(sales.length).toBeGreaterThan(300);
    expect(pages).toBe(Math.ceil(sales.length / 100));
    // Documented differences (docs/marketplaces.md § Amazon): one id, no lines, Pending has no total.
    const expected = sales.map((order) => ({
      ...order,
      orderNumber: order.id,
      lines: [],
      totalAmount: order.status === 'created' ? 0 : order.totalAmount,
    }));
    expect(orders).toEqual(expected);
  });

  it('limits getOrders to its burst and the connector asks to resume a minute later', async () => {
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
    expect(error.options.retryAfterMs).toBeGreaterThanOrEqual(59_000);
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

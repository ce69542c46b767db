import { describe, expect, it } from 'vitest';
import { exchangeIdeasoftCode, ideasoftAuthorizeUrl, ideasoftConnector } from '../ideasoft.ts';
import { ideasoftOAuthError, ideasoftOrdersPage } from '../ideasoft-schema.ts';
import { ConnectorError, type Credentials, type MarketplaceOrder } from '../types.ts';
import { ideasoftSandbox, ideasoftSandboxStoreKey } from './ideasoft.ts';
import { sandboxSales } from './orders.ts';
import { useSandboxApp } from './sandbox-test-kit.ts';

const dayMs = 86_400_000;
// The sandbox's clock; tests move it to expire access tokens.
let clock = Date.parse('2026-11-20T09:00:00Z');
const sandbox = useSandboxApp((app) =>
  app.register(ideasoftSandbox, { prefix: '/sandbox/ideasoft', delayMs: 0, now: () => clock, publicUrl: 'https://portal.example' }),
);
const base = () => `${sandbox.origin}/sandbox/ideasoft`;

const redirectUri = 'https://portal.example/ideasoft-callback';
const client = { store_url: 'https://magaza.myideasoft.com', client_id: 'client-42', client_secret: 'sandbox' };
const ctx = () => ({ baseUrl: base(), retries: 0 });

/** Opens the consent page and follows its approve link the way the browser would. */
async function approve(clientId = client.client_id, state = 'state-1'): Promise<{ code: string; state: string }> {
  const page = await fetch(ideasoftAuthorizeUrl({ storeUrl: client.store_url, clientId, state, redirectUri, baseUrl: base() }));
  expect(page.status).toBe(200);
  expect(page.headers.get('content-type')).toContain('text/html');
  const html = await page.text();
  const hrefs = [...html.matchAll(/href="([^"]+)"/g)].map((match) => new URL(match[1]!.replace(/&amp;/g, '&')));
  const approveLink = hrefs.find((href) => href.searchParams.has('code'))!;
  expect(`${approveLink.origin}${approveLink.pathname}`).toBe(redirectUri);
  expect(hrefs.find((href) => href.searchParams.get('error') === 'access_denied')?.searchParams.get('state')).toBe(state);
  return { code: approveLink.searchParams.get('code')!, state: approveLink.searchParams.get('state')! };
}

async function failure(promise: Promise<unknown>): Promise<ConnectorError> {
  const error = await promise.then(
    () => new Error('expected a failure'),
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ConnectorError);
  return error as ConnectorError;
}

describe('Ideasoft sandbox: authorization code', () => {
  it('approves on the consent page, exchanges the code once and reads products with the token', async () => {
    const { code, state } = await approve();
    expect(code).toMatch(/^sandbox-/);
    expect(state).toBe('state-1');
    const tokens = await exchangeIdeasoftCode(client, code, redirectUri, ctx());
    expect(await ideasoftConnector.verify({ ...client, ...tokens }, ctx())).toEqual({ storeName: 'magaza.myideasoft.com' });
    const replay = await failure(exchangeIdeasoftCode(client, code, redirectUri, ctx()));
    expect(replay.messageKey).toBe('ideasoft_authorization_failed');
  });

  it("refuses another client's code, another redirect URI and a foreign consent request", async () => {
    const { code } = await approve('client-7');
    expect((await failure(exchangeIdeasoftCode(client, code, redirectUri, ctx()))).kind).toBe('bad_credentials');
    const { code: second } = await approve();
    expect((await failure(exchangeIdeasoftCode(client, second, 'https://evil.example/ideasoft-callback', ctx()))).kind).toBe(
      'bad_credentials',
    );
    const open = await fetch(
      `${base()}/panel/auth?client_id=x&response_type=code&state=s&redirect_uri=${encodeURIComponent('https://evil.example/steal')}`,
    );
    expect(open.status).toBe(400);
    // An ideasoft-callback page, but on another origin than the portal's PUBLIC_URL.
    const elsewhere = await fetch(
      `${base()}/panel/auth?client_id=x&response_type=code&state=s&redirect_uri=${encodeURIComponent('https://evil.example/ideasoft-callback')}`,
    );
    expect(elsewhere.status).toBe(400);
    expect(await elsewhere.text()).not.toContain('code=sandbox-');
  });

  it('refuses the client_credentials grant the way the store does', async () => {
    const response = await fetch(`${base()}/oauth/v2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'client-42', client_secret: 'sandbox' }).toString(),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: 'unauthorized_client',
      error_description: 'The grant type is unauthorized for this client_id',
    });
  });

  it('rotates refresh tokens: an expired access token is refreshed once and the spent refresh token is dead', async () => {
    const tokens = await exchangeIdeasoftCode(client, (await approve()).code, redirectUri, ctx());
    clock += dayMs + 60_000;
    const rotated: Credentials[] = [];
    await ideasoftConnector.verify({ ...client, ...tokens }, { ...ctx(), onSecretsRotated: async (secrets) => void rotated.push(secrets) });
    expect(rotated).toHaveLength(1);
    expect(rotated[0]!.refresh_token).not.toBe(tokens.refresh_token);
    const spent = await fetch(`${base()}/oauth/v2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token, ...client }).toString(),
    });
    expect(spent.status).toBe(400);
    expect(await spent.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('answers a forged token like the OAuth server does', async () => {
    const response = await fetch(`${base()}/admin-api/products?limit=1`, { headers: { authorization: 'Bearer forged' } });
    expect(response.status).toBe(401);
    const body: unknown = await response.json();
    expect(body).toEqual({ error: 'invalid_grant', error_description: 'The access token provided is invalid.' });
    ideasoftOAuthError.parse(body);
  });
});

describe('Ideasoft sandbox: orders', () => {
  it('lists every order of the range exactly as the generator made them for this client', async () => {
    const tokens = await exchangeIdeasoftCode(client, (await approve()).code, redirectUri, ctx());
    const range = { from: new Date(clock - 15 * dayMs), to: new Date(clock - 3_600_000) };
    const orders: MarketplaceOrder[] = [];
    let cursor: string | null = null;
    let calls = 0;
    do {
      const page = await ideasoftConnector.listOrders({ ...client, ...tokens }, range, cursor, ctx());
      orders.push(...page.orders);
      cursor = page.cursor;
      calls += 1;
    } while (cursor !== null);
    // Ideasoft has no packages: the order id is also the order number.
    const expected = sandboxSales(ideasoftSandboxStoreKey('client-42'), range.from, range.to, { now: new Date(clock) }).map((order) => ({
      ...order,
      orderNumber: order.id,
    }));
    expect(expected.length).toBeGreaterThan(100);
    expect(calls).toBeGreaterThan(1);
    // Pages come in id order (sort=id), the generator's list in time order.
    const byId = (list: MarketplaceOrder[]) => [...list].sort((a, b) => Number(a.id) - Number(b.id));
    expect(orders).toEqual(byId(expected));
    expect(new Set(orders.map((order) => order.status))).toContain('returned');
  });

  it('answers every orders page in the shape the connector parses (ideasoft-schema.ts), with the documented paging and filters', async () => {
    const tokens = await exchangeIdeasoftCode(client, (await approve()).code, redirectUri, ctx());
    const get = (query: string) =>
      fetch(`${base()}/admin-api/orders?${query}`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    const days = 'startCreatedAt=2026-10-20&endCreatedAt=2026-11-19';
    const ids: number[] = [];
    for (let page = 1; ; page += 1) {
      const response = await get(`limit=100&page=${page}&sort=id&${days}`);
      expect(response.status).toBe(200);
      const rows = ideasoftOrdersPage.parse(await response.json());
      ids.push(...rows.map((row) => row.id));
      if (rows.length < 100) break;
    }
    expect(ids.length).toBeGreaterThan(100);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    // The documented default is 20 a page; sort=-id turns the order round; status filters.
    const first = ideasoftOrdersPage.parse(await (await get(days)).json());
    expect(first).toHaveLength(20);
    const descending = ideasoftOrdersPage.parse(await (await get(`sort=-id&limit=1&${days}`)).json());
    expect(descending.map((row) => row.id)).toEqual([ids.at(-1)]);
    const refunded = ideasoftOrdersPage.parse(await (await get(`status=refunded&limit=100&${days}`)).json());
    expect(refunded.length).toBeGreaterThan(0);
    expect(new Set(refunded.map((row) => row.status))).toEqual(new Set(['refunded']));
    for (const bad of ['limit=101', 'page=0', 'startCreatedAt=20.11.2026', 'status=deleted']) {
      expect((await get(bad)).status, bad).toBe(400);
    }
  });
});

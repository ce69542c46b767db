/*
 * The Ideasoft connection end to end on the in-process sandbox: authorization URL with a
 * server-held state, the store's consent page, the callback's upsert with the code exchanged in
 * that request (the code lives about 30 s), the connect task that verifies and saves, and the
 * rotated refresh token saved by later calls.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { backgroundTasks, integrations, marketplaceOauthStates } from '../../db/schema.ts';
import { get, post, registerVerifiedCustomer, type RegisteredCustomer, sharedAccountsTestApp } from '../../test/accounts-helpers.ts';
import { listIntegrations, marketplaceIdOf, taskResult } from './test-kit.ts';
import { expectError, expectErrorCode } from '../../test/helpers.ts';

const ctx = sharedAccountsTestApp({ PUBLIC_URL: 'http://portal.test:8080' });

let storeCounter = 0;
function store(overrides: Record<string, string> = {}) {
  storeCounter += 1;
  return {
    store_name: 'Ayşe Butik',
    store_url: `https://butik${storeCounter}-${Date.now() % 100_000}.myideasoft.com`,
    client_id: `client-${storeCounter}`,
    // The sandbox takes `sandbox-…`; a unique one shows up wherever it would leak.
    client_secret: `sandbox-${storeCounter}-${Math.random().toString(36).slice(2)}`,
    ...overrides,
  };
}

async function authorizationUrl(customer: RegisteredCustomer, body: Record<string, string>) {
  const response = await post(ctx, '/marketplace/ideasoft/authorization_url', body, customer.jwt_token, { 'accept-language': 'en' });
  expect(response.statusCode, response.body).toBe(200);
  if (body.client_secret) expect(response.body).not.toContain(body.client_secret);
  return response.json<{ url: string; state: string }>();
}

/** What the browser does on the consent page: follows the approve link back to our callback. */
async function approve(url: string): Promise<{ code: string; state: string }> {
  const consent = new URL(url);
  const page = await ctx.app.inject({ method: 'GET', url: `${consent.pathname}${consent.search}` });
  expect(page.statusCode, page.body).toBe(200);
  const href = [...page.body.matchAll(/href="([^"]+)"/g)]
    .map((match) => new URL(match[1]!.replace(/&amp;/g, '&')))
    .find((link) => link.searchParams.has('code'))!;
  expect(`${href.origin}${href.pathname}`).toBe('http://portal.test:8080/ideasoft-callback');
  return { code: href.searchParams.get('code')!, state: href.searchParams.get('state')! };
}

async function callback(customer: RegisteredCustomer, credentials: Record<string, string>, extra: Record<string, unknown> = {}) {
  return post(
    ctx,
    '/marketplace/integration/upsert',
    { marketplace_id: await marketplaceIdOf(ctx, 'ideasoft'), store_name: 'Ayşe Butik', credentials, ...extra },
    customer.jwt_token,
    { 'accept-language': 'en' },
  );
}

async function connect(customer: RegisteredCustomer, body = store()) {
  const { url } = await authorizationUrl(customer, body);
  const { code, state } = await approve(url);
  const response = await callback(customer, { authorization_code: code, state });
  expect(response.statusCode, response.body).toBe(202);
  return { body, result: await taskResult(ctx, response.json<{ request_id: string }>().request_id) };
}

async function storedRow(customer: RegisteredCustomer) {
  const [row] = await ctx.database.db.select().from(integrations).where(eq(integrations.customerId, customer.customerId));
  return row!;
}

describe('Ideasoft authorization URL', () => {
  it("points at the store's consent page with our callback and keeps the typed details encrypted on the server", async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const body = store({ client_secret: 'sandbox-very-secret-value' });
    const { url, state } = await authorizationUrl(customer, body);
    const consent = new URL(url);
    // In sandbox mode every store address maps to this server's Ideasoft sandbox.
    expect(`${consent.origin}${consent.pathname}`).toBe('http://portal.test:8080/sandbox/ideasoft/panel/auth');
    expect(Object.fromEntries(consent.searchParams)).toEqual({
      client_id: body.client_id,
      response_type: 'code',
      state,
      redirect_uri: 'http://portal.test:8080/ideasoft-callback',
    });
    expect(state.length).toBeGreaterThanOrEqual(32);
    const [row] = await ctx.database.db
      .select()
      .from(marketplaceOauthStates)
      .where(eq(marketplaceOauthStates.customerId, customer.customerId));
    expect(row).toMatchObject({ marketplaceCode: 'ideasoft', usedAt: null });
    expect(row!.stateHash).not.toBe(state);
    expect(JSON.stringify(row)).not.toContain('very-secret-value');
    expect(ctx.app.secrets.decrypt(row!.payloadEncrypted)).toMatchObject({
      client_secret: 'sandbox-very-secret-value',
      store_url: body.store_url,
    });
    expect(row!.expiresAt.getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(row!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(10 * 60_000);
  });

  it('refuses store addresses that are not a public https host name, and a missing secret', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    for (const storeUrl of [
      'http://magaza.com',
      'https://192.168.1.10',
      'https://magaza.com:8443',
      'https://admin:pw@magaza.com',
      'https://localhost',
    ]) {
      const response = await post(ctx, '/marketplace/ideasoft/authorization_url', store({ store_url: storeUrl }), customer.jwt_token, {
        'accept-language': 'en',
      });
      expect(response.statusCode, storeUrl).toBe(400);
      expect(response.json().errors.fields).toEqual({
        store_url: 'Store address must be an https domain name (no IP address, port or user details).',
      });
    }
    const noSecret = await post(ctx, '/marketplace/ideasoft/authorization_url', store({ client_secret: '' }), customer.jwt_token, {
      'accept-language': 'en',
    });
    expect(noSecret.statusCode).toBe(400);
    expect(Object.keys(noSecret.json().errors.fields)).toEqual(['client_secret']);
    expect(
      await ctx.database.db.select().from(marketplaceOauthStates).where(eq(marketplaceOauthStates.customerId, customer.customerId)),
    ).toEqual([]);
  });
});

describe('Ideasoft callback', () => {
  it('stores tokens and secret only encrypted once the connect task has verified the store', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const { body, result } = await connect(customer);
    expect(result).toMatchObject({ is_successful: true, message: 'Ayşe Butik mağazanız bağlandı.' });
    const [listed] = await listIntegrations(ctx, customer);
    expect(listed).toMatchObject({ marketplace_code: 'ideasoft', store_name: 'Ayşe Butik', status: 'active' });
    const row = await storedRow(customer);
    expect(row.publicFields).toEqual({ store_url: body.store_url, client_id: body.client_id });
    const secrets = ctx.app.secrets.decrypt(row.secretsEncrypted!);
    expect(Object.keys(secrets).sort()).toEqual(['access_token', 'client_secret', 'refresh_token']);
    expect(secrets.refresh_token).toMatch(/^sbxr\./);
    for (const value of Object.values(secrets)) {
      expect(JSON.stringify(row)).not.toContain(value);
      expect(JSON.stringify(listed)).not.toContain(value);
      expect(JSON.stringify(result)).not.toContain(value);
    }
    // The task row carries the typed details only encrypted, and the code is never stored.
    const tasks = await ctx.database.db.select().from(backgroundTasks).where(eq(backgroundTasks.customerId, customer.customerId));
    expect(tasks.length).toBeGreaterThan(0);
    expect(JSON.stringify(tasks)).not.toContain(body.client_secret);
    expect(Object.keys(row.publicFields)).not.toContain('authorization_code');
  });

  it('uses a state once', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const { url } = await authorizationUrl(customer, store());
    const { code, state } = await approve(url);
    expect((await callback(customer, { authorization_code: code, state })).statusCode).toBe(202);
    const replay = await callback(customer, { authorization_code: code, state });
    expectError(
      replay,
      400,
      'ideasoft_state_invalid',
      'The Ideasoft authorization request has expired or is invalid. Please start the connection again.',
    );
  });

  it("refuses another customer's state, an expired state and an unknown one", async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const other = await registerVerifiedCustomer(ctx);
    const { url } = await authorizationUrl(customer, store());
    const { code, state } = await approve(url);
    expect((await callback(other, { authorization_code: code, state })).json().errors.code).toBe('ideasoft_state_invalid');
    expect((await callback(customer, { authorization_code: code, state: 'made-up-state-value' })).json().errors.code).toBe(
      'ideasoft_state_invalid',
    );

    await ctx.database.db
      .update(marketplaceOauthStates)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(marketplaceOauthStates.customerId, customer.customerId));
    const expired = await callback(customer, { authorization_code: code, state });
    expectErrorCode(expired, 400, 'ideasoft_state_invalid');
    expect(await listIntegrations(ctx, other)).toEqual([]);
  });

  it('refuses typed credentials without an authorization (no client_credentials shortcut)', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const { store_url, client_id, client_secret } = store();
    const response = await callback(customer, { store_url, client_id, client_secret });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors.fields).sort()).toEqual(['authorization_code', 'state']);
  });

  it('exchanges the code within the callback request: the code is spent and the queued task holds tokens, never the code', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const body = store();
    const { url } = await authorizationUrl(customer, body);
    const { code, state } = await approve(url);
    const response = await callback(customer, { authorization_code: code, state });
    expect(response.statusCode, response.body).toBe(202);
    // The store already spent the code: the sandbox takes a code once, so a second exchange is refused.
    const replay = await ctx.app.inject({
      method: 'POST',
      url: '/sandbox/ideasoft/oauth/v2/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        client_id: body.client_id,
        client_secret: body.client_secret,
        redirect_uri: 'http://portal.test:8080/ideasoft-callback',
      }).toString(),
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ error: 'invalid_grant' });
    // The queued task carries the first token pair (encrypted) and no code.
    const [task] = await ctx.database.db
      .select()
      .from(backgroundTasks)
      .where(eq(backgroundTasks.id, response.json<{ request_id: string }>().request_id));
    const queued = ctx.app.secrets.decrypt(String((task!.payload as Record<string, unknown>).credentials_encrypted));
    expect(Object.keys(queued).sort()).toEqual(['access_token', 'client_id', 'client_secret', 'refresh_token', 'store_url']);
    expect(JSON.stringify(task)).not.toContain(code);
    expect(await taskResult(ctx, response.json<{ request_id: string }>().request_id)).toMatchObject({ is_successful: true });
  });

  it('answers the callback itself with the authorization message when the store refuses the code, queueing nothing', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const { url } = await authorizationUrl(customer, store());
    const { state } = await approve(url);
    const response = await callback(customer, { authorization_code: 'sandbox-not-a-code.x', state });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toMatchObject({
      code: 'ideasoft_authorization_failed',
      message: 'The Ideasoft authorization could not be completed. Please start the connection again.',
    });
    const tasks = await ctx.database.db.select().from(backgroundTasks).where(eq(backgroundTasks.customerId, customer.customerId));
    expect(tasks).toEqual([]);
    expect(await listIntegrations(ctx, customer)).toEqual([]);
  });

  it('reconnects an integration with the stored secret when none is typed again', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const { body } = await connect(customer);
    const before = await storedRow(customer);
    const { url } = await authorizationUrl(customer, { ...body, client_secret: '', store_name: 'Ayşe Butik 2', integration_id: before.id });
    const { code, state } = await approve(url);
    const response = await callback(customer, { authorization_code: code, state });
    const result = await taskResult(ctx, response.json<{ request_id: string }>().request_id);
    expect(result).toMatchObject({ is_successful: true });
    const rows = await ctx.database.db.select().from(integrations).where(eq(integrations.customerId, customer.customerId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: before.id, storeName: 'Ayşe Butik 2' });
    expect(ctx.app.secrets.decrypt(rows[0]!.secretsEncrypted!).refresh_token).not.toBe(
      ctx.app.secrets.decrypt(before.secretsEncrypted!).refresh_token,
    );
  });
});

describe('Ideasoft token rotation', () => {
  it('saves the rotated refresh token a health check obtained, so the next check works with it', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    await connect(customer);
    const row = await storedRow(customer);
    const first = ctx.app.secrets.decrypt(row.secretsEncrypted!);
    // The access token has expired: the next call must spend the refresh token.
    await ctx.database.db
      .update(integrations)
      .set({ secretsEncrypted: ctx.app.secrets.encrypt({ ...first, access_token: 'expired' }) })
      .where(eq(integrations.id, row.id));

    const check = async () =>
      taskResult(
        ctx,
        await ctx.app.tasks.enqueue({
          customerId: customer.customerId,
          type: 'check_integration_health',
          payload: { integration_id: row.id },
        }),
      );
    expect(await check()).toMatchObject({ is_successful: true });
    const second = ctx.app.secrets.decrypt((await storedRow(customer)).secretsEncrypted!);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.access_token).not.toBe('expired');
    expect(second.client_secret).toBe(first.client_secret);

    // Expire again: only the saved successor can refresh now (the first one is spent).
    await ctx.database.db
      .update(integrations)
      .set({ secretsEncrypted: ctx.app.secrets.encrypt({ ...second, access_token: 'expired' }) })
      .where(eq(integrations.id, row.id));
    expect(await check()).toMatchObject({ is_successful: true });
    const third = ctx.app.secrets.decrypt((await storedRow(customer)).secretsEncrypted!);
    expect(third.refresh_token).not.toBe(second.refresh_token);
    expect((await get(ctx, '/marketplace/integration/list', customer.jwt_token)).body).not.toContain(third.refresh_token);
  });

  it('saves the refresh token an order sync rotated, and the sync goes on with it', { timeout: 180_000 }, async () => {
    const customer = await registerVerifiedCustomer(ctx);
    await connect(customer);
    const row = await storedRow(customer);
    // The first import reads a year newest-first, continued by the 15-second schedule: on a loaded
    // machine that takes more than one tick, so the wait is generous (it ends at the first settled state).
    const settled = async () => {
      for (const until = Date.now() + 120_000; Date.now() < until; await new Promise((resolve) => setTimeout(resolve, 100))) {
        const body = (await get(ctx, `/insight/overview?integration_id=${row.id}`, customer.jwt_token)).json<{
          sync: { state: string }[];
        }>();
        if (body.sync[0] && !['running', 'never'].includes(body.sync[0].state)) return body.sync[0].state;
      }
      throw new Error('sync did not settle');
    };
    expect(await settled()).toBe('ok');
    const before = ctx.app.secrets.decrypt((await storedRow(customer)).secretsEncrypted!);
    await ctx.database.db
      .update(integrations)
      .set({ secretsEncrypted: ctx.app.secrets.encrypt({ ...before, access_token: 'expired' }) })
      .where(eq(integrations.id, row.id));

    const response = await post(ctx, '/insight/sync', { integration_id: row.id }, customer.jwt_token);
    expect(response.statusCode, response.body).toBe(202);
    expect(await taskResult(ctx, response.json<{ request_id: string }>().request_id, 40_000)).toMatchObject({ is_successful: true });
    const after = ctx.app.secrets.decrypt((await storedRow(customer)).secretsEncrypted!);
    expect(after.refresh_token).not.toBe(before.refresh_token);
    expect(after.access_token).not.toBe('expired');
  });
});

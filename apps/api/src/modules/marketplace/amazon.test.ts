import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { amazonOauthStates, integrations } from '../../db/schema.ts';
import { get, post, registerVerifiedCustomer, type RegisteredCustomer, sharedAccountsTestApp } from '../../test/accounts-helpers.ts';
import { listIntegrations, marketplaceIdOf, runTask, taskResult } from './test-kit.ts';
import { expectError, expectErrorCode } from '../../test/helpers.ts';

const ctx = sharedAccountsTestApp({ PUBLIC_URL: 'http://portal.test:8080' });

async function authorizationUrl(customer: RegisteredCustomer, region = 'EU') {
  const response = await get(ctx, `/marketplace/amazon/authorization_url?region=${region}`, customer.jwt_token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ url: string; state: string }>();
}

async function upsertAmazon(customer: RegisteredCustomer, state: string, code = 'sandbox', sellingPartnerId = 'A2WORQSANDBOX1') {
  return post(
    ctx,
    '/marketplace/integration/upsert',
    {
      marketplace_id: await marketplaceIdOf(ctx, 'amazon'),
      store_name: 'Amazon Mağazam',
      credentials: { spapi_oauth_code: code, state, selling_partner_id: sellingPartnerId },
    },
    customer.jwt_token,
    { 'accept-language': 'en' },
  );
}

/** Amazon sends the seller's browser back to /amazon-callback (the sandbox consent page's approve link). */
async function amazonRedirect(state: string, code = 'sandbox', sellingPartnerId = 'A2WORQSANDBOX1') {
  const query = new URLSearchParams({ spapi_oauth_code: code, state, selling_partner_id: sellingPartnerId });
  return ctx.app.inject({ method: 'GET', url: `/amazon-callback?${query.toString()}` });
}

describe('Amazon authorization', () => {
  it('gives the sandbox consent URL with a fresh state and our callback', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const { url, state } = await authorizationUrl(customer, 'EU');
    const consent = new URL(url);
    expect(`${consent.origin}${consent.pathname}`).toBe('http://portal.test:8080/sandbox/amazon/apps/authorize/consent');
    expect(consent.searchParams.get('state')).toBe(state);
    expect(consent.searchParams.get('redirect_uri')).toBe('http://portal.test:8080/amazon-callback');
    expect(consent.searchParams.get('application_id')).toBeTruthy();
    expect(state.length).toBeGreaterThanOrEqual(32);
    const [stored] = await ctx.database.db.select().from(amazonOauthStates).where(eq(amazonOauthStates.customerId, customer.customerId));
    expect(stored).toMatchObject({ region: 'EU', usedAt: null });
    expect(stored!.stateHash).not.toBe(state);
    expect(stored!.expiresAt.getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
    expect((await get(ctx, '/marketplace/amazon/authorization_url?region=XX', customer.jwt_token)).statusCode).toBe(400);
  });

  it('exchanges the sandbox code inside the task and stores only the encrypted refresh token', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const { state } = await authorizationUrl(customer, 'EU');
    await amazonRedirect(state);
    const response = await upsertAmazon(customer, state);
    expect(response.statusCode, response.body).toBe(202);
    const { request_id } = response.json<{ request_id: string }>();
    const result = await taskResult(ctx, request_id);
    expect(result).toMatchObject({ is_successful: true, message: 'Amazon Mağazam mağazanız bağlandı.' });

    const [listed] = await listIntegrations(ctx, customer);
    expect(listed).toMatchObject({ marketplace_code: 'amazon', region: 'EU', seller_id: 'A2WORQSANDBOX1', status: 'active' });
    const [row] = await ctx.database.db.select().from(integrations).where(eq(integrations.customerId, customer.customerId));
    const secrets = ctx.app.secrets.decrypt(row!.secretsEncrypted!);
    expect(Object.keys(secrets)).toEqual(['refresh_token']);
    expect(JSON.stringify(row)).not.toContain(secrets.refresh_token);
  });

  it("takes the seller id from Amazon's redirect, never from what the client posts", async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const { state } = await authorizationUrl(customer, 'EU');
    const redirect = await amazonRedirect(state, 'sandbox', 'A2WORQSANDBOX1');
    // The page itself is the web app's (no build in tests: the usual 404).
    expect(redirect.statusCode).toBe(404);
    // A second redirect for the same state (replayed with another id) changes nothing.
    await amazonRedirect(state, 'sandbox', 'AFORGEDSELLER9');
    const response = await upsertAmazon(customer, state, 'sandbox', 'AFORGEDSELLER9');
    expect(response.statusCode, response.body).toBe(202);
    expect(await taskResult(ctx, response.json().request_id)).toMatchObject({ is_successful: true });
    const [listed] = await listIntegrations(ctx, customer);
    expect(listed).toMatchObject({ marketplace_code: 'amazon', seller_id: 'A2WORQSANDBOX1' });
  });

  it('stores no seller id at all when only the client names one', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const { state } = await authorizationUrl(customer, 'EU');
    const response = await upsertAmazon(customer, state, 'sandbox', 'AFORGEDSELLER9');
    expect(response.statusCode, response.body).toBe(202);
    expect(await taskResult(ctx, response.json().request_id)).toMatchObject({ is_successful: true });
    const [listed] = await listIntegrations(ctx, customer);
    expect(listed).toMatchObject({ marketplace_code: 'amazon', seller_id: null });
    const [row] = await ctx.database.db.select().from(integrations).where(eq(integrations.customerId, customer.customerId));
    expect(JSON.stringify(row!.publicFields)).not.toContain('AFORGEDSELLER9');
  });

  it('refuses a code other than the one that came with the redirect', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const { state } = await authorizationUrl(customer, 'EU');
    await amazonRedirect(state, 'sandbox');
    const response = await upsertAmazon(customer, state, 'another-code');
    expectErrorCode(response, 400, 'amazon_state_invalid');
  });

  it('uses a state once', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const { state } = await authorizationUrl(customer);
    expect((await upsertAmazon(customer, state)).statusCode).toBe(202);
    const replay = await upsertAmazon(customer, state);
    expectError(replay, 400, 'amazon_state_invalid', 'The Amazon authorization request has expired or is invalid. Please try again.');
  });

  it("refuses an expired state and another customer's state", async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const other = await registerVerifiedCustomer(ctx);
    const { state } = await authorizationUrl(customer);
    expect((await upsertAmazon(other, state)).json().errors.code).toBe('amazon_state_invalid');

    await ctx.database.db
      .update(amazonOauthStates)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(amazonOauthStates.customerId, customer.customerId));
    const expired = await upsertAmazon(customer, state);
    expectErrorCode(expired, 400, 'amazon_state_invalid');
  });

  it('fails the task with the authorization message when Amazon refuses the code', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const { state } = await authorizationUrl(customer);
    const result = await runTask(
      ctx,
      '/marketplace/integration/upsert',
      {
        marketplace_id: await marketplaceIdOf(ctx, 'amazon'),
        store_name: 'Amazon Mağazam',
        credentials: { spapi_oauth_code: 'not-the-code', state, selling_partner_id: 'A2WORQSANDBOX1' },
      },
      customer,
    );
    expect(result).toMatchObject({
      is_successful: false,
      message: 'Amazon yetkilendirmesi tamamlanamadı. Lütfen bağlantıyı yeniden başlatın.',
    });
    expect(await listIntegrations(ctx, customer)).toEqual([]);
  });
});

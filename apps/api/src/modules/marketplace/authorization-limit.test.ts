/*
 * Consent URLs are limited per seller (plugins/rate-limit.ts customerRateLimits.authorizationUrl):
 * each one stores a single-use state, Ideasoft's with the typed secrets, so a script must not mint
 * them without end. Amazon and Ideasoft share the one counter.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { amazonOauthStates, marketplaceOauthStates } from '../../db/schema.ts';
import { customerRateLimits } from '../../plugins/rate-limit.ts';
import { get, post, registerVerifiedCustomer, type RegisteredCustomer, sharedAccountsTestApp } from '../../test/accounts-helpers.ts';

const ctx = sharedAccountsTestApp({ PUBLIC_URL: 'http://portal.test:8080', CUSTOMER_RATE_LIMIT_FACTOR: '1' });
const { max } = customerRateLimits.authorizationUrl;

let storeCounter = 0;
const amazon = (customer: RegisteredCustomer) =>
  get(ctx, '/marketplace/amazon/authorization_url?region=EU', customer.jwt_token, { 'accept-language': 'tr' });
const ideasoft = (customer: RegisteredCustomer) => {
  storeCounter += 1;
  return post(
    ctx,
    '/marketplace/ideasoft/authorization_url',
    {
      store_name: 'Ayşe Butik',
      store_url: `https://limit${storeCounter}.myideasoft.com`,
      client_id: `client-${storeCounter}`,
      client_secret: `sandbox-${storeCounter}`,
    },
    customer.jwt_token,
    { 'accept-language': 'tr' },
  );
};

describe('consent URL limit per seller', () => {
  it(`gives one seller ${max} consent URLs per 10 minutes, Amazon and Ideasoft together, then 429 in the envelope`, async () => {
    const seller = await registerVerifiedCustomer(ctx);
    const statuses = [];
    for (let i = 0; i < max; i++) statuses.push((await (i % 2 === 0 ? amazon(seller) : ideasoft(seller))).statusCode);
    expect(statuses).toEqual(Array(max).fill(200));

    for (const refused of [await amazon(seller), await ideasoft(seller)]) {
      expect(refused.statusCode).toBe(429);
      expect(refused.json().errors).toMatchObject({
        code: 'too_many_requests',
        message: 'Çok fazla deneme yaptınız. Lütfen biraz sonra tekrar deneyin.',
      });
      expect(refused.json().errors.retry_after_seconds).toBeGreaterThan(9 * 60);
    }
    // A refused call stores no state.
    const states =
      (await ctx.database.db.select().from(amazonOauthStates).where(eq(amazonOauthStates.customerId, seller.customerId))).length +
      (await ctx.database.db.select().from(marketplaceOauthStates).where(eq(marketplaceOauthStates.customerId, seller.customerId))).length;
    expect(states).toBe(max);

    // Another seller has a budget of their own.
    expect((await amazon(await registerVerifiedCustomer(ctx))).statusCode).toBe(200);
  });

  it('still answers 401 to unsigned requests, however many come', async () => {
    for (let i = 0; i < max + 5; i++) {
      expect((await get(ctx, '/marketplace/amazon/authorization_url?region=EU')).statusCode).toBe(401);
    }
    const seller = await registerVerifiedCustomer(ctx);
    expect((await amazon(seller)).statusCode).toBe(200);
  });
});

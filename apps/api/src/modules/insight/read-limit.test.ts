/*
 * WorqInsight's overview and tips are limited per seller (plugins/rate-limit.ts
 * customerRateLimits.insightRead): generous for a person on the dashboard, tight for a script.
 * The CSV is written in the browser from the overview, so the overview's limit covers it.
 */
import { describe, expect, it } from 'vitest';
import { customerRateLimits } from '../../plugins/rate-limit.ts';
import { get, registerVerifiedCustomer, sharedAccountsTestApp } from '../../test/accounts-helpers.ts';

const ctx = sharedAccountsTestApp({ CUSTOMER_RATE_LIMIT_FACTOR: '1' });
const { max } = customerRateLimits.insightRead;

describe('WorqInsight read limit per seller', () => {
  it(`answers one seller's overview and tips ${max} times a minute together, then 429 in the envelope; others are not held back`, async () => {
    const seller = await registerVerifiedCustomer(ctx);
    const statuses = new Set<number>();
    for (let i = 0; i < max; i++) {
      statuses.add((await get(ctx, i % 2 === 0 ? '/insight/overview' : '/insight/tips', seller.jwt_token)).statusCode);
    }
    expect([...statuses]).toEqual([200]);

    for (const url of ['/insight/overview', '/insight/tips', '/insight/overview?from=2025-01-01&to=2025-01-31']) {
      const refused = await get(ctx, url, seller.jwt_token, { 'accept-language': 'en' });
      expect(refused.statusCode, url).toBe(429);
      expect(refused.json().errors).toMatchObject({
        code: 'too_many_requests',
        message: 'Too many attempts. Please try again a little later.',
      });
      expect(refused.json().errors.retry_after_seconds).toBeGreaterThan(0);
      expect(refused.json().errors.retry_after_seconds).toBeLessThanOrEqual(60);
    }

    const other = await registerVerifiedCustomer(ctx);
    expect((await get(ctx, '/insight/overview', other.jwt_token)).statusCode).toBe(200);
    // Unsigned requests are still refused as such, and count against nobody.
    expect((await get(ctx, '/insight/overview')).statusCode).toBe(401);
  });
});

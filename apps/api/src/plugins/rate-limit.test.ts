import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { buildApp } from '../app.ts';
import { createTestApp, sharedTestApp, signTestToken } from '../test/helpers.ts';
import { customerRateLimits } from './rate-limit.ts';

const ctx = sharedTestApp(() => createTestApp({ IP_RATE_LIMIT_PER_MINUTE: '3' }, { routes: limitedRoutes }));

async function limitedRoutes(app: FastifyInstance) {
  app.post('/api/v1/test/login', { config: { rateLimit: { max: 2, timeWindow: '1 minute' } } }, async () => ({ ok: true }));
  app.post('/api/v1/test/otp', { config: { rateLimit: {} } }, async () => ({ ok: true }));
  app.post('/api/v1/test/open', async () => ({ ok: true }));
  // Two routes on one per-customer counter, behind the token check as the real routes are.
  app.post('/api/v1/test/mine', { preHandler: app.requireAuth, config: app.customerRateLimit('supportRequest') }, async () => ({
    ok: true,
  }));
  app.post('/api/v1/test/mine-too', { preHandler: app.requireAuth, config: app.customerRateLimit('supportRequest') }, async () => ({
    ok: true,
  }));
}

const post = (url: string, ip = '203.0.113.1', language = 'tr') =>
  ctx.app.inject({ method: 'POST', url, remoteAddress: ip, headers: { 'accept-language': language } });

/** A 429 too_many_requests in English, with the seconds to wait in the body and in Retry-After. */
function expectRefusedInEnglish(refused: Awaited<ReturnType<typeof post>>) {
  expect(refused.statusCode).toBe(429);
  expect(refused.json().errors).toMatchObject({
    code: 'too_many_requests',
    message: 'Too many attempts. Please try again a little later.',
  });
  expect(refused.json().errors.retry_after_seconds).toBeGreaterThan(0);
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
}

describe('rate limits', () => {
  it('answers 429 too_many_requests in the request language once a route limit is used up', async () => {
    expect((await post('/api/v1/test/login', '203.0.113.10')).statusCode).toBe(200);
    expect((await post('/api/v1/test/login', '203.0.113.10')).statusCode).toBe(200);
    const refused = await post('/api/v1/test/login', '203.0.113.10', 'en');
    expectRefusedInEnglish(refused);
    const turkish = await post('/api/v1/test/login', '203.0.113.10');
    expect(turkish.json().errors.message).toBe('Çok fazla deneme yaptınız. Lütfen biraz sonra tekrar deneyin.');
  });

  it('counts each address separately', async () => {
    await post('/api/v1/test/login', '203.0.113.20');
    await post('/api/v1/test/login', '203.0.113.20');
    expect((await post('/api/v1/test/login', '203.0.113.20')).statusCode).toBe(429);
    expect((await post('/api/v1/test/login', '203.0.113.21')).statusCode).toBe(200);
  });

  it('applies IP_RATE_LIMIT_PER_MINUTE to a route that opts in without its own numbers', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await post('/api/v1/test/otp', '203.0.113.30')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('counts each route separately', async () => {
    for (let i = 0; i < 3; i++) await post('/api/v1/test/login', '203.0.113.40');
    expect((await post('/api/v1/test/otp', '203.0.113.40')).statusCode).toBe(200);
  });

  it('leaves routes that do not opt in unlimited', async () => {
    for (let i = 0; i < 10; i++) expect((await post('/api/v1/test/open', '203.0.113.50')).statusCode).toBe(200);
  });

  it('shares counters between server processes through the database', async () => {
    const second = await buildApp({ config: ctx.config, database: ctx.database, logger: false });
    await limitedRoutes(second);
    await second.ready();
    try {
      expect((await post('/api/v1/test/login', '203.0.113.60')).statusCode).toBe(200);
      const other = (ip: string) => second.inject({ method: 'POST', url: '/api/v1/test/login', remoteAddress: ip });
      expect((await other('203.0.113.60')).statusCode).toBe(200);
      expect((await other('203.0.113.60')).statusCode).toBe(429);
      expect((await post('/api/v1/test/login', '203.0.113.60')).statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });
});

describe('per-customer limits (app.customerRateLimit)', () => {
  const max = customerRateLimits.supportRequest.max;
  const tokenOf = (customerId: string) => signTestToken(ctx.app, { customer_id: customerId });
  const as = (token: string | undefined, ip: string, url = '/api/v1/test/mine') =>
    ctx.app.inject({
      method: 'POST',
      url,
      remoteAddress: ip,
      headers: { 'accept-language': 'en', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
  const counters = async () =>
    Number(
      (
        (await ctx.database.db.execute(
          sql`select count(*) as n from rate_limit_hits where key like 'group support_request|%'`,
        )) as unknown as {
          rows: { n: string }[];
        }
      ).rows[0]!.n,
    );

  it('counts the signed-in customer whatever the address, and another customer on the same address has a budget of their own', async () => {
    const busy = await tokenOf(randomUUID());
    for (let i = 0; i < max; i++) expect((await as(busy, `198.51.100.${i + 1}`)).statusCode).toBe(200);
    const refused = await as(busy, '198.51.100.99');
    expectRefusedInEnglish(refused);
    // A colleague behind the same office address is not refused.
    expect((await as(await tokenOf(randomUUID()), '198.51.100.1')).statusCode).toBe(200);
  });

  it('shares one counter between the routes that name the same limit', async () => {
    const token = await tokenOf(randomUUID());
    for (let i = 0; i < max; i++) await as(token, '198.51.100.120', i % 2 === 0 ? '/api/v1/test/mine' : '/api/v1/test/mine-too');
    expect((await as(token, '198.51.100.120', '/api/v1/test/mine-too')).statusCode).toBe(429);
    expect((await as(token, '198.51.100.120', '/api/v1/test/mine')).statusCode).toBe(429);
  });

  it('refuses a request without a valid token with 401 before counting: it never uses up anyone’s budget', async () => {
    const customer = randomUUID();
    const token = await tokenOf(customer);
    for (let i = 0; i < max - 1; i++) expect((await as(token, '198.51.100.130')).statusCode).toBe(200);
    const before = await counters();
    for (let i = 0; i < 3 * max; i++) {
      expect((await as(undefined, '198.51.100.130')).statusCode).toBe(401);
      expect((await as('not-a-token', '198.51.100.130')).statusCode).toBe(401);
    }
    expect(await counters()).toBe(before);
    expect((await as(token, '198.51.100.130')).statusCode).toBe(200);
    expect((await as(token, '198.51.100.130')).statusCode).toBe(429);
  });
});

describe('client address behind our proxy (TRUST_PROXY as a hop count)', () => {
  it('takes the address our one proxy saw, so a forged X-Forwarded-For cannot dodge a per-IP limit', async () => {
    const behindProxy = await createTestApp({ TRUST_PROXY: '1' }, { routes: limitedRoutes });
    try {
      const statuses = [];
      for (let i = 0; i < 3; i++) {
        const forged = `198.51.100.${i}`;
        const response = await behindProxy.app.inject({
          method: 'POST',
          url: '/api/v1/test/login',
          remoteAddress: '10.0.0.5',
          // The client wrote the first entry; our proxy appended the address it really saw.
          headers: { 'x-forwarded-for': `${forged}, 203.0.113.77` },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await behindProxy.close();
    }
  });
});

import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { createTestApp, sharedTestApp } from '../test/helpers.ts';

const ctx = sharedTestApp(() => createTestApp({ IP_RATE_LIMIT_PER_MINUTE: '3' }, { routes: limitedRoutes }));

async function limitedRoutes(app: FastifyInstance) {
  app.post('/api/v1/test/login', { config: { rateLimit: { max: 2, timeWindow: '1 minute' } } }, async () => ({ ok: true }));
  app.post('/api/v1/test/otp', { config: { rateLimit: {} } }, async () => ({ ok: true }));
  app.post('/api/v1/test/open', async () => ({ ok: true }));
}

const post = (url: string, ip = '203.0.113.1', language = 'tr') =>
  ctx.app.inject({ method: 'POST', url, remoteAddress: ip, headers: { 'accept-language': language } });

describe('rate limits', () => {
  it('answers 429 too_many_requests in the request language once a route limit is used up', async () => {
    expect((await post('/api/v1/test/login', '203.0.113.10')).statusCode).toBe(200);
    expect((await post('/api/v1/test/login', '203.0.113.10')).statusCode).toBe(200);
    const refused = await post('/api/v1/test/login', '203.0.113.10', 'en');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().errors).toMatchObject({
      code: 'too_many_requests',
      message: 'Too many attempts. Please try again a little later.',
    });
    expect(refused.json().errors.retry_after_seconds).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
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

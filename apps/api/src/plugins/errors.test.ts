import { describe, expect, it } from 'vitest';
import { createTestApp, expectError, switchableDatabase } from '../test/helpers.ts';

describe('database outage', () => {
  it('answers 503 service_unavailable while the database is down and recovers when it is back', async () => {
    let database: ReturnType<typeof switchableDatabase> | undefined;
    const ctx = await createTestApp({}, { wrapDatabase: (opened) => (database = switchableDatabase(opened)) });
    try {
      const terms = () => ctx.app.inject({ method: 'GET', url: '/api/v1/customer/get_active_terms', headers: { 'accept-language': 'en' } });
      const health = () => ctx.app.inject({ method: 'GET', url: '/api/v1/health' });
      expect((await terms()).statusCode).toBe(200);

      database!.goDown();
      const during = await terms();
      expect(during.statusCode).toBe(503);
      expect(during.json()).toEqual({
        errors: { code: 'service_unavailable', message: 'The service is unavailable right now. Please try again shortly.' },
      });
      const healthDuring = await health();
      expect(healthDuring.statusCode).toBe(503);
      expect(healthDuring.json()).toEqual({ status: 'degraded', database: 'unavailable' });

      database!.comeBack();
      expect((await terms()).statusCode).toBe(200);
      expect((await health()).json()).toEqual({ status: 'ok', database: 'ok' });
    } finally {
      await ctx.close();
    }
  });

  it('answers 503 rather than 500 when the database connection has been closed', async () => {
    const ctx = await createTestApp();
    try {
      await ctx.database.close();
      const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/customer/term_filter?term_type=consent' });
      expectError(response, 503, 'service_unavailable', 'Hizmete şu anda ulaşılamıyor. Lütfen birazdan tekrar deneyin.');
      const health = await ctx.app.inject({ method: 'GET', url: '/api/v1/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json().database).toBe('unavailable');
    } finally {
      await ctx.close();
    }
  });

  it('answers an unexpected fault with 500 internal_error without leaking its details', async () => {
    const ctx = await createTestApp(
      {},
      {
        routes: (app) => {
          app.get('/api/v1/test/boom', async () => {
            throw new Error('secret stack detail');
          });
        },
      },
    );
    try {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/test/boom', headers: { 'accept-language': 'en' } });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ errors: { code: 'internal_error', message: 'An unexpected error occurred. Please try again.' } });
    } finally {
      await ctx.close();
    }
  });
});

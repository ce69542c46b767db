import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './test/helpers.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

describe('health and documents', () => {
  it('reports the database as reachable', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('serves an OpenAPI document generated from the route schemas', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/health', '/settings', '/dev/outbox']));
  });

  it('serves a reference page at /api/docs', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
  });

  it('sends security headers with a content security policy', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('error envelope', () => {
  it('answers unknown API routes with 404 in Turkish by default', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ errors: { code: 'not_found', message: 'Aradığınız kaynak bulunamadı.' } });
  });

  it('answers in English for Accept-Language: en', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/nope', headers: { 'accept-language': 'en-US,en;q=0.9' } });
    expect(response.json().errors.message).toBe('The resource you asked for was not found.');
  });
});

describe('runtime settings', () => {
  it('tells the web app which optional services are on, without secrets', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/settings' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ outbox_enabled: true, marketplace_sandbox: true, google_client_id: null });
    expect(JSON.stringify(response.json())).not.toContain(ctx.config.jwtSecret);
  });
});

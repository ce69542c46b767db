import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestIdFor } from './app.ts';
import { createTestApp, expectErrorCode, expectValidationFailed, sharedTestApp } from './test/helpers.ts';

const ctx = sharedTestApp(() => createTestApp({}, { routes: profileRoute }));

/** A stand-in for the forms later modules add: one body with the usual kinds of fields. */
async function profileRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/v1/test/profile',
    {
      schema: {
        body: z.object({
          first_name: z.string().trim().min(1),
          email: z.email(),
          password: z.string().min(8),
          age: z.number().int().min(18).optional(),
          address: z.object({ city_id: z.number().int() }).optional(),
          channels: z
            .array(z.enum(['marketplace', 'own_website']))
            .min(1)
            .optional(),
        }),
      },
    },
    async (request) => ({ saved: request.body.first_name }),
  );
}

const validProfile = { first_name: 'Ayşe', email: 'ayse@example.com', password: 'Secret123' };
const postProfile = (payload: string | object, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/test/profile',
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

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
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/health', '/settings', '/dev/outbox', '/customer/get_active_terms', '/customer/term_filter']),
    );
  });

  it('serves a reference page at /api/docs whose own policy lets the page load its scripts and styles', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    const script = await ctx.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(script.statusCode).toBe(200);
  });

  it('sends strict security headers on JSON answers', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });

  it('keeps the full content security policy on pages outside the API', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.headers['content-security-policy']).not.toBe("default-src 'none'; frame-ancestors 'none'");
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

  it('answers broken JSON with 400 invalid_json', async () => {
    const response = await postProfile('{"first_name": "Ayşe",', { 'accept-language': 'en' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: { code: 'invalid_json', message: 'The request body is not valid JSON.' } });
  });

  it('answers an empty JSON body with 400 invalid_json', async () => {
    const response = await postProfile('');
    expectErrorCode(response, 400, 'invalid_json');
  });

  it('answers a body over 64 KB with 413 payload_too_large', async () => {
    const response = await postProfile({ ...validProfile, first_name: 'a'.repeat(65 * 1024) });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      errors: { code: 'payload_too_large', message: 'İstek gövdesi çok büyük (en fazla 64 KB).' },
    });
  });

  it('answers a body that is not JSON with 415', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/test/profile',
      headers: { 'content-type': 'text/plain' },
      payload: 'first_name=Ayşe',
    });
    expectErrorCode(response, 415, 'unsupported_media_type');
  });

  it('accepts a valid body', async () => {
    const response = await postProfile(validProfile);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ saved: 'Ayşe' });
  });
});

describe('validation errors', () => {
  it('names each bad field with the specification wording in English', async () => {
    const response = await postProfile({ first_name: '  ', email: 'not-an-email', password: 'short' }, { 'accept-language': 'en' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: {
        code: 'validation_failed',
        message: 'Please correct the marked fields.',
        fields: {
          first_name: 'First name cannot be empty.',
          email: 'Enter a valid email.',
          password: 'Please enter a password with at least 8 characters.',
        },
      },
    });
  });

  it('names each bad field in Turkish by default', async () => {
    const response = await postProfile({ first_name: '', email: 'x@', password: 'kısa' });
    expectValidationFailed(response, 'Lütfen işaretli alanları düzeltin.', {
      first_name: 'Ad boş bırakılamaz.',
      email: 'Geçerli bir e-posta girin.',
      password: 'Lütfen en az 8 karakterden oluşan bir şifre girin.',
    });
  });

  it('says a missing field is empty and a field of the wrong type is badly formed', async () => {
    const response = await postProfile({ email: 42, password: 'Secret123' }, { 'accept-language': 'en' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.fields).toEqual({
      first_name: 'First name cannot be empty.',
      email: 'Email is not in a valid format.',
    });
  });

  it('points at nested fields with a dotted path', async () => {
    const response = await postProfile({ ...validProfile, address: { city_id: 'Ankara' }, channels: [] }, { 'accept-language': 'en' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.fields).toEqual({
      'address.city_id': 'City id is not in a valid format.',
      channels: 'Select at least one option.',
    });
  });
});

describe('bad input never causes a 500', () => {
  const badBodies: Array<[string, string]> = [
    ['an array instead of an object', '[1, 2, 3]'],
    ['a bare string', '"hello"'],
    ['null', 'null'],
    ['a number', '12'],
    ['objects where strings are expected', '{"first_name": {"$gt": ""}, "email": ["a@b.co"], "password": true}'],
    ['a huge number', '{"first_name": "A", "email": "a@b.co", "password": "Secret123", "age": 1e400}'],
    ['an unsafe integer', '{"first_name": "A", "email": "a@b.co", "password": "Secret123", "age": 99999999999999999999999}'],
    ['a negative zero and a fraction', '{"first_name": "A", "email": "a@b.co", "password": "Secret123", "age": 18.5}'],
    ['a prototype pollution attempt', '{"__proto__": {"admin": true}, "first_name": "A"}'],
    ['a constructor pollution attempt', '{"constructor": {"prototype": {"admin": true}}}'],
    ['deep nesting', `${'['.repeat(5000)}${']'.repeat(5000)}`],
  ];
  it.each(badBodies)('answers %s with a clean 4xx', async (_name, payload) => {
    const response = await postProfile(payload);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json().errors.code).toMatch(/^[a-z_]+$/);
  });

  const badQueries: Array<[string, string]> = [
    ['a repeated parameter', '/api/v1/customer/term_filter?term_type=consent&term_type=disclosure'],
    ['a bracketed parameter', '/api/v1/customer/term_filter?term_type[]=consent'],
    ['a NUL byte', '/api/v1/customer/term_filter?term_type=%00'],
    ['broken percent-encoding in the query', '/api/v1/customer/term_filter?term_type=%E0%A4%A'],
    ['an overlong parameter', `/api/v1/dev/outbox?to=${'x'.repeat(5000)}`],
    ['broken percent-encoding in the path', '/api/v1/%E0%A4%A'],
  ];
  it.each(badQueries)('answers a GET with %s with a clean 4xx', async (_name, url) => {
    const response = await ctx.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json().errors.code).toMatch(/^[a-z_]+$/);
  });

  it('answers a method the route does not have with a clean 404', async () => {
    const response = await ctx.app.inject({ method: 'DELETE', url: '/api/v1/health' });
    expectErrorCode(response, 404, 'not_found');
  });
});

describe('request ids', () => {
  it('keeps a caller id that is a UUID or a short safe token', async () => {
    const uuid = '3b241101-e2bb-4255-8caf-4136c566a962';
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/health', headers: { 'x-request-id': uuid } });
    expect(response.headers['x-request-id']).toBe(uuid);
    const token = await ctx.app.inject({ method: 'GET', url: '/api/v1/health', headers: { 'x-request-id': 'web-42.a_b' } });
    expect(token.headers['x-request-id']).toBe('web-42.a_b');
  });

  it('replaces an unsafe or overlong caller id with a fresh UUID', async () => {
    for (const given of ['<script>alert(1)</script>', 'a'.repeat(65), 'two words', '"quoted"', '-starts-with-dash']) {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/health', headers: { 'x-request-id': given } });
      expect(response.headers['x-request-id'], given).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
  });

  it('generates a new id for every request without a header', () => {
    const first = requestIdFor({ headers: {} });
    const second = requestIdFor({ headers: {} });
    expect(first).not.toBe(second);
    expect(requestIdFor({ headers: { 'x-request-id': ['a', 'b'] as unknown as string } })).not.toBe('a');
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

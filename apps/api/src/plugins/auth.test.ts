import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import { createTestApp, expectError, expectErrorCode, sharedTestApp, signTestToken } from '../test/helpers.ts';
import { accessTokenAudience, accessTokenIssuer, type AccessClaims } from './auth.ts';

const ctx = sharedTestApp(() => createTestApp({}, { routes: protectedRoutes }));

async function protectedRoutes(app: FastifyInstance) {
  app.get('/api/v1/test/me', { preHandler: app.requireAuth }, async (request) => ({ customer_id: request.user?.customer_id }));
  app.get('/api/v1/test/verified', { preHandler: app.requireVerified }, async () => ({ ok: true }));
  app.get('/api/v1/test/expert', { preHandler: app.requireExpert }, async () => ({ ok: true }));
}

const get = (url: string, authorization?: string, language = 'tr') =>
  ctx.app.inject({ method: 'GET', url, headers: { 'accept-language': language, ...(authorization ? { authorization } : {}) } });

/** A token made outside the app: ours in every claim unless an option says otherwise. */
const signWith = (
  secret: string,
  expiresAt: number,
  { alg = 'HS256', issuer = accessTokenIssuer, audience = accessTokenAudience }: { alg?: string; issuer?: string; audience?: string } = {},
) =>
  new SignJWT({ customer_id: 'c-1', email: 'a@b.co', first_name: 'A', last_name: 'B', is_phone_verified: true })
    .setProtectedHeader({ alg })
    .setIssuedAt(expiresAt - 900)
    .setIssuer(issuer)
    .setAudience(audience)
    .setExpirationTime(expiresAt)
    .sign(new TextEncoder().encode(secret));

describe('bearer tokens', () => {
  it('lets a valid access token through and exposes its claims', async () => {
    const token = await signTestToken(ctx.app, { customer_id: 'c-42' });
    const response = await get('/api/v1/test/me', `Bearer ${token}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ customer_id: 'c-42' });
  });

  it('refuses a request without a token with 401 unauthorized', async () => {
    const response = await get('/api/v1/test/me', undefined, 'en');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      errors: { code: 'unauthorized', message: 'Your session is invalid or has expired. Please sign in again.' },
    });
  });

  it.each([
    ['garbage', 'Bearer not-a-jwt'],
    ['another scheme', 'Basic dXNlcjpwYXNz'],
    ['an empty bearer', 'Bearer '],
  ])('refuses %s with 401', async (_name, header) => {
    const response = await get('/api/v1/test/me', header);
    expectError(response, 401, 'unauthorized', 'Oturumunuz geçersiz ya da süresi dolmuş. Lütfen yeniden giriş yapın.');
  });

  it('refuses a token signed with another key', async () => {
    const forged = await signWith('x'.repeat(48), Math.floor(Date.now() / 1000) + 600);
    expect((await get('/api/v1/test/me', `Bearer ${forged}`)).statusCode).toBe(401);
  });

  it('takes a token made elsewhere with our key and claims, and refuses it with another algorithm, issuer or audience', async () => {
    const inTenMinutes = Math.floor(Date.now() / 1000) + 600;
    expect((await get('/api/v1/test/me', `Bearer ${await signWith(ctx.config.jwtSecret, inTenMinutes)}`)).statusCode).toBe(200);
    for (const other of [{ alg: 'HS512' }, { issuer: 'another-service' }, { audience: 'worqtrade-web' }]) {
      const token = await signWith(ctx.config.jwtSecret, inTenMinutes, other);
      expect((await get('/api/v1/test/me', `Bearer ${token}`)).statusCode, JSON.stringify(other)).toBe(401);
    }
  });

  it('refuses an expired token', async () => {
    const expired = await signWith(ctx.config.jwtSecret, Math.floor(Date.now() / 1000) - 5);
    const response = await get('/api/v1/test/me', `Bearer ${expired}`);
    expectErrorCode(response, 401, 'unauthorized');
  });

  it('refuses a token signed with our key whose claims break the claims schema', async () => {
    const broken = [{ is_phone_verified: 'yes' }, { role: 'admin' }, { customer_id: '' }] as unknown as Partial<AccessClaims>[];
    for (const claims of broken) {
      const token = await signTestToken(ctx.app, claims);
      const response = await get('/api/v1/test/me', `Bearer ${token}`);
      expect(response.statusCode, JSON.stringify(claims)).toBe(401);
    }
    expect((await get('/api/v1/test/me', `Bearer ${await signTestToken(ctx.app)}`)).statusCode).toBe(200);
  });

  it('refuses an unsigned token (alg none)', async () => {
    const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');
    const unsigned = `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ customer_id: 'c-1', exp: 9_999_999_999 })}.`;
    expect((await get('/api/v1/test/me', `Bearer ${unsigned}`)).statusCode).toBe(401);
  });

  it('asks for a verified phone with 403 phone_not_verified', async () => {
    const token = await signTestToken(ctx.app, { is_phone_verified: false });
    const response = await get('/api/v1/test/verified', `Bearer ${token}`, 'en');
    expect(response.statusCode).toBe(403);
    expect(response.json().errors).toEqual({ code: 'phone_not_verified', message: 'Verify your phone number to continue.' });
  });

  it('keeps the back-office for experts', async () => {
    const customer = await signTestToken(ctx.app);
    expect((await get('/api/v1/test/expert', `Bearer ${customer}`)).statusCode).toBe(403);
    const expert = await signTestToken(ctx.app, { role: 'expert' });
    expect((await get('/api/v1/test/expert', `Bearer ${expert}`)).statusCode).toBe(200);
  });
});

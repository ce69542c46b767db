import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  decodeClaims,
  defaultPassword,
  get,
  post,
  registerCustomer,
  registerVerifiedCustomer,
  sharedAccountsTestApp,
  uniqueEmail,
} from '../../test/accounts-helpers.ts';
import { createTestApp, expectErrorCode, type TestContext } from '../../test/helpers.ts';

const ctx = sharedAccountsTestApp();

describe('sign-in', () => {
  it('answers tokens for the right e-mail and password, in any letter case of the e-mail', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const response = await post(ctx, '/auth/login', { email: customer.email.toUpperCase(), password: customer.password });
    expect(response.statusCode).toBe(200);
    expect(decodeClaims(response.json().jwt_token)).toMatchObject({ customer_id: customer.customerId, is_phone_verified: true });
  });

  it('answers the same 401 for a wrong password and for an unknown e-mail', async () => {
    const customer = await registerCustomer(ctx);
    const wrongPassword = await post(ctx, '/auth/login', { email: customer.email, password: 'Wrong1234' });
    const unknownEmail = await post(ctx, '/auth/login', { email: uniqueEmail('nobody'), password: 'Wrong1234' });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(unknownEmail.json());
    expect(wrongPassword.json().errors).toEqual({ code: 'invalid_credentials', message: 'E-posta ya da şifre hatalı.' });
  });

  it('takes comparable time for an unknown e-mail and a wrong password', async () => {
    const customer = await registerCustomer(ctx);
    const time = async (email: string) => {
      const started = performance.now();
      await post(ctx, '/auth/login', { email, password: 'Wrong1234' });
      return performance.now() - started;
    };
    await time(uniqueEmail('warmup'));
    const known = await time(customer.email);
    const unknown = await time(uniqueEmail('nobody'));
    // Both pay for one scrypt; without the decoy hash the unknown e-mail would be near-instant.
    expect(unknown).toBeGreaterThan(known / 4);
  });

  it('locks an e-mail out after 10 failed tries in 15 minutes, even with the right password', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const customer = await registerCustomer(ctx);
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await post(ctx, '/auth/login', { email: customer.email, password: 'Wrong1234' })).statusCode).toBe(401);
    }
    const locked = await post(ctx, '/auth/login', { email: customer.email, password: customer.password });
    expectErrorCode(locked, 429, 'too_many_requests');
    expect(locked.json().errors.retry_after_seconds).toBeGreaterThan(0);

    vi.setSystemTime(Date.now() + 15 * 60_000 + 1000);
    expect((await post(ctx, '/auth/login', { email: customer.email, password: customer.password })).statusCode).toBe(200);
  });

  it('counts parallel tries atomically: a burst gets exactly the limit checked, and the right password is refused after it', async () => {
    const customer = await registerCustomer(ctx);
    // 16 wrong guesses at once. Read-then-count let every one of them be checked. (On PostgreSQL
    // the burst runs in any order, so the right password is tried after it, not inside it.)
    const answers = await Promise.all(
      Array.from({ length: 16 }, () => post(ctx, '/auth/login', { email: customer.email, password: 'Wrong1234' })),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(6);
    expect((await post(ctx, '/auth/login', { email: customer.email, password: customer.password })).statusCode).toBe(429);
  });

  it('starts the failure count again after a successful sign-in', async () => {
    const customer = await registerCustomer(ctx);
    for (let attempt = 0; attempt < 9; attempt++) await post(ctx, '/auth/login', { email: customer.email, password: 'Wrong1234' });
    expect((await post(ctx, '/auth/login', { email: customer.email, password: customer.password })).statusCode).toBe(200);
    for (let attempt = 0; attempt < 9; attempt++) await post(ctx, '/auth/login', { email: customer.email, password: 'Wrong1234' });
    expect((await post(ctx, '/auth/login', { email: customer.email, password: customer.password })).statusCode).toBe(200);
  });

  it('refuses a broken JSON body and an oversized one cleanly', async () => {
    const broken = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expectErrorCode(broken, 400, 'invalid_json');
    const huge = await post(ctx, '/auth/login', { email: 'a@b.co', password: 'x'.repeat(70 * 1024) });
    expect(huge.statusCode).toBe(413);
  });
});

describe('refresh tokens', () => {
  it('rotates: the new pair works and carries the current profile', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const response = await post(ctx, '/auth/token/refresh', { refresh_token: customer.refresh_token });
    expect(response.statusCode).toBe(200);
    const rotated = response.json();
    expect(rotated.refresh_token).not.toBe(customer.refresh_token);
    expect(decodeClaims(rotated.jwt_token)).toMatchObject({ customer_id: customer.customerId, is_phone_verified: true });
    expect((await post(ctx, '/auth/token/refresh', { refresh_token: rotated.refresh_token })).statusCode).toBe(200);
  });

  it('refuses a second refresh with a rotated token and revokes the whole family', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const first = (await post(ctx, '/auth/token/refresh', { refresh_token: customer.refresh_token })).json();

    const replay = await post(ctx, '/auth/token/refresh', { refresh_token: customer.refresh_token });
    expectErrorCode(replay, 401, 'invalid_refresh_token');

    // The legitimate holder of the newest token is signed out too.
    const newest = await post(ctx, '/auth/token/refresh', { refresh_token: first.refresh_token });
    expect(newest.statusCode).toBe(401);
  });

  it('lets only one of two parallel refreshes with the same token win', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const results = await Promise.all([
      post(ctx, '/auth/token/refresh', { refresh_token: customer.refresh_token }),
      post(ctx, '/auth/token/refresh', { refresh_token: customer.refresh_token }),
    ]);
    expect(results.filter((response) => response.statusCode === 200).length).toBeLessThanOrEqual(1);
  });

  it('does not touch the sessions of other devices', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const laptop = (await post(ctx, '/auth/login', { email: customer.email, password: defaultPassword })).json();
    await post(ctx, '/auth/token/refresh', { refresh_token: customer.refresh_token });
    await post(ctx, '/auth/token/refresh', { refresh_token: customer.refresh_token });
    expect((await post(ctx, '/auth/token/refresh', { refresh_token: laptop.refresh_token })).statusCode).toBe(200);
  });

  it('refuses unknown tokens and tokens older than 30 days', async () => {
    expect((await post(ctx, '/auth/token/refresh', { refresh_token: 'made-up' })).statusCode).toBe(401);
    vi.useFakeTimers({ toFake: ['Date'] });
    const customer = await registerVerifiedCustomer(ctx);
    vi.setSystemTime(Date.now() + 30 * 24 * 60 * 60_000 + 1000);
    const response = await post(ctx, '/auth/token/refresh', { refresh_token: customer.refresh_token });
    expectErrorCode(response, 401, 'invalid_refresh_token');
  });
});

describe('absolute session lifetime', () => {
  it('ends a session 30 days after sign-in however often it was refreshed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const customer = await registerVerifiedCustomer(ctx);
    let refreshToken = customer.refresh_token;
    // Refreshed every 10 days: before, each rotation gave the session another 30 days.
    for (let day = 10; day < 30; day += 10) {
      vi.setSystemTime(Date.now() + 10 * 24 * 60 * 60_000);
      const refreshed = await post(ctx, '/auth/token/refresh', { refresh_token: refreshToken });
      expect(refreshed.statusCode).toBe(200);
      refreshToken = refreshed.json().refresh_token;
    }
    vi.setSystemTime(Date.now() + 10 * 24 * 60 * 60_000 + 60_000);
    expect((await post(ctx, '/auth/token/refresh', { refresh_token: refreshToken })).statusCode).toBe(401);
  });
});

describe('logout', () => {
  it('answers 204 and the refresh token stops working', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const response = await post(ctx, '/auth/logout', { refresh_token: customer.refresh_token }, customer.jwt_token);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await post(ctx, '/auth/token/refresh', { refresh_token: customer.refresh_token })).statusCode).toBe(401);
  });

  it('works once the access token has expired, or without one: the refresh token is the proof', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const customer = await registerVerifiedCustomer(ctx);
    vi.setSystemTime(Date.now() + 20 * 60_000);
    const response = await post(ctx, '/auth/logout', { refresh_token: customer.refresh_token }, customer.jwt_token);
    expect(response.statusCode).toBe(204);
    expect((await post(ctx, '/auth/token/refresh', { refresh_token: customer.refresh_token })).statusCode).toBe(401);

    const other = await registerVerifiedCustomer(ctx);
    expect((await post(ctx, '/auth/logout', { refresh_token: other.refresh_token })).statusCode).toBe(204);
    expect((await post(ctx, '/auth/token/refresh', { refresh_token: other.refresh_token })).statusCode).toBe(401);
  });

  it("cannot end another customer's session", async () => {
    const victim = await registerVerifiedCustomer(ctx);
    const attacker = await registerVerifiedCustomer(ctx);
    expect((await post(ctx, '/auth/logout', { refresh_token: victim.refresh_token }, attacker.jwt_token)).statusCode).toBe(204);
    expect((await post(ctx, '/auth/token/refresh', { refresh_token: victim.refresh_token })).statusCode).toBe(200);
  });
});

describe('access tokens', () => {
  it('refuses a token signed with the right key but without our issuer and audience', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const key = new TextEncoder().encode(ctx.config.jwtSecret);
    const claims = { ...decodeClaims(customer.jwt_token) };
    delete claims.iss;
    delete claims.aud;
    const foreign = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setExpirationTime('5m').sign(key);
    expect((await get(ctx, '/customer/get_user_info', foreign)).statusCode).toBe(401);
    expect(decodeClaims(customer.jwt_token)).toMatchObject({ iss: 'worqtrade', aud: 'worqtrade-api' });
    expect((await get(ctx, '/customer/get_user_info', customer.jwt_token)).statusCode).toBe(200);
  });

  it('refuses a missing, tampered, forged or expired token with 401', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const [header, payload, signature] = customer.jwt_token.split('.') as [string, string, string];
    const tamperedPayload = Buffer.from(
      JSON.stringify({ ...decodeClaims(customer.jwt_token), customer_id: '00000000-0000-0000-0000-000000000000' }),
    ).toString('base64url');
    const forged = await new SignJWT({ customer_id: customer.customerId, is_phone_verified: true })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('15m')
      .sign(new TextEncoder().encode('not-the-server-secret-not-the-server-secret'));
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;

    for (const token of [undefined, `${header}.${tamperedPayload}.${signature}`, forged, unsigned, 'garbage']) {
      const response = await get(ctx, '/customer/get_user_info', token);
      expectErrorCode(response, 401, 'unauthorized');
    }

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 15 * 60_000 + 1000);
    expect((await get(ctx, '/customer/get_user_info', customer.jwt_token)).statusCode).toBe(401);
  });
});

describe('a second app: strict per-IP limit and a bootstrap expert', () => {
  let strict: TestContext;
  beforeAll(async () => {
    strict = await createTestApp({
      IP_RATE_LIMIT_PER_MINUTE: '3',
      BOOTSTRAP_EXPERT_EMAIL: 'Expert@Worq.Local',
      BOOTSTRAP_EXPERT_PASSWORD: 'Expert1234',
    });
  });
  afterAll(async () => strict?.close());

  it('answers 429 in the error envelope past IP_RATE_LIMIT_PER_MINUTE sign-in tries from one address', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt++) {
      statuses.push((await post(strict, '/auth/login', { email: uniqueEmail(), password: 'Wrong1234' })).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    const last = await post(strict, '/auth/login', { email: uniqueEmail(), password: 'Wrong1234' });
    expect(last.json().errors.code).toBe('too_many_requests');
  });

  it('creates the configured expert account, whose token carries role expert', async () => {
    const response = await strict.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      remoteAddress: '10.0.0.2',
      payload: { email: 'expert@worq.local', password: 'Expert1234' },
    });
    expect(response.statusCode).toBe(200);
    expect(decodeClaims(response.json().jwt_token)).toMatchObject({ role: 'expert', is_phone_verified: true });
  });

  it('leaves role out of the token of an ordinary customer', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    expect(decodeClaims(customer.jwt_token)).not.toHaveProperty('role');
  });
});

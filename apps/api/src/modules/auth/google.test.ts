import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../db/schema.ts';
import {
  createAccountsTestApp,
  decodeClaims,
  latestCode,
  post,
  registerCustomer,
  registerVerifiedCustomer,
  uniqueEmail,
  uniquePhone,
} from '../../test/accounts-helpers.ts';
import { createTestApp, expectError, expectErrorCode, type TestContext } from '../../test/helpers.ts';
import { googleCredentialVerifier } from './google.ts';
import { seededTermsVersion } from '../../db/terms-content.ts';

/*
 * Google's part is played by a local HTTP server that serves its public key as a JSON Web Key Set
 * the way https://www.googleapis.com/oauth2/v3/certs does ({"keys": [{"kty": "RSA", "kid", "alg":
 * "RS256", "use": "sig", "n", "e"}]}), found through GOOGLE_CERTS_URL. ID tokens are signed here
 * with the matching private keys.
 */

const clientId = '1234567890-test.apps.googleusercontent.com';
const expertEmail = 'expert@worq.local';

const rsaKey = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
const google = rsaKey();
const stranger = rsaKey();
const kid = 'test-key-1';

let certsServer: Server;
let certsUrl: string;
let certRequests = 0;
let ctx: TestContext;

interface TokenOptions {
  claims?: Record<string, unknown>;
  key?: KeyObject;
  keyId?: string;
  issuedAt?: number;
  expiresAt?: number;
}

/** One Google account per e-mail address unless a test names another `sub`. */
let subjectCounter = 0;
const subjects = new Map<string, string>();
function subjectOf(email: string): string {
  const known = subjects.get(email.toLowerCase());
  if (known) return known;
  subjectCounter += 1;
  const subject = `10${subjectCounter}${Date.now()}`;
  subjects.set(email.toLowerCase(), subject);
  return subject;
}

async function googleToken(email: string, { claims = {}, key = google.privateKey, keyId = kid, issuedAt, expiresAt }: TokenOptions = {}) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    email,
    email_verified: true,
    given_name: 'Ayşe',
    family_name: 'Yılmaz',
    name: 'Ayşe Yılmaz',
    ...claims,
  })
    .setProtectedHeader({ alg: 'RS256', kid: keyId, typ: 'JWT' })
    .setIssuer(typeof claims.iss === 'string' ? claims.iss : 'https://accounts.google.com')
    .setAudience(typeof claims.aud === 'string' ? claims.aud : clientId)
    .setSubject(typeof claims.sub === 'string' ? claims.sub : subjectOf(email))
    .setIssuedAt(issuedAt ?? now)
    .setExpirationTime(expiresAt ?? now + 3600)
    .sign(key);
}

const googleLogin = (context: TestContext, body: unknown, headers: Record<string, string> = {}) =>
  post(context, '/auth/google/login', body, undefined, headers);

async function customerRow(email: string) {
  const [row] = await ctx.database.db.select().from(customers).where(eq(customers.email, email));
  return row;
}

beforeAll(async () => {
  const jwk = { ...google.publicKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' };
  certsServer = createServer((_request, response) => {
    certRequests += 1;
    response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'public, max-age=3600' });
    response.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => certsServer.listen(0, '127.0.0.1', resolve));
  certsUrl = `http://127.0.0.1:${(certsServer.address() as AddressInfo).port}/oauth2/v3/certs`;
  ctx = await createAccountsTestApp({
    GOOGLE_CLIENT_ID: clientId,
    GOOGLE_CERTS_URL: certsUrl,
    BOOTSTRAP_EXPERT_EMAIL: expertEmail,
    BOOTSTRAP_EXPERT_PASSWORD: 'Expert1234',
  });
});
afterAll(async () => {
  await ctx?.close();
  await new Promise((resolve) => certsServer?.close(resolve));
});

describe('Google sign-up', () => {
  it('creates an account for a new e-mail and answers flow sign_up with an unverified phone', async () => {
    const email = uniqueEmail('google');
    const response = await googleLogin(ctx, { credential: await googleToken(email.toUpperCase()), select_by: 'btn' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ flow: 'sign_up', refresh_token: expect.any(String) });
    expect(decodeClaims(body.jwt_token)).toMatchObject({
      email,
      first_name: 'Ayşe',
      last_name: 'Yılmaz',
      is_phone_verified: false,
    });

    const row = await customerRow(email);
    expect(row).toMatchObject({
      passwordHash: null,
      phoneNumber: null,
      isPhoneVerified: false,
      isEmailVerified: true,
      role: 'customer',
      preferredLanguage: 'tr',
    });
    // The Google button shows no terms: nothing counts as accepted.
    const none = { accepted: false, term_version: null, accepted_at: null };
    expect(row?.consents).toEqual({ disclosure: none, explicit_consent: none, commercial_electronic_message: none });
  });

  it('signs the same Google account in the second time (flow sign_in, same customer)', async () => {
    const email = uniqueEmail('google');
    const first = await googleLogin(ctx, { credential: await googleToken(email) });
    const second = await googleLogin(ctx, { credential: await googleToken(email) });
    expect(first.json().flow).toBe('sign_up');
    expect(second.statusCode).toBe(200);
    expect(second.json().flow).toBe('sign_in');
    expect(decodeClaims(second.json().jwt_token).customer_id).toBe(decodeClaims(first.json().jwt_token).customer_id);
    expect(await ctx.database.db.select().from(customers).where(eq(customers.email, email))).toHaveLength(1);
  });

  it('takes the first name from the full name, and leaves the last name empty, when Google gives no parts', async () => {
    const email = uniqueEmail('mononym');
    const response = await googleLogin(ctx, {
      credential: await googleToken(email, { claims: { given_name: undefined, family_name: undefined, name: '  Cem  ' } }),
    });
    expect(response.statusCode).toBe(200);
    expect(decodeClaims(response.json().jwt_token)).toMatchObject({ first_name: 'Cem', last_name: '' });
  });

  it('has the new account give a phone number before a code can be sent, then verify it', async () => {
    const email = uniqueEmail('google');
    const signUp = (await googleLogin(ctx, { credential: await googleToken(email) })).json();

    const withoutPhone = await post(ctx, '/auth/otp/send', {}, signUp.jwt_token);
    expectErrorCode(withoutPhone, 400, 'phone_number_required');
    expect(withoutPhone.json().errors.fields).toHaveProperty('phone_number');

    const phone = uniquePhone();
    const withoutDisclosure = await post(
      ctx,
      '/customer/update_user_info',
      { first_name: 'Ayşe', last_name: 'Yılmaz', phone_number: phone, consents: { disclosure: false } },
      signUp.jwt_token,
    );
    expect(withoutDisclosure.statusCode).toBe(400);
    expect(withoutDisclosure.json().errors.fields).toHaveProperty(['consents.disclosure']);

    const update = await post(
      ctx,
      '/customer/update_user_info',
      { first_name: 'Ayşe', last_name: 'Yılmaz', phone_number: phone, consents: { disclosure: true, commercial_electronic_message: true } },
      signUp.jwt_token,
    );
    expect(update.statusCode).toBe(200);
    expect(update.json()).toMatchObject({ phone_number: phone, is_phone_verified: false });
    // The sign-up consents Google cannot give are recorded with the versions of the texts shown.
    expect(update.json().consents).toMatchObject({
      disclosure: { accepted: true, term_version: seededTermsVersion },
      explicit_consent: { accepted: false, term_version: null },
      commercial_electronic_message: { accepted: true, term_version: seededTermsVersion },
    });

    const verified = await post(ctx, '/auth/otp/verify', { code: await latestCode(ctx, phone) }, signUp.jwt_token);
    expect(verified.statusCode).toBe(200);
    expect(decodeClaims(verified.json().jwt_token)).toMatchObject({ email, is_phone_verified: true });
  });
});

describe('Google sign-in to an existing account', () => {
  it('signs a password account in by its e-mail, in any letter case, keeping its verified phone', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const response = await googleLogin(ctx, { credential: await googleToken(customer.email.toUpperCase()) });
    expect(response.statusCode).toBe(200);
    expect(response.json().flow).toBe('sign_in');
    expect(decodeClaims(response.json().jwt_token)).toMatchObject({ customer_id: customer.customerId, is_phone_verified: true });
    // Google has proven the address.
    expect((await customerRow(customer.email))?.isEmailVerified).toBe(true);
  });

  it('drops the password and the sessions of an account whose e-mail was never verified, and says so', async () => {
    // Someone opened an account in the owner's name with a password of their own (pre-account takeover).
    const squatter = await registerVerifiedCustomer(ctx);
    const response = await googleLogin(ctx, { credential: await googleToken(squatter.email) }, { 'accept-language': 'en' });
    expect(response.statusCode).toBe(200);
    expect(response.json().notice).toContain('old password was removed');
    expect(decodeClaims(response.json().jwt_token).customer_id).toBe(squatter.customerId);
    // The squatter's password and refresh token no longer open the account.
    expect((await post(ctx, '/auth/login', { email: squatter.email, password: squatter.password })).statusCode).toBe(401);
    expect((await post(ctx, '/auth/token/refresh', { refresh_token: squatter.refresh_token })).statusCode).toBe(401);
    // The owner's Google session goes on.
    expect((await post(ctx, '/auth/token/refresh', { refresh_token: response.json().refresh_token })).statusCode).toBe(200);
  });

  it('keeps the password of an account whose e-mail was verified, with no notice', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    await ctx.database.db.update(customers).set({ isEmailVerified: true }).where(eq(customers.email, customer.email));
    const response = await googleLogin(ctx, { credential: await googleToken(customer.email) });
    expect(response.json().notice).toBeUndefined();
    expect((await post(ctx, '/auth/login', { email: customer.email, password: customer.password })).statusCode).toBe(200);
    expect((await post(ctx, '/auth/token/refresh', { refresh_token: customer.refresh_token })).statusCode).toBe(200);
  });

  it('answers a refresh token that works like one from /auth/login', async () => {
    const customer = await registerCustomer(ctx);
    const signedIn = (await googleLogin(ctx, { credential: await googleToken(customer.email) })).json();
    const refreshed = await post(ctx, '/auth/token/refresh', { refresh_token: signedIn.refresh_token });
    expect(refreshed.statusCode).toBe(200);
    expect(decodeClaims(refreshed.json().jwt_token).customer_id).toBe(customer.customerId);
  });

  it('refuses the expert account with 403', async () => {
    const response = await googleLogin(ctx, { credential: await googleToken(expertEmail) });
    expectErrorCode(response, 403, 'google_sign_in_not_allowed');
  });
});

describe('the Google account an account is bound to', () => {
  it("stores Google's sub on sign-up and signs that Google account in by it, whatever e-mail Google gives later", async () => {
    const email = uniqueEmail('google');
    const first = await googleLogin(ctx, { credential: await googleToken(email, { claims: { sub: 'sub-bound-1' } }) });
    expect(first.json().flow).toBe('sign_up');
    expect((await customerRow(email))?.googleSub).toBe('sub-bound-1');
    // The Google account's address changed: it is still the same account here.
    const renamed = uniqueEmail('renamed');
    const again = await googleLogin(ctx, { credential: await googleToken(renamed, { claims: { sub: 'sub-bound-1' } }) });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().flow).toBe('sign_in');
    expect(decodeClaims(again.json().jwt_token).customer_id).toBe(decodeClaims(first.json().jwt_token).customer_id);
    expect(await customerRow(renamed)).toBeUndefined();
  });

  it('refuses another Google account with the same e-mail, and keeps the first one bound', async () => {
    const email = uniqueEmail('google');
    expect((await googleLogin(ctx, { credential: await googleToken(email, { claims: { sub: 'sub-first-2' } }) })).statusCode).toBe(200);
    const other = await googleLogin(
      ctx,
      { credential: await googleToken(email, { claims: { sub: 'sub-other-2' } }) },
      { 'accept-language': 'en' },
    );
    expect(other.statusCode).toBe(409);
    expect(other.json().errors).toEqual({
      code: 'google_account_mismatch',
      message:
        'The account of this email address is linked to another Google account. Please sign in with that Google account or with your email and password.',
    });
    expect((await customerRow(email))?.googleSub).toBe('sub-first-2');
  });

  it('binds a password account at its first Google sign-in, and refuses a second Google account then', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    await ctx.database.db.update(customers).set({ isEmailVerified: true }).where(eq(customers.email, customer.email));
    expect((await customerRow(customer.email))?.googleSub).toBeNull();
    const linked = await googleLogin(ctx, { credential: await googleToken(customer.email, { claims: { sub: 'sub-link-3' } }) });
    expect(linked.statusCode).toBe(200);
    expect((await customerRow(customer.email))?.googleSub).toBe('sub-link-3');
    const other = await googleLogin(ctx, { credential: await googleToken(customer.email, { claims: { sub: 'sub-intruder-3' } }) });
    expectErrorCode(other, 409, 'google_account_mismatch');
    // The password still works, and the bound Google account too.
    expect((await post(ctx, '/auth/login', { email: customer.email, password: customer.password })).statusCode).toBe(200);
    const again = await googleLogin(ctx, { credential: await googleToken(customer.email, { claims: { sub: 'sub-link-3' } }) });
    expect(decodeClaims(again.json().jwt_token).customer_id).toBe(customer.customerId);
  });

  it('links one account when the same Google sign-in arrives twice at once', async () => {
    const email = uniqueEmail('double');
    const credential = await googleToken(email, { claims: { sub: 'sub-double-4' } });
    const answers = await Promise.all([googleLogin(ctx, { credential }), googleLogin(ctx, { credential })]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(new Set(answers.map((answer) => decodeClaims(answer.json().jwt_token).customer_id)).size).toBe(1);
    // Both sessions work: the second answer did not end the first one's.
    for (const answer of answers) {
      expect((await post(ctx, '/auth/token/refresh', { refresh_token: answer.json().refresh_token })).statusCode).toBe(200);
    }
  });
});

describe('credentials that are refused', () => {
  const expectInvalid = async (body: unknown) => {
    const response = await googleLogin(ctx, body);
    expectError(response, 401, 'invalid_google_credential', 'Google ile giriş doğrulanamadı. Lütfen yeniden deneyin.');
  };

  it('refuses a missing, empty or malformed credential', async () => {
    await expectInvalid({});
    await expectInvalid({ credential: '   ' });
    await expectInvalid({ credential: 'not-a-jwt' });
    await expectInvalid({ credential: 'a.b.c' });
  });

  it('refuses a token issued for another client id', async () => {
    await expectInvalid({ credential: await googleToken(uniqueEmail(), { claims: { aud: 'someone-else.apps.googleusercontent.com' } }) });
  });

  it('refuses a token from another issuer', async () => {
    await expectInvalid({ credential: await googleToken(uniqueEmail(), { claims: { iss: 'https://evil.example.com' } }) });
  });

  it('accepts both of Google issuer spellings', async () => {
    const response = await googleLogin(ctx, { credential: await googleToken(uniqueEmail(), { claims: { iss: 'accounts.google.com' } }) });
    expect(response.statusCode).toBe(200);
  });

  it('refuses an expired token', async () => {
    const now = Math.floor(Date.now() / 1000);
    await expectInvalid({ credential: await googleToken(uniqueEmail(), { issuedAt: now - 7200, expiresAt: now - 3600 }) });
  });

  it('refuses a token signed with a key that is not Google, under a known or an unknown key id', async () => {
    await expectInvalid({ credential: await googleToken(uniqueEmail(), { key: stranger.privateKey }) });
    await expectInvalid({ credential: await googleToken(uniqueEmail(), { key: stranger.privateKey, keyId: 'other-key' }) });
  });

  it('refuses an unverified Google e-mail with its own message, and creates no account', async () => {
    const email = uniqueEmail('unverified');
    const response = await googleLogin(
      ctx,
      { credential: await googleToken(email, { claims: { email_verified: false } }) },
      { 'accept-language': 'en' },
    );
    expectError(
      response,
      401,
      'invalid_google_credential',
      'The email address of your Google account is not verified. Please verify it with Google or sign up with email and password.',
    );
    expect(await customerRow(email)).toBeUndefined();
  });

  it('answers in English when asked', async () => {
    const response = await googleLogin(ctx, { credential: 'x' }, { 'accept-language': 'en' });
    expect(response.json().errors.message).toBe('We could not verify your Google sign-in. Please try again.');
  });

  it('fetched the key set once and kept it, although a token came with an unknown key id', () => {
    // An unknown key id may mean Google rotated its keys, but the set was fetched moments ago:
    // it is fetched again at most once in 30 seconds.
    expect(certRequests).toBe(1);
  });
});

describe('the certificate source', () => {
  it('answers 503 rather than 401 when the certificates cannot be fetched', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const verify = googleCredentialVerifier(clientId, `http://127.0.0.1:${port}/certs`);
    await expect(verify(await googleToken(uniqueEmail()))).rejects.toMatchObject({ statusCode: 503, code: 'service_unavailable' });
  });
});

describe('without GOOGLE_CLIENT_ID', () => {
  let off: TestContext;
  beforeAll(async () => {
    off = await createTestApp({ IP_RATE_LIMIT_PER_MINUTE: '2' });
  });
  afterAll(async () => off?.close());

  it('answers 503 google_sign_in_disabled', async () => {
    const response = await googleLogin(off, { credential: await googleToken(uniqueEmail()) });
    expectError(
      response,
      503,
      'google_sign_in_disabled',
      'Google ile giriş şu anda kullanılamıyor. Lütfen e-posta adresiniz ve şifrenizle giriş yapın.',
    );
  });

  it('is rate limited per IP like /auth/login', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 2; attempt++) statuses.push((await googleLogin(off, { credential: 'x' })).statusCode);
    // The first test used one of the two allowed calls.
    expect(statuses).toEqual([503, 429]);
  });
});

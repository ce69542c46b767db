import { describe, expect, it, vi } from 'vitest';
import {
  latestMessage,
  messagesTo,
  post,
  registerVerifiedCustomer,
  sharedAccountsTestApp,
  uniqueEmail,
  type RegisteredCustomer,
} from '../../test/accounts-helpers.ts';
import { eq } from 'drizzle-orm';
import { customers } from '../../db/schema.ts';
import { hashPassword, needsRehash, passwordHashCost, passwordHashCostFor, verifyPassword } from './passwords.ts';
import { expectError, expectErrorCode } from '../../test/helpers.ts';

const ctx = sharedAccountsTestApp();

/** Opens the e-mailed link the way the web app does: the token from its query string. */
async function resetLinkToken(email: string): Promise<string> {
  const message = await latestMessage(ctx, email, 'email');
  const link = message?.body.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error('no reset link sent');
  const url = new URL(link);
  expect(url.pathname).toBe('/change-password');
  return url.searchParams.get('token') ?? '';
}

describe('forgot password', () => {
  it('answers the same for a known and an unknown e-mail, and only the known one gets mail', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const stranger = uniqueEmail('stranger');
    const known = await post(ctx, '/auth/forgot_password', { email: customer.email });
    const unknown = await post(ctx, '/auth/forgot_password', { email: stranger });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(known.json().message).toBe('Bu e-posta adresiyle kayıtlı bir hesap varsa şifre yenileme bağlantısını gönderdik.');
    expect(await messagesTo(ctx, customer.email)).toHaveLength(1);
    expect(await messagesTo(ctx, stranger)).toHaveLength(0);
  });

  it('e-mails a /change-password link that sets a new password once', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    await post(ctx, '/auth/forgot_password', { email: customer.email });
    const message = await latestMessage(ctx, customer.email, 'email');
    expect(message?.subject).toBe('Şifrenizi yenileyin');
    expect(message?.body).toContain(`${ctx.config.publicUrl}/change-password?token=`);
    expect(message?.html).toContain('href="http');
    const token = await resetLinkToken(customer.email);

    const reset = await post(ctx, '/auth/reset_password', { token, password: 'NewSecret34' });
    expect(reset.statusCode).toBe(200);
    expect((await post(ctx, '/auth/login', { email: customer.email, password: 'NewSecret34' })).statusCode).toBe(200);
    expect((await post(ctx, '/auth/login', { email: customer.email, password: customer.password })).statusCode).toBe(401);

    const again = await post(ctx, '/auth/reset_password', { token, password: 'Another56' }, undefined, { 'accept-language': 'en' });
    expectError(again, 400, 'invalid_or_expired_token', 'This password reset link is invalid or has expired. Please request a new one.');
  });

  it('signs every device out when the password is reset', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    await post(ctx, '/auth/forgot_password', { email: customer.email });
    await post(ctx, '/auth/reset_password', { token: await resetLinkToken(customer.email), password: 'NewSecret34' });
    expect((await post(ctx, '/auth/token/refresh', { refresh_token: customer.refresh_token })).statusCode).toBe(401);
  });

  it('refuses a link older than 60 minutes', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const customer = await registerVerifiedCustomer(ctx);
    await post(ctx, '/auth/forgot_password', { email: customer.email });
    const token = await resetLinkToken(customer.email);
    vi.setSystemTime(Date.now() + 60 * 60_000 + 1000);
    const response = await post(ctx, '/auth/reset_password', { token, password: 'NewSecret34' });
    expectErrorCode(response, 400, 'invalid_or_expired_token');
  });

  it('holds the new password to the password rule', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    await post(ctx, '/auth/forgot_password', { email: customer.email });
    const response = await post(ctx, '/auth/reset_password', { token: await resetLinkToken(customer.email), password: 'short' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.fields.password).toBe('Şifre en az 8 karakter olmalı; küçük harf, büyük harf ve rakam içermelidir.');
  });

  it('sends at most three links an hour to one address, known or not', async () => {
    const stranger = uniqueEmail('stranger');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt++) {
      statuses.push((await post(ctx, '/auth/forgot_password', { email: stranger })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('writes the e-mail in the language the customer signed up in', async () => {
    const customer = await registerVerifiedCustomer(ctx, {}, { 'accept-language': 'en' });
    await post(ctx, '/auth/forgot_password', { email: customer.email });
    expect((await latestMessage(ctx, customer.email, 'email'))?.subject).toBe('Reset your password');
  });
});

describe('change password', () => {
  /** Changes the signed-in customer's password from `current` to `next`. */
  const changePassword = (customer: RegisteredCustomer, current: string, next: string, headers: Record<string, string> = {}) =>
    post(ctx, '/auth/change_password', { current_password: current, new_password: next }, customer.jwt_token, headers);

  it('refuses a wrong current password with 400 wrong_password', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const response = await changePassword(customer, 'Wrong1234', 'NewSecret34');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toMatchObject({ code: 'wrong_password', message: 'Mevcut şifreniz hatalı.' });
    expect((await post(ctx, '/auth/login', { email: customer.email, password: customer.password })).statusCode).toBe(200);
  });

  it('changes the password, ends the other sessions and keeps the caller signed in', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const response = await changePassword(customer, customer.password, 'NewSecret34', { 'accept-language': 'en' });
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer.message).toBe('Your password has been changed. You have been signed out on your other devices.');
    expect((await post(ctx, '/auth/token/refresh', { refresh_token: customer.refresh_token })).statusCode).toBe(401);
    expect((await post(ctx, '/auth/token/refresh', { refresh_token: answer.refresh_token })).statusCode).toBe(200);
    expect((await post(ctx, '/auth/login', { email: customer.email, password: 'NewSecret34' })).statusCode).toBe(200);
  });

  it('holds the new password to the password rule and needs a signed-in caller', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const weak = await changePassword(customer, customer.password, 'alllower1');
    expect(weak.statusCode).toBe(400);
    expect(Object.keys(weak.json().errors.fields)).toEqual(['new_password']);
    expect((await post(ctx, '/auth/change_password', { current_password: 'x', new_password: 'NewSecret34' })).statusCode).toBe(401);
  });
});

describe('password hash cost', () => {
  it("uses OWASP's scrypt minimum (N=2^17, r=8, p=1) everywhere but the test run", () => {
    for (const env of ['production', 'development', undefined]) expect(passwordHashCostFor(env)).toEqual({ N: 2 ** 17, r: 8, p: 1 });
    expect(passwordHashCostFor('test').N).toBe(2 ** 14);
  });

  it("replaces a hash of a lower cost with one of today's cost at the next sign-in", async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const weak = await hashPassword(customer.password, { N: 2 ** 10, r: 8, p: 1 });
    expect(needsRehash(weak)).toBe(true);
    await ctx.database.db.update(customers).set({ passwordHash: weak }).where(eq(customers.id, customer.customerId));
    expect((await post(ctx, '/auth/login', { email: customer.email, password: customer.password })).statusCode).toBe(200);
    const [row] = await ctx.database.db.select().from(customers).where(eq(customers.id, customer.customerId));
    expect(row!.passwordHash).toMatch(new RegExp(`^scrypt\\$${passwordHashCost.N}\\$8\\$1\\$`));
    expect(needsRehash(row!.passwordHash!)).toBe(false);
    expect(await verifyPassword(customer.password, row!.passwordHash!)).toBe(true);
  });

  it('refuses a stored hash that asks for an absurd cost instead of running it', async () => {
    expect(await verifyPassword('x', 'scrypt$1073741824$8$1$c2FsdA$aGFzaA')).toBe(false);
  });
});

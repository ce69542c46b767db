import { describe, expect, it, vi } from 'vitest';
import {
  decodeClaims,
  get,
  latestCode,
  latestMessage,
  messagesTo,
  post,
  registerVerifiedCustomer,
  sharedAccountsTestApp,
  uniqueEmail,
  type RegisteredCustomer,
} from '../../test/accounts-helpers.ts';
import { expectErrorCode } from '../../test/helpers.ts';

const ctx = sharedAccountsTestApp();

describe('e-mail change', () => {
  /** Asks to move the account to `newEmail`, confirming with the password (the right one unless given). */
  const requestChange = (customer: RegisteredCustomer, newEmail: string, password = customer.password) =>
    post(ctx, '/auth/email_change_request', { new_email: newEmail, password }, customer.jwt_token);

  it('sends a code to the new address and, once typed in, moves the account there', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const newEmail = uniqueEmail('moved');
    const request = await requestChange(customer, newEmail.toUpperCase());
    expect(request.statusCode).toBe(200);
    expect(request.json()).toEqual({ expires_in_seconds: 600 });
    expect((await latestMessage(ctx, newEmail, 'email'))?.subject).toBe('Yeni e-posta adresinizi onaylayın');
    expect(await messagesTo(ctx, customer.email)).toHaveLength(0);

    const verify = await post(ctx, '/auth/email_change_verify', { code: await latestCode(ctx, newEmail) }, customer.jwt_token);
    expect(verify.statusCode).toBe(200);
    expect(decodeClaims(verify.json().jwt_token).email).toBe(newEmail);
    const email = await get(ctx, '/customer/get_email', verify.json().jwt_token);
    expect(email.json()).toEqual({ email: newEmail, is_email_verified: true });
    expect((await post(ctx, '/auth/login', { email: newEmail, password: customer.password })).statusCode).toBe(200);
    expect((await post(ctx, '/auth/login', { email: customer.email, password: customer.password })).statusCode).toBe(401);
    // The old address hears of the change, with the new one masked.
    const notice = await latestMessage(ctx, customer.email, 'email');
    expect(notice?.subject).toBe('E-posta adresiniz değiştirildi');
    expect(notice?.body).toContain(`m***@example.com`);
  });

  it('needs the current password to ask for a change', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const newEmail = uniqueEmail('taken-over');
    const missing = await post(ctx, '/auth/email_change_request', { new_email: newEmail }, customer.jwt_token);
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().errors.fields)).toEqual(['password']);
    const wrong = await requestChange(customer, newEmail, 'Wrong1234');
    expectErrorCode(wrong, 400, 'wrong_password');
    expect(await messagesTo(ctx, newEmail)).toHaveLength(0);
  });

  it('refuses an address that belongs to another account', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const other = await registerVerifiedCustomer(ctx);
    const response = await requestChange(customer, other.email);
    expectErrorCode(response, 409, 'email_taken');
  });

  it('refuses the current address as the new one', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const response = await requestChange(customer, customer.email);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.fields.new_email).toBe('Yeni e-posta adresi mevcut adresinizden farklı olmalıdır.');
  });

  it('answers 410 after 10 minutes, and a new request starts over', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const customer = await registerVerifiedCustomer(ctx);
    const newEmail = uniqueEmail('late');
    await requestChange(customer, newEmail);
    const code = await latestCode(ctx, newEmail);
    vi.setSystemTime(Date.now() + 10 * 60_000 + 1000);
    const late = await post(ctx, '/auth/email_change_verify', { code }, customer.jwt_token);
    expectErrorCode(late, 410, 'code_expired');

    await requestChange(customer, newEmail);
    const fresh = await post(ctx, '/auth/email_change_verify', { code: await latestCode(ctx, newEmail) }, customer.jwt_token);
    expect(fresh.statusCode).toBe(200);
  });

  it('refuses a wrong code and, if someone took the address meanwhile, the change', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const newEmail = uniqueEmail('race');
    await requestChange(customer, newEmail);
    const code = await latestCode(ctx, newEmail);
    const wrong = await post(ctx, '/auth/email_change_verify', { code: code === '000000' ? '111111' : '000000' }, customer.jwt_token);
    expectErrorCode(wrong, 400, 'invalid_code');

    await registerVerifiedCustomer(ctx, { email: newEmail });
    const taken = await post(ctx, '/auth/email_change_verify', { code }, customer.jwt_token);
    expect(taken.statusCode).toBe(409);
  });

  it('spaces requests a minute apart', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    await requestChange(customer, uniqueEmail());
    const second = await requestChange(customer, uniqueEmail());
    expect(second.statusCode).toBe(429);
    expect(second.json().errors.resend_in_seconds).toBeGreaterThan(0);
  });
});

import { describe, expect, it, vi } from 'vitest';
import {
  decodeClaims,
  get,
  latestCode,
  latestMessage,
  post,
  registerVerifiedCustomer,
  sharedAccountsTestApp,
  uniquePhone,
  type RegisteredCustomer,
} from '../../test/accounts-helpers.ts';
import { seededTermsVersion } from '../../db/terms-content.ts';
import { expectErrorCode } from '../../test/helpers.ts';

const ctx = sharedAccountsTestApp();

describe('profile', () => {
  /** Puts in a new phone number under the names the customer signed up with, with a password if given. */
  const replacePhone = (customer: RegisteredCustomer, phoneNumber: string, password?: string) =>
    post(
      ctx,
      '/customer/update_user_info',
      { first_name: 'Ayşe', last_name: 'Yılmaz', phone_number: phoneNumber, ...(password ? { password } : {}) },
      customer.jwt_token,
    );

  it('shows the signed-in customer', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const response = await get(ctx, '/customer/get_user_info', customer.jwt_token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      customer_id: customer.customerId,
      first_name: 'Ayşe',
      last_name: 'Yılmaz',
      email: customer.email,
      phone_number: customer.phone,
      is_phone_verified: true,
      is_email_verified: false,
      consents: { disclosure: { accepted: true, term_version: seededTermsVersion }, commercial_electronic_message: { accepted: false } },
    });
    expect(response.json().created_at).toMatch(/Z$/);
    expect(JSON.stringify(response.json())).not.toMatch(/password|scrypt/);
  });

  it('updates the names and keeps the phone verified when the number is the same', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const response = await post(
      ctx,
      '/customer/update_user_info',
      { first_name: 'Çağla', last_name: 'Öztürk', phone_number: `+90 ${customer.phone}` },
      customer.jwt_token,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ first_name: 'Çağla', last_name: 'Öztürk', is_phone_verified: true });
    const refreshed = await post(ctx, '/auth/token/refresh', { refresh_token: customer.refresh_token });
    expect(decodeClaims(refreshed.json().jwt_token)).toMatchObject({ first_name: 'Çağla', last_name: 'Öztürk' });
  });

  it('treats a new phone number as unverified and texts it a code', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const customer = await registerVerifiedCustomer(ctx);
    vi.setSystemTime(Date.now() + 61_000);
    const newPhone = uniquePhone();
    const response = await replacePhone(customer, newPhone, customer.password);
    expect(response.json()).toMatchObject({ phone_number: newPhone, is_phone_verified: false });
    const phone = await get(ctx, '/customer/get_customer_phone_number', customer.jwt_token);
    expect(phone.json()).toEqual({ phone_number: newPhone, masked_phone: `+90 *** *** ${newPhone.slice(-4)}` });

    const verify = await post(ctx, '/auth/otp/verify', { code: await latestCode(ctx, newPhone) }, customer.jwt_token);
    expect(verify.statusCode).toBe(200);
    expect(decodeClaims(verify.json().jwt_token).is_phone_verified).toBe(true);
  });

  it('texts a new number at once even right after the last code went to the old one', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const newPhone = uniquePhone();
    const response = await replacePhone(customer, newPhone, customer.password);
    expect(response.statusCode).toBe(200);
    const code = await latestCode(ctx, newPhone);
    expect(code).toMatch(/^\d{6}$/);
    const resend = await post(ctx, '/auth/otp/send', {}, customer.jwt_token);
    expect(resend.statusCode).toBe(429);
  });

  it('needs the current password to replace the phone number, and tells the e-mail address', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const newPhone = uniquePhone();
    const change = (password?: string) => replacePhone(customer, newPhone, password);
    const without = await change();
    expect(without.statusCode).toBe(400);
    expect(Object.keys(without.json().errors.fields)).toEqual(['password']);
    const wrong = await change('Wrong1234');
    expectErrorCode(wrong, 400, 'wrong_password');
    expect((await get(ctx, '/customer/get_customer_phone_number', customer.jwt_token)).json().phone_number).toBe(customer.phone);

    expect((await change(customer.password)).statusCode).toBe(200);
    const notice = await latestMessage(ctx, customer.email, 'email');
    expect(notice?.subject).toBe('Telefon numaranız değiştirildi');
    expect(notice?.body).toContain(newPhone.slice(-4));
    expect(notice?.body).not.toContain(newPhone);
  });

  it('explains invalid profile fields in the request language', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const response = await post(
      ctx,
      '/customer/update_user_info',
      { first_name: '', last_name: 'Yılmaz#', phone_number: '12' },
      customer.jwt_token,
      { 'accept-language': 'en' },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.fields).toEqual({
      first_name: 'First name cannot be empty.',
      last_name: 'Last name should not contain special characters.',
      phone_number: 'Enter a valid phone number.',
    });
  });

  it('needs a token for every profile call', async () => {
    for (const url of ['/customer/get_user_info', '/customer/get_customer_phone_number', '/customer/get_email']) {
      expect((await get(ctx, url)).statusCode).toBe(401);
    }
  });
});

describe('e-mail verification', () => {
  it('sends a code to the current address and marks it verified', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    expect((await get(ctx, '/customer/get_email', customer.jwt_token)).json()).toEqual({ email: customer.email, is_email_verified: false });

    const activate = await post(ctx, '/customer/activate_email', {}, customer.jwt_token);
    expect(activate.json()).toEqual({ expires_in_seconds: 600 });
    expect((await latestMessage(ctx, customer.email, 'email'))?.subject).toBe('E-posta adresinizi doğrulayın');

    const verify = await post(ctx, '/customer/verify_email', { code: await latestCode(ctx, customer.email) }, customer.jwt_token);
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toEqual({ is_email_verified: true });
    expect((await get(ctx, '/customer/get_email', customer.jwt_token)).json().is_email_verified).toBe(true);
  });

  it('refuses a wrong or expired e-mail code', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const customer = await registerVerifiedCustomer(ctx);
    await post(ctx, '/customer/activate_email', {}, customer.jwt_token);
    const code = await latestCode(ctx, customer.email);
    const wrong = await post(ctx, '/customer/verify_email', { code: code === '000000' ? '111111' : '000000' }, customer.jwt_token);
    expect(wrong.statusCode).toBe(400);
    vi.setSystemTime(Date.now() + 10 * 60_000 + 1000);
    expect((await post(ctx, '/customer/verify_email', { code }, customer.jwt_token)).statusCode).toBe(410);
  });
});

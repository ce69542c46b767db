import type { EmailCodeSent, EmailVerified, VerifyEmailBody } from '@worq/domain/wire/customer';
import { call } from '../../../lib/http-client.ts';

/** POST /customer/activate_email — sends a 6-digit code to the current address. */
export function activateEmail(): Promise<EmailCodeSent> {
  return call('POST /customer/activate_email', { body: {} });
}

/** POST /customer/verify_email */
export function verifyEmail(code: VerifyEmailBody['code']): Promise<EmailVerified> {
  return call('POST /customer/verify_email', { body: { code } });
}

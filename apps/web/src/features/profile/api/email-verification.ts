import type { EmailCodeSent, EmailVerified, VerifyEmailBody } from '@worq/domain/wire/customer';
import { post } from '../../../lib/http-client.ts';

/** POST /customer/activate_email — sends a 6-digit code to the current address. */
export function activateEmail(): Promise<EmailCodeSent> {
  return post<EmailCodeSent>('/customer/activate_email', {});
}

/** POST /customer/verify_email */
export function verifyEmail(code: VerifyEmailBody['code']): Promise<EmailVerified> {
  return post<EmailVerified>('/customer/verify_email', { code });
}

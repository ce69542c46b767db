import { post } from '../../../lib/http-client.ts';

/** POST /customer/activate_email — sends a 6-digit code to the current address. */
export function activateEmail(): Promise<{ expires_in_seconds: number }> {
  return post<{ expires_in_seconds: number }>('/customer/activate_email', {});
}

/** POST /customer/verify_email */
export function verifyEmail(code: string): Promise<{ is_email_verified: boolean }> {
  return post<{ is_email_verified: boolean }>('/customer/verify_email', { code });
}

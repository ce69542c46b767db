import type { PhoneCodeSent } from '@worq/domain/wire/auth';
import { post } from '../../../lib/http-client.ts';

/** POST /auth/otp/send — 429 too_many_requests carries errors.resend_in_seconds. */
export function sendOtp(): Promise<PhoneCodeSent> {
  return post<PhoneCodeSent>('/auth/otp/send', {});
}

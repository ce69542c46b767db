import type { PhoneCodeSent } from '@worq/domain/wire/auth';
import { call } from '../../../lib/http-client.ts';

/** POST /auth/otp/send — 429 too_many_requests carries errors.resend_in_seconds. */
export function sendOtp(): Promise<PhoneCodeSent> {
  return call('POST /auth/otp/send', { body: {} });
}

import type { SessionTokens, VerificationCodeBody } from '@worq/domain/wire/auth';
import { call } from '../../../lib/http-client.ts';

/** POST /auth/otp/verify — fresh tokens with is_phone_verified; 400 invalid_code, 410 code_expired, 429. */
export function verifyOtp(code: VerificationCodeBody['code']): Promise<SessionTokens> {
  return call('POST /auth/otp/verify', { body: { code } });
}

import type { SessionTokens, VerificationCodeBody } from '@worq/domain/wire/auth';
import { post } from '../../../lib/http-client.ts';

/** POST /auth/otp/verify — fresh tokens with is_phone_verified; 400 invalid_code, 410 code_expired, 429. */
export function verifyOtp(code: VerificationCodeBody['code']): Promise<SessionTokens> {
  return post<SessionTokens>('/auth/otp/verify', { code } satisfies VerificationCodeBody);
}

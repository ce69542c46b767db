import { post } from '../../../lib/http-client.ts';
import type { TokenPair } from '../../../lib/token-storage.ts';

/** POST /auth/otp/verify — fresh tokens with is_phone_verified; 400 invalid_code, 410 code_expired, 429. */
export function verifyOtp(code: string): Promise<TokenPair> {
  return post<TokenPair>('/auth/otp/verify', { code });
}

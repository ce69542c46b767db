import { post } from '../../../lib/http-client.ts';
import type { TokenPair } from '../../../lib/token-storage.ts';

/**
 * POST /auth/email_change_request — a code goes to the new address; 409 email_taken. The current
 * password is required (400 on `password`) unless the account has none (Google sign-up).
 */
export function requestEmailChange(new_email: string, password: string): Promise<{ expires_in_seconds: number }> {
  return post<{ expires_in_seconds: number }>('/auth/email_change_request', { new_email, ...(password ? { password } : {}) });
}

/** POST /auth/email_change_verify — fresh tokens carrying the new address; 410 code_expired. */
export function verifyEmailChange(code: string): Promise<TokenPair> {
  return post<TokenPair>('/auth/email_change_verify', { code });
}

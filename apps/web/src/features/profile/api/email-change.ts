import type { EmailChangeCodeSent, EmailChangeRequestBody, SessionTokens, VerificationCodeBody } from '@worq/domain/wire/auth';
import { call } from '../../../lib/http-client.ts';

/**
 * POST /auth/email_change_request — a code goes to the new address; 409 email_taken. The current
 * password is required (400 on `password`) unless the account has none (Google sign-up).
 */
export function requestEmailChange(new_email: EmailChangeRequestBody['new_email'], password: string): Promise<EmailChangeCodeSent> {
  return call('POST /auth/email_change_request', { body: { new_email, ...(password ? { password } : {}) } });
}

/** POST /auth/email_change_verify — fresh tokens carrying the new address; 410 code_expired. */
export function verifyEmailChange(code: VerificationCodeBody['code']): Promise<SessionTokens> {
  return call('POST /auth/email_change_verify', { body: { code } });
}

import type { MessageAnswer } from '@worq/domain/wire/common';
import type { ForgotPasswordBody } from '@worq/domain/wire/auth';
import { anonymous, call } from '../../../lib/http-client.ts';

/** POST /auth/forgot_password — answers the same for known and unknown addresses. */
export function forgotPassword(email: ForgotPasswordBody['email']): Promise<MessageAnswer> {
  return call('POST /auth/forgot_password', { body: { email } }, anonymous);
}

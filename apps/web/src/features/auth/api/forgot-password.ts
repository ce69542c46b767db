import type { MessageAnswer } from '@worq/domain/wire/common';
import type { ForgotPasswordBody } from '@worq/domain/wire/auth';
import { anonymous, post } from '../../../lib/http-client.ts';

/** POST /auth/forgot_password — answers the same for known and unknown addresses. */
export function forgotPassword(email: ForgotPasswordBody['email']): Promise<MessageAnswer> {
  return post<MessageAnswer>('/auth/forgot_password', { email } satisfies ForgotPasswordBody, undefined, anonymous);
}

import type { MessageAnswer } from '@worq/domain/wire/common';
import type { ResetPasswordBody } from '@worq/domain/wire/auth';
import { anonymous, call } from '../../../lib/http-client.ts';

/** POST /auth/reset_password — 400 invalid_or_expired_token. */
export function resetPassword(token: ResetPasswordBody['token'], password: ResetPasswordBody['password']): Promise<MessageAnswer> {
  return call('POST /auth/reset_password', { body: { token, password } }, anonymous);
}

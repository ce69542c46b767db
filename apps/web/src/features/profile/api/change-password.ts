import type { ChangePasswordBody, PasswordChanged } from '@worq/domain/wire/auth';
import { call } from '../../../lib/http-client.ts';

/** POST /auth/change_password — 400 wrong_password. Every other session ends; the answer carries this one's fresh pair. */
export function changePassword(
  current_password: ChangePasswordBody['current_password'],
  new_password: ChangePasswordBody['new_password'],
): Promise<PasswordChanged> {
  return call('POST /auth/change_password', { body: { current_password, new_password } });
}

import { anonymous, post } from '../../../lib/http-client.ts';

/** POST /auth/reset_password — 400 invalid_or_expired_token. */
export function resetPassword(token: string, password: string): Promise<unknown> {
  return post('/auth/reset_password', { token, password }, undefined, anonymous);
}

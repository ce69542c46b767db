import type { LoginBody, SessionTokens } from '@worq/domain/wire/auth';
import { anonymous, call } from '../../../lib/http-client.ts';

/** POST /auth/login — 401 invalid_credentials whether or not the e-mail exists. */
export function login(body: LoginBody): Promise<SessionTokens> {
  return call('POST /auth/login', { body }, anonymous);
}

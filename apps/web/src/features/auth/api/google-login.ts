import type { GoogleLoginAnswer, GoogleLoginBody } from '@worq/domain/wire/auth';
import { anonymous, call } from '../../../lib/http-client.ts';

/** POST /auth/google/login: `flow` is sign_up when this Google account created a new seller (its phone still needs verifying). */
export function googleLogin(body: GoogleLoginBody): Promise<GoogleLoginAnswer> {
  return call('POST /auth/google/login', { body }, anonymous);
}

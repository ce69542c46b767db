import { anonymous, post } from '../../../lib/http-client.ts';
import type { TokenPair } from '../../../lib/token-storage.ts';

export interface GoogleLoginBody {
  /** The ID token Google Identity Services handed to the page. */
  credential: string;
  /** How the user picked the account (btn, user_1tap, …), as Google reports it. */
  select_by: string;
}

export interface GoogleLoginResult extends TokenPair {
  /** sign_up when this Google account created a new seller (its phone still needs verifying). */
  flow: 'sign_up' | 'sign_in';
  /** Set when joining removed the password of an account whose e-mail was never verified: shown to the user. */
  notice?: string;
}

/** POST /auth/google/login */
export function googleLogin(body: GoogleLoginBody): Promise<GoogleLoginResult> {
  return post<GoogleLoginResult>('/auth/google/login', body, undefined, anonymous);
}

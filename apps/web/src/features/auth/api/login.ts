import { anonymous, post } from '../../../lib/http-client.ts';
import type { TokenPair } from '../../../lib/token-storage.ts';

export interface LoginBody {
  email: string;
  password: string;
}

/** POST /auth/login — 401 invalid_credentials whether or not the e-mail exists. */
export function login(body: LoginBody): Promise<TokenPair> {
  return post<TokenPair>('/auth/login', body, undefined, anonymous);
}

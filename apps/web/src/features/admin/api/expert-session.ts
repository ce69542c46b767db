import { anonymous, call } from '../../../lib/http-client.ts';
import type { TokenPair } from '../../../lib/token-storage.ts';

/** POST /auth/login — the same sign-in as sellers; the answer's token says whether it is an expert. */
export function expertLogin(body: { email: string; password: string }): Promise<TokenPair> {
  return call('POST /auth/login', { body }, anonymous);
}

import { post } from '../../../lib/http-client.ts';
import type { TokenPair } from '../../../lib/token-storage.ts';

/** POST /auth/change_password — 400 wrong_password. May answer with a fresh pair. */
export function changePassword(current_password: string, new_password: string): Promise<Partial<TokenPair> | null> {
  return post<Partial<TokenPair> | null>('/auth/change_password', { current_password, new_password });
}

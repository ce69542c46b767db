import { anonymous, post } from '../../../lib/http-client.ts';
import type { TokenPair } from '../../../lib/token-storage.ts';

/** POST /auth/login — the same sign-in as sellers; the answer's token says whether it is an expert. */
export function expertLogin(body: { email: string; password: string }): Promise<TokenPair> {
  return post<TokenPair>('/auth/login', body, undefined, anonymous);
}

/** Revokes a refresh token; errors are ignored (the token expires on its own). */
export async function revokeSession(accessToken: string | null, refreshToken: string | null): Promise<void> {
  if (!refreshToken) return;
  try {
    await post('/auth/logout', { refresh_token: refreshToken }, undefined, {
      ...anonymous,
      headers: accessToken ? { Authorization: `Bearer ${accessToken}` } : {},
    });
  } catch {
    // Signed out locally either way.
  }
}

/*
 * The signed-in customer as far as the shell needs it (id for the profile link, name for the menu).
 * Placeholder until the accounts work replaces the body: it decodes the access token's claims
 * without verifying them (the server verifies on every call).
 */
export interface CurrentUser {
  customerId: string;
  firstName: string;
  lastName: string;
  email: string;
}

export const accessTokenStorageKey = 'jwt_token';

function storedToken(): string | null {
  try {
    return localStorage.getItem(accessTokenStorageKey) ?? sessionStorage.getItem(accessTokenStorageKey);
  } catch {
    return null;
  }
}

export function decodeAccessToken(token: string): CurrentUser | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '=');
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const claims = JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>;
    if (typeof claims.customer_id !== 'string') return null;
    return {
      customerId: claims.customer_id,
      firstName: typeof claims.first_name === 'string' ? claims.first_name : '',
      lastName: typeof claims.last_name === 'string' ? claims.last_name : '',
      email: typeof claims.email === 'string' ? claims.email : '',
    };
  } catch {
    return null;
  }
}

export function useCurrentUser(): CurrentUser | null {
  const token = storedToken();
  return token ? decodeAccessToken(token) : null;
}

/*
 * Where the session's tokens live (specification §4): local storage when the user asked to be
 * remembered, session storage otherwise. Reading prefers local storage and falls back to session
 * storage, so a refresh writes the new pair back to wherever the old one was.
 */
import type { AccessClaims, SessionTokens } from '@worq/domain/wire/auth';

export const accessTokenKey = 'jwt_token';
export const refreshTokenKey = 'refresh_token';
export const defaultExpiryBufferMs = 300_000;

/** The pair every sign-in, refresh and code check answers (wire/auth sessionTokens), as stored. */
export type TokenPair = SessionTokens;

/** The access token's claims (wire/auth accessClaims) with the expiry every JWT carries. */
export type AccessTokenClaims = AccessClaims & { exp: number };

type StorageKind = 'local' | 'session';

const listeners = new Set<() => void>();

function storageOf(kind: StorageKind): Storage | null {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    // Storage access throws in some privacy modes; the app then behaves as signed out.
    return null;
  }
}

function read(kind: StorageKind, key: string): string | null {
  try {
    return storageOf(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function notify() {
  listeners.forEach((listener) => listener());
}

/** Which storage holds the tokens now, or null when signed out. */
export function tokenStorageKind(): StorageKind | null {
  if (read('local', accessTokenKey) !== null || read('local', refreshTokenKey) !== null) return 'local';
  if (read('session', accessTokenKey) !== null || read('session', refreshTokenKey) !== null) return 'session';
  return null;
}

export function getAccessToken(): string | null {
  const kind = tokenStorageKind();
  return kind ? read(kind, accessTokenKey) : null;
}

export function getRefreshToken(): string | null {
  const kind = tokenStorageKind();
  return kind ? read(kind, refreshTokenKey) : null;
}

function removeFrom(kind: StorageKind) {
  try {
    const storage = storageOf(kind);
    storage?.removeItem(accessTokenKey);
    storage?.removeItem(refreshTokenKey);
  } catch {
    // nothing stored there
  }
}

/**
 * Stores a new pair. `remember` picks the storage; when omitted (a refresh) the pair goes back to
 * the storage that held the previous one, defaulting to local storage.
 */
export function storeTokens(tokens: TokenPair, remember?: boolean): void {
  const kind: StorageKind = remember === undefined ? (tokenStorageKind() ?? 'local') : remember ? 'local' : 'session';
  removeFrom(kind === 'local' ? 'session' : 'local');
  try {
    const storage = storageOf(kind);
    storage?.setItem(accessTokenKey, tokens.jwt_token);
    storage?.setItem(refreshTokenKey, tokens.refresh_token);
  } catch {
    // Quota or privacy mode: the session lasts only for this page.
  }
  notify();
}

export function clearTokens(): void {
  removeFrom('local');
  removeFrom('session');
  notify();
}

/** Called whenever the stored tokens change (in this tab or, through local storage, another one). */
export function subscribeTokens(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === accessTokenKey || event.key === refreshTokenKey) notify();
  });
}

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  // Names carry Turkish letters: the payload is UTF-8, which atob alone would mangle.
  return new TextDecoder().decode(bytes);
}

/** Reads the claims without verifying the signature (the server does that); null if malformed. */
export function decodeClaims(token: string | null | undefined): AccessTokenClaims | null {
  if (!token) return null;
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(decodeBase64Url(payload));
    if (claims === null || typeof claims !== 'object') return null;
    const record = claims as Record<string, unknown>;
    if (typeof record.customer_id !== 'string' || typeof record.exp !== 'number') return null;
    return {
      customer_id: record.customer_id,
      email: typeof record.email === 'string' ? record.email : '',
      first_name: typeof record.first_name === 'string' ? record.first_name : '',
      last_name: typeof record.last_name === 'string' ? record.last_name : '',
      exp: record.exp,
      is_phone_verified: record.is_phone_verified === true,
      ...(record.role === 'expert' ? { role: 'expert' as const } : {}),
    };
  } catch {
    return null;
  }
}

/** True when the token expires within `bufferMs` (or is unreadable). */
export function isExpiring(token: string | null | undefined, bufferMs = defaultExpiryBufferMs, now = Date.now()): boolean {
  const claims = decodeClaims(token);
  if (!claims) return true;
  return claims.exp * 1000 - now < bufferMs;
}

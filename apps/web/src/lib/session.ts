/*
 * The signed-in session (specification §4): sign-in stores the tokens, the access token is
 * refreshed at start and checked every minute, and sign-out revokes the refresh token and leaves
 * for the sign-in page. React reads it through useSession().
 */
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import { isHttpError } from './api-error.ts';
import { anonymous, call, forceLogout, navigateTo, refreshTokens, registerNavigate, signInPathHere } from './http-client.ts';
import {
  clearTokens,
  decodeClaims,
  defaultExpiryBufferMs,
  getAccessToken,
  getRefreshToken,
  isExpiring,
  storeTokens,
  subscribeTokens,
  type AccessTokenClaims,
  type TokenPair,
} from './token-storage.ts';

export const refreshCheckIntervalMs = 60_000;

/** Stores a fresh pair from sign-in or sign-up; `remember` false keeps it for this tab only. */
export function login(tokens: TokenPair, remember = true): void {
  storeTokens(tokens, remember);
}

/** Replaces the pair after a call that re-issues tokens (phone or e-mail verification). */
export function replaceTokens(tokens: TokenPair): void {
  storeTokens(tokens);
}

/** Clears the tokens, revokes the refresh token (errors ignored) and goes to the sign-in page. */
export async function logout(): Promise<void> {
  const accessToken = getAccessToken();
  const refreshToken = getRefreshToken();
  clearTokens();
  navigateTo(signInPathHere());
  await revokeSession(accessToken, refreshToken);
}

/** Revokes a refresh token; errors are ignored (the token expires on its own). */
export async function revokeSession(accessToken: string | null, refreshToken: string | null): Promise<void> {
  if (!refreshToken) return;
  try {
    await call(
      'POST /auth/logout',
      { body: { refresh_token: refreshToken } },
      {
        ...anonymous,
        headers: accessToken ? { Authorization: `Bearer ${accessToken}` } : {},
      },
    );
  } catch {
    // The user is signed out locally either way; the server's token expires on its own.
  }
}

// ---- refresh at start and every minute ---------------------------------------------------------

let refreshing = false;
const refreshListeners = new Set<() => void>();

function setRefreshing(value: boolean) {
  refreshing = value;
  refreshListeners.forEach((listener) => listener());
}

/** Refreshes when the access token is missing or has less than five minutes left. */
export async function refreshIfExpiring(now = Date.now()): Promise<void> {
  if (!getRefreshToken()) return;
  if (!isExpiring(getAccessToken(), defaultExpiryBufferMs, now)) return;
  setRefreshing(true);
  try {
    await refreshTokens();
  } catch (error) {
    // The server refused the refresh token: the session is over. Offline: try again next minute.
    if (isHttpError(error) && error.response) forceLogout();
  } finally {
    setRefreshing(false);
  }
}

let keeperUsers = 0;
let keeperTimer: ReturnType<typeof setInterval> | null = null;

/**
 * Starts the refresh check (once, however many callers) and returns its stop function; the timer
 * ends when the last caller stops.
 */
export function startSessionKeeper(): () => void {
  keeperUsers += 1;
  if (keeperTimer === null) {
    void refreshIfExpiring();
    keeperTimer = setInterval(() => void refreshIfExpiring(), refreshCheckIntervalMs);
  }
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    keeperUsers -= 1;
    if (keeperUsers === 0 && keeperTimer !== null) {
      clearInterval(keeperTimer);
      keeperTimer = null;
    }
  };
}

// ---- React -------------------------------------------------------------------------------------

export interface SessionState {
  claims: AccessTokenClaims | null;
  isAuthenticated: boolean;
  isPhoneVerified: boolean;
  /** The token carries `role: "expert"` (the back-office account of issue 6). */
  isExpert: boolean;
  /** A refresh is under way (the guards wait for it instead of judging an expired token). */
  isRefreshing: boolean;
}

function subscribeRefreshing(listener: () => void) {
  refreshListeners.add(listener);
  return () => {
    refreshListeners.delete(listener);
  };
}

const getRefreshing = () => refreshing;

/** The token's `role` claim, which only experts carry (wire/auth accessClaims). */
export function tokenRole(token: string | null | undefined): 'expert' | null {
  return decodeClaims(token)?.role ?? null;
}

/** What an access token (and whether a refresh is under way) says about the session. */
function sessionOf(token: string | null, isRefreshing: boolean): SessionState {
  const claims = decodeClaims(token);
  return {
    claims,
    isAuthenticated: claims !== null,
    isPhoneVerified: claims?.is_phone_verified === true,
    isExpert: claims?.role === 'expert',
    isRefreshing,
  };
}

export function getSession(): SessionState {
  return sessionOf(getAccessToken(), refreshing);
}

export function useSession(): SessionState {
  const token = useSyncExternalStore(subscribeTokens, getAccessToken, getAccessToken);
  const isRefreshing = useSyncExternalStore(subscribeRefreshing, getRefreshing, getRefreshing);
  return useMemo(() => sessionOf(token, isRefreshing), [token, isRefreshing]);
}

/** An expired access token is being refreshed: the guards wait rather than judge the old claims. */
export function isSettling(session: SessionState): boolean {
  return session.isRefreshing && session.claims !== null && session.claims.exp * 1000 <= Date.now();
}

/**
 * For the guards (seller and back-office): lets the HTTP client and the session move the user
 * (after a 401 or 403) through the router, and keeps the token fresh while the guard is mounted.
 */
export function useSessionPlumbing(): void {
  const navigate = useNavigate();
  useEffect(() => registerNavigate((to) => void navigate(to, { replace: true })), [navigate]);
  useEffect(() => startSessionKeeper(), []);
}

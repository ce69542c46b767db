/*
 * The one HTTP client (specification §7, §4 Session, §8): base host from configuration, repeated
 * array keys, only 2xx counts as success, no timeout; bearer token and language on every call; a
 * 401 triggers a single shared refresh and one retry, a 403 leaves the page (a 403 terms_pending
 * brings up the re-accept form of the updated legal texts instead).
 *
 * Screens call the helpers below. The sending side (http-transport.ts, on `fetch`) is fetched on
 * the first call, so the sign-in page paints without it.
 */
import type * as httpTransport from './http-transport.ts';
import { clearTokens, getAccessToken, getRefreshToken } from './token-storage.ts';

/** A call's query parameters: plain values, or lists of them (the key is repeated). */
export type Params = Record<string, unknown>;

/** What a caller may add to a call. */
export interface CallOptions {
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Leave a 401 to the caller: no refresh, no retry, no logout (sign-in, refresh, logout calls). */
  skipAuthRefresh?: boolean;
  /** Leave a 403 to the caller instead of navigating away. */
  skipForbiddenRedirect?: boolean;
}

export interface HttpRequest extends CallOptions {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The path under the API base, e.g. `/customer/get_user_info`. */
  url: string;
  params?: Params;
  /** Sent as JSON. */
  data?: unknown;
}

/** The server's answer to a refused call: its status and its body (the error envelope, parsed). */
export interface HttpAnswer {
  status: number;
  data: unknown;
}

/**
 * A failed call, as http-transport.ts raises it. Recognised by its marker (lib/api-error.ts) so
 * that reading an error does not load the transport.
 */
export interface HttpFailure extends Error {
  readonly isHttpError: true;
  /** Absent when no answer arrived (offline, connection cut). */
  readonly response: HttpAnswer | undefined;
}

export const apiBaseUrl = `${(import.meta.env.VITE_API_BASE_URL as string | undefined) ?? ''}/api/v1`;

type HttpTransport = typeof httpTransport;
let transport: Promise<HttpTransport> | null = null;

/** The sending side, imported once; a failed chunk load is retried by the next call. */
export function loadHttpTransport(): Promise<HttpTransport> {
  transport ??= import('./http-transport.ts').catch((error: unknown) => {
    transport = null;
    throw error;
  });
  return transport;
}

/**
 * Starts loading the sending side at once when a session is stored: a signed-in page asks the API as
 * soon as it mounts, so waiting for that first call would add the chunk's round trip to every
 * signed-in first paint. Without a session nothing is loaded (the sign-in page stays lean).
 */
export function preloadHttpTransportForSession(): void {
  if (getAccessToken() === null && getRefreshToken() === null) return;
  loadHttpTransport().catch(() => undefined);
}

// ---- navigation from outside React -------------------------------------------------------------

export type NavigateFunction = (to: string) => void;
let navigateFn: NavigateFunction | null = null;

/** The router's navigate, registered by the app; without one the browser loads the page. */
export function registerNavigate(navigate: NavigateFunction | null): () => void {
  navigateFn = navigate;
  return () => {
    if (navigateFn === navigate) navigateFn = null;
  };
}

export function navigateTo(to: string): void {
  if (navigateFn) navigateFn(to);
  else window.location.assign(to);
}

// ---- legal texts to accept again ---------------------------------------------------------------

let termsPendingListener: (() => void) | null = null;

/**
 * Registers what happens when the server refuses a write with 403 terms_pending (a required legal
 * text was updated since the seller accepted it): the signed-in layout reloads the user info, whose
 * pending_terms puts the re-accept form in front of the pages.
 */
export function registerTermsPending(listener: (() => void) | null): () => void {
  termsPendingListener = listener;
  return () => {
    if (termsPendingListener === listener) termsPendingListener = null;
  };
}

export function termsPending(): void {
  termsPendingListener?.();
}

// ---- session end -------------------------------------------------------------------------------

/** Where a signed-out person signs in again: the back-office has its own sign-in page. */
export function signInPathHere(): string {
  return typeof window !== 'undefined' && window.location.pathname.startsWith('/admin') ? '/admin/login' : '/';
}

/** Ends the session locally: the refresh token is already unusable, so nothing is revoked. */
export function forceLogout(): void {
  // Several queued calls can fail together; only the first one that still finds tokens navigates.
  const hadSession = getAccessToken() !== null || getRefreshToken() !== null;
  clearTokens();
  if (hadSession) navigateTo(signInPathHere());
}

/**
 * Rotates the token pair. Concurrent callers share the same request, so one refresh serves a burst
 * of 401s. Resolves with the new access token; rejects when there is nothing to refresh or the
 * server refuses (then the session is over).
 */
export async function refreshTokens(): Promise<string> {
  const { refreshTokens: refresh } = await loadHttpTransport();
  return refresh();
}

// ---- helpers -----------------------------------------------------------------------------------

async function request<T>(call: HttpRequest): Promise<T> {
  const transport = await loadHttpTransport();
  return transport.request<T>(call);
}

export function get<T>(url: string, params?: Params, options: CallOptions = {}): Promise<T> {
  return request<T>({ ...options, method: 'GET', url, params });
}

export function post<T>(url: string, body?: unknown, params?: Params, options: CallOptions = {}): Promise<T> {
  return request<T>({ ...options, method: 'POST', url, data: body, params });
}

export function put<T>(url: string, body?: unknown, params?: Params, options: CallOptions = {}): Promise<T> {
  return request<T>({ ...options, method: 'PUT', url, data: body, params });
}

export function patch<T>(url: string, body?: unknown, params?: Params, options: CallOptions = {}): Promise<T> {
  return request<T>({ ...options, method: 'PATCH', url, data: body, params });
}

/** `delete` is a reserved word, hence the name; also exported as `api.delete`. */
export function del<T>(url: string, body?: unknown, params?: Params, options: CallOptions = {}): Promise<T> {
  return request<T>({ ...options, method: 'DELETE', url, data: body, params });
}

export const api = { get, post, put, patch, delete: del };

/**
 * A GET that needs no session and takes no query, answered through `fetch`: the start-up settings
 * request, so that the sign-in page paints without the sending side, which loads with the first
 * form. Same base URL and JSON accept header as the transport, and the same rule: only 2xx succeeds.
 */
export async function getWithoutSession<T>(url: string): Promise<T> {
  const response = await fetch(`${apiBaseUrl}${url}`, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return (await response.json()) as T;
}

/**
 * For calls that sign in or need no session (login, register, password reset): a 401 there is the
 * answer itself, even when an old token happens to be stored.
 */
export const anonymous: CallOptions = { skipAuthRefresh: true, skipForbiddenRedirect: true };

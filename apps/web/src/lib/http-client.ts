/*
 * The one HTTP client (specification §7, §4 Session, §8): base host from configuration, repeated
 * array keys, only 2xx counts as success, no timeout; bearer token and language on every call; a
 * 401 triggers a single shared refresh and one retry, a 403 leaves the page (a 403 terms_pending
 * brings up the re-accept form of the updated legal texts instead).
 *
 * Screens call the helpers below. The sending side (http-transport.ts, on `fetch`) is fetched on
 * the first call, so the sign-in page paints without it.
 */
import type { Route, RouteAnswer, RouteInput } from '@worq/domain/wire/routes';
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

/** The input a route needs; optional as a whole when none of its parts is required. */
type CallArguments<R extends Route> =
  object extends RouteInput<R> ? [input?: RouteInput<R>, options?: CallOptions] : [input: RouteInput<R>, options?: CallOptions];

/** The parts of a call as the route map (packages/domain wire/routes.ts) has them. */
interface CallInput {
  path?: Record<string, string>;
  query?: object;
  body?: unknown;
}

/** A route's path with its `{name}` parameters filled in. */
function fillPath(route: Route, path: Record<string, string> | undefined): string {
  return route.slice(route.indexOf(' ') + 1).replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = path?.[name];
    if (value === undefined) throw new Error(`${route}: no value for {${name}}`);
    return encodeURIComponent(value);
  });
}

/**
 * The address of a route under the API base: `routeUrl('GET /admin/applications/{id}', { id })`.
 * Also the SWR key of a GET, so that a screen and whatever revalidates it name the same thing.
 */
export function routeUrl<R extends Route>(route: R, ...[path]: RouteInput<R> extends { path: infer Path } ? [path: Path] : []): string {
  return fillPath(route, path as Record<string, string> | undefined);
}

/**
 * Calls an operation of the route map: `call('POST /auth/login', { body })`. The method, the path,
 * what may be sent and the answer's type all come from the map, which the API's OpenAPI document is
 * checked against (`npm run lint:openapi`).
 */
export function call<R extends Route>(route: R, ...[input, options = {}]: CallArguments<R>): Promise<RouteAnswer<R>> {
  return request<RouteAnswer<R>>({ ...options, ...routeRequest(route, input) });
}

/** The method, address, query and body of a call of the route map (also the transport's refresh). */
export function routeRequest<R extends Route>(route: R, input: RouteInput<R> | undefined): HttpRequest {
  const { path, query, body } = (input ?? {}) as CallInput;
  const method = route.slice(0, route.indexOf(' ')) as HttpRequest['method'];
  return { method, url: fillPath(route, path), params: query as Params | undefined, data: body };
}

/**
 * A GET that needs no session and takes no query, answered through `fetch`: the start-up settings
 * request, so that the sign-in page paints without the sending side, which loads with the first
 * form. Same base URL and JSON accept header as the transport, and the same rule: only 2xx succeeds.
 */
export async function getWithoutSession(route: 'GET /settings'): Promise<unknown> {
  const url = fillPath(route, undefined);
  const response = await fetch(`${apiBaseUrl}${url}`, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`${route} answered ${response.status}`);
  return (await response.json()) as unknown;
}

/**
 * For calls that sign in or need no session (login, register, password reset): a 401 there is the
 * answer itself, even when an old token happens to be stored.
 */
export const anonymous: CallOptions = { skipAuthRefresh: true, skipForbiddenRedirect: true };

/*
 * The sending side of the HTTP client (lib/http-client.ts), on the browser's `fetch`
 * (docs/decisions/015-http-client-on-fetch.md): the bearer and language headers, JSON bodies,
 * repeated array keys, only 2xx succeeds, no timeout; the single shared refresh on 401 and the 403
 * navigation. Loaded on the first API call, not with the first page: screens call the helpers of
 * http-client.ts, never this module.
 */
import i18n from './i18n.ts';
import {
  apiBaseUrl,
  forceLogout,
  navigateTo,
  routeRequest,
  termsPending,
  type HttpAnswer,
  type HttpFailure,
  type HttpRequest,
} from './http-client.ts';
import { serializeQuery } from './query-string.ts';
import { getAccessToken, getRefreshToken, storeTokens, type TokenPair } from './token-storage.ts';

/** A call that failed: refused by the server (`response` set) or never answered (offline, cut off). */
export class HttpError extends Error implements HttpFailure {
  readonly isHttpError = true as const;
  readonly response: HttpAnswer | undefined;

  constructor(message: string, response?: HttpAnswer, options?: ErrorOptions) {
    super(message, options);
    this.name = 'HttpError';
    this.response = response;
  }
}

/** The address of a call: the API base, the path and the query with array keys repeated. */
export function requestUrl(request: Pick<HttpRequest, 'url' | 'params'>): string {
  const query = serializeQuery(request.params);
  return `${apiBaseUrl}${request.url}${query ? `?${query}` : ''}`;
}

/** An answer's body: JSON when it parses, else its text, `undefined` when empty (a 204). */
async function bodyOf(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** One round trip. Resolves with the body of a 2xx answer; rejects with an HttpError otherwise. */
async function send(request: HttpRequest, headers: Headers): Promise<unknown> {
  const hasBody = request.data !== undefined;
  if (hasBody && !headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  let response: Response;
  let data: unknown;
  try {
    response = await fetch(requestUrl(request), {
      method: request.method,
      headers,
      body: hasBody ? JSON.stringify(request.data) : undefined,
      signal: request.signal,
    });
    data = await bodyOf(response);
  } catch (error) {
    // A cancelled call stays an AbortError, as the caller asked for it.
    if (request.signal?.aborted) throw error;
    throw new HttpError(i18n.t('feedback:network_error'), undefined, { cause: error });
  }
  if (response.ok) return data;
  throw new HttpError(`Request failed with status code ${response.status}`, { status: response.status, data });
}

// ---- refresh -----------------------------------------------------------------------------------

let refreshInFlight: Promise<string> | null = null;

/**
 * Rotates the token pair. Concurrent callers share the same request, so one refresh serves a burst
 * of 401s. Resolves with the new access token; rejects when there is nothing to refresh or the
 * server refuses (then the session is over).
 */
export function refreshTokens(): Promise<string> {
  if (refreshInFlight) return refreshInFlight;
  const refreshToken = getRefreshToken();
  if (!refreshToken) return Promise.reject(new Error('no refresh token'));
  refreshInFlight = request<TokenPair>({
    ...routeRequest('POST /auth/token/refresh', { body: { refresh_token: refreshToken } }),
    skipAuthRefresh: true,
    skipForbiddenRedirect: true,
  })
    .then((tokens) => {
      storeTokens(tokens);
      return tokens.jwt_token;
    })
    .finally(() => {
      refreshInFlight = null;
    });
  return refreshInFlight;
}

// ---- calls -------------------------------------------------------------------------------------

function errorCode(error: HttpError): string | undefined {
  const data = error.response?.data as { errors?: { code?: unknown } } | undefined;
  return typeof data?.errors?.code === 'string' ? data.errors.code : undefined;
}

async function attempt(request: HttpRequest, headers: Headers, afterRefresh: boolean): Promise<unknown> {
  try {
    return await send(request, headers);
  } catch (error) {
    if (!(error instanceof HttpError) || !error.response) throw error;
    const status = error.response.status;

    if (status === 401 && !request.skipAuthRefresh) {
      // Only a call that carried a token can be saved by a refresh; an anonymous 401 is the answer.
      const sentHeader = headers.get('Authorization');
      if (sentHeader === null) throw error;
      if (afterRefresh) {
        forceLogout();
        throw error;
      }
      let freshToken: string;
      const storedToken = getAccessToken();
      try {
        // A call that left before another one's refresh finished just needs the newer token.
        freshToken = storedToken && sentHeader !== `Bearer ${storedToken}` ? storedToken : await refreshTokens();
      } catch (refreshError) {
        // A refused refresh ends the session; a network failure leaves it for the next attempt.
        const refused = refreshError instanceof HttpError && refreshError.response !== undefined;
        if (refused || !getRefreshToken()) forceLogout();
        throw error;
      }
      headers.set('Authorization', `Bearer ${freshToken}`);
      return attempt(request, headers, true);
    }

    if (status === 403 && !request.skipForbiddenRedirect) {
      const code = errorCode(error);
      // A required legal text was updated: the page stays, the re-accept form comes up over it.
      if (code === 'terms_pending') termsPending();
      else navigateTo(code === 'phone_not_verified' ? '/mobile-verification' : '/worq-trade');
    }
    throw error;
  }
}

/** Sends a call with the session's token and the page language, unless the call names its own. */
export async function request<T>(call: HttpRequest): Promise<T> {
  const headers = new Headers({ Accept: 'application/json', ...call.headers });
  const token = getAccessToken();
  if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
  // The page language, unless the call asks for another (a legal text in the language picked for it).
  if (i18n.language && !headers.has('Accept-Language')) headers.set('Accept-Language', i18n.language);
  return (await attempt(call, headers, false)) as T;
}

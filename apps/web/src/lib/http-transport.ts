/*
 * The axios side of the HTTP client (lib/http-client.ts): the instance, the bearer and language
 * headers, the single shared refresh on 401 and the 403 navigation. Loaded on the first API call,
 * not with the first page: screens call the helpers of http-client.ts, never this module.
 */
import axios, { AxiosError, type InternalAxiosRequestConfig } from 'axios';
import i18n from './i18n.ts';
import { apiBaseUrl, forceLogout, navigateTo } from './http-client.ts';
import { serializeQuery } from './query-string.ts';
import { getAccessToken, getRefreshToken, storeTokens, type TokenPair } from './token-storage.ts';

export const httpClient = axios.create({
  baseURL: apiBaseUrl,
  timeout: 0,
  validateStatus: (status) => status >= 200 && status < 300,
  paramsSerializer: { serialize: (params) => serializeQuery(params as Record<string, unknown>) },
  headers: { Accept: 'application/json' },
});

// ---- refresh -----------------------------------------------------------------------------------

let refreshInFlight: Promise<string> | null = null;

/** True when the server answered and refused (not a network failure). */
function isRefusal(error: unknown): boolean {
  return error instanceof AxiosError && error.response !== undefined;
}

/**
 * Rotates the token pair. Concurrent callers share the same request, so one refresh serves a burst
 * of 401s. Resolves with the new access token; rejects when there is nothing to refresh or the
 * server refuses (then the session is over).
 */
export function refreshTokens(): Promise<string> {
  if (refreshInFlight) return refreshInFlight;
  const refreshToken = getRefreshToken();
  if (!refreshToken) return Promise.reject(new Error('no refresh token'));
  refreshInFlight = httpClient
    .post<TokenPair>('/auth/token/refresh', { refresh_token: refreshToken }, { skipAuthRefresh: true, skipForbiddenRedirect: true })
    .then((response) => {
      storeTokens(response.data);
      return response.data.jwt_token;
    })
    .finally(() => {
      refreshInFlight = null;
    });
  return refreshInFlight;
}

// ---- interceptors ------------------------------------------------------------------------------

httpClient.interceptors.request.use((config: InternalAxiosRequestConfig) => {
  const token = getAccessToken();
  if (token && !config.headers.has('Authorization')) config.headers.set('Authorization', `Bearer ${token}`);
  // The page language, unless the call asks for another (a legal text in the language picked for it).
  if (i18n.language && !config.headers.has('Accept-Language')) config.headers.set('Accept-Language', i18n.language);
  return config;
});

function errorCode(error: AxiosError): string | undefined {
  const data = error.response?.data as { errors?: { code?: unknown } } | undefined;
  return typeof data?.errors?.code === 'string' ? data.errors.code : undefined;
}

httpClient.interceptors.response.use(undefined, async (error: unknown) => {
  if (!(error instanceof AxiosError) || !error.response || !error.config) throw error;
  const config = error.config;
  const status = error.response.status;

  if (status === 401 && !config.skipAuthRefresh) {
    // Only a call that carried a token can be saved by a refresh; an anonymous 401 is the answer.
    const sentToken = config.headers.has('Authorization');
    if (!sentToken) throw error;
    if (config.retriedAfterRefresh) {
      forceLogout();
      throw error;
    }
    let freshToken: string;
    const sentHeader = String(config.headers.get('Authorization') ?? '');
    const storedToken = getAccessToken();
    try {
      // A call that left before another one's refresh finished just needs the newer token.
      freshToken = storedToken && sentHeader !== `Bearer ${storedToken}` ? storedToken : await refreshTokens();
    } catch (refreshError) {
      // A refused refresh ends the session; a network failure leaves it for the next attempt.
      if (isRefusal(refreshError) || !getRefreshToken()) forceLogout();
      throw error;
    }
    config.retriedAfterRefresh = true;
    config.headers.set('Authorization', `Bearer ${freshToken}`);
    return httpClient.request(config);
  }

  if (status === 403 && !config.skipForbiddenRedirect) {
    navigateTo(errorCode(error) === 'phone_not_verified' ? '/mobile-verification' : '/worq-trade');
  }
  throw error;
});

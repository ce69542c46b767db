/*
 * The one HTTP client (specification §7, §4 Session, §8): base host from configuration, repeated
 * array keys, only 2xx counts as success, no timeout; bearer token and language on every call; a
 * 401 triggers a single shared refresh and one retry, a 403 leaves the page.
 */
import axios, { AxiosError, type AxiosRequestConfig, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import qs from 'qs';
import i18n from './i18n.ts';
import { clearTokens, getAccessToken, getRefreshToken, storeTokens, type TokenPair } from './token-storage.ts';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Leave a 401 to the caller: no refresh, no retry, no logout (sign-in, refresh, logout calls). */
    skipAuthRefresh?: boolean;
    /** Leave a 403 to the caller instead of navigating away. */
    skipForbiddenRedirect?: boolean;
    /** Set on the one retry after a refresh. */
    retriedAfterRefresh?: boolean;
  }
}

export const apiBaseUrl = `${(import.meta.env.VITE_API_BASE_URL as string | undefined) ?? ''}/api/v1`;

export const httpClient = axios.create({
  baseURL: apiBaseUrl,
  timeout: 0,
  validateStatus: (status) => status >= 200 && status < 300,
  paramsSerializer: { serialize: (params) => qs.stringify(params, { arrayFormat: 'repeat' }) },
  headers: { Accept: 'application/json' },
});

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

// ---- session end -------------------------------------------------------------------------------

/** Ends the session locally: the refresh token is already unusable, so nothing is revoked. */
export function forceLogout(): void {
  // Several queued calls can fail together; only the first one that still finds tokens navigates.
  const hadSession = getAccessToken() !== null || getRefreshToken() !== null;
  clearTokens();
  if (hadSession) navigateTo('/');
}

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
  if (i18n.language) config.headers.set('Accept-Language', i18n.language);
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

// ---- helpers -----------------------------------------------------------------------------------

type Params = Record<string, unknown>;

export async function get<T>(url: string, params?: Params, config: AxiosRequestConfig = {}): Promise<T> {
  const response: AxiosResponse<T> = await httpClient.get<T>(url, { ...config, params });
  return response.data;
}

export async function post<T>(url: string, body?: unknown, params?: Params, config: AxiosRequestConfig = {}): Promise<T> {
  const response: AxiosResponse<T> = await httpClient.post<T>(url, body, { ...config, params });
  return response.data;
}

export async function put<T>(url: string, body?: unknown, params?: Params, config: AxiosRequestConfig = {}): Promise<T> {
  const response: AxiosResponse<T> = await httpClient.put<T>(url, body, { ...config, params });
  return response.data;
}

export async function patch<T>(url: string, body?: unknown, params?: Params, config: AxiosRequestConfig = {}): Promise<T> {
  const response: AxiosResponse<T> = await httpClient.patch<T>(url, body, { ...config, params });
  return response.data;
}

/** `delete` is a reserved word, hence the name; also exported as `api.delete`. */
export async function del<T>(url: string, body?: unknown, params?: Params, config: AxiosRequestConfig = {}): Promise<T> {
  const response: AxiosResponse<T> = await httpClient.delete<T>(url, { ...config, data: body, params });
  return response.data;
}

export const api = { get, post, put, patch, delete: del };

/**
 * For calls that sign in or need no session (login, register, password reset): a 401 there is the
 * answer itself, even when an old token happens to be stored.
 */
export const anonymous: AxiosRequestConfig = { skipAuthRefresh: true, skipForbiddenRedirect: true };

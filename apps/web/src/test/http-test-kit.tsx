import { render } from '@testing-library/react';
import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { SWRConfig } from 'swr';
import { httpClient } from '../lib/http-transport.ts';

export interface Answer {
  status: number;
  data?: unknown;
}

export interface SeenCall {
  method: string;
  url: string;
  body: unknown;
  params: Record<string, unknown>;
}

/** A fixed answer, or one made from the request's JSON body (and the whole call when needed). */
export type Route = Answer | ((body: unknown, call: SeenCall, config: InternalAxiosRequestConfig) => Answer);

/**
 * Fakes the API at the HTTP client's edge: an axios adapter, and `fetch` for the client's
 * session-free GETs (lib/http-client.ts getWithoutSession), both answering per "METHOD /path"
 * (404 `not_found` for anything else). Returns the calls they saw, in order.
 */
export function serve(routes: Record<string, Route>): SeenCall[] {
  const calls: SeenCall[] = [];
  const answer = (call: SeenCall, config: InternalAxiosRequestConfig): Answer => {
    calls.push(call);
    const route = routes[`${call.method} ${call.url}`];
    return typeof route === 'function' ? route(call.body, call, config) : (route ?? refusal(404, 'not_found', 'not found'));
  };
  httpClient.defaults.adapter = async (config: InternalAxiosRequestConfig) => {
    const body: unknown = typeof config.data === 'string' ? JSON.parse(config.data) : config.data;
    const call: SeenCall = {
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      body,
      params: (config.params ?? {}) as Record<string, unknown>,
    };
    const { status, data } = answer(call, config);
    const response: AxiosResponse = { data, status, statusText: '', headers: {}, config, request: {} };
    if (status >= 200 && status < 300) return response;
    throw new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_REQUEST', config, {}, response);
  };
  vi.stubGlobal('fetch', async (input: string | URL, init?: RequestInit) => {
    const target = new URL(String(input), 'http://localhost');
    const call: SeenCall = {
      method: (init?.method ?? 'GET').toUpperCase(),
      url: target.pathname.replace(/^\/api\/v1/, ''),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      params: Object.fromEntries(target.searchParams),
    };
    const { status, data } = answer(call, {} as InternalAxiosRequestConfig);
    return new Response(JSON.stringify(data ?? null), { status, headers: { 'content-type': 'application/json' } });
  });
  return calls;
}

/** The server's error envelope. */
export function refusal(status: number, code: string, message: string): Answer {
  return { status, data: { errors: { code, message } } };
}

/** Stands on the routes a test only lands on: the test id `where` holds the path and query. */
export function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
}

/**
 * Renders the routes in a memory router at `path`, with an SWR cache of its own (no deduping);
 * `extra` renders beside the router (e.g. a toast container). Returns the render result and the router.
 */
export function renderRoutes(routes: RouteObject[], path: string, extra?: ReactNode) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <RouterProvider router={router} />
      {extra}
    </SWRConfig>,
  );
  return { ...view, router };
}

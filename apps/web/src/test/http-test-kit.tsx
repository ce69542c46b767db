import { act, render, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { SWRConfig } from 'swr';

export interface Answer {
  status: number;
  data?: unknown;
}

export interface SeenCall {
  method: string;
  /** The path under /api/v1. */
  url: string;
  /** The JSON body, parsed. */
  body: unknown;
  /** The query as sent: strings, a list where a key repeats. */
  params: Record<string, string | string[]>;
}

/** A fixed answer, or one made from the request's JSON body (and the whole call when needed). */
export type Route = Answer | ((body: unknown, call: SeenCall, request: { headers: Headers }) => Answer);

/** The query of a URL, a repeated key as a list. */
function paramsOf(search: URLSearchParams): Record<string, string | string[]> {
  const params: Record<string, string | string[]> = {};
  for (const key of new Set(search.keys())) {
    const values = search.getAll(key);
    params[key] = values.length === 1 ? values[0]! : values;
  }
  return params;
}

/**
 * Fakes the API at the network edge: `fetch`, which every call of the HTTP client goes through,
 * answering per "METHOD /path" (404 `not_found` for anything else). Returns the calls it saw, in order.
 */
export function serve(routes: Record<string, Route>): SeenCall[] {
  const calls: SeenCall[] = [];
  vi.stubGlobal('fetch', async (input: string | URL, init?: RequestInit) => {
    const target = new URL(String(input), 'http://localhost');
    const call: SeenCall = {
      method: (init?.method ?? 'GET').toUpperCase(),
      url: target.pathname.replace(/^\/api\/v1/, ''),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      params: paramsOf(target.searchParams),
    };
    calls.push(call);
    const route = routes[`${call.method} ${call.url}`];
    const headers = new Headers(init?.headers);
    const { status, data } =
      typeof route === 'function' ? route(call.body, call, { headers }) : (route ?? refusal(404, 'not_found', 'not found'));
    return new Response(data === undefined ? null : JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } });
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

/** The SWR keys of the last renderRoutes whose request has settled (answered or failed), as text. */
let settledKeys: string[] = [];
const keyText = (key: unknown) => (typeof key === 'string' ? key : JSON.stringify(key));

/**
 * Waits until a request of the rendered screen whose SWR key contains `url` has settled, answer or
 * error, and React has drawn the outcome: the positive signal to wait for before asserting that
 * something is not shown.
 */
export async function settled(url: string): Promise<void> {
  await waitFor(() => expect(settledKeys.some((key) => key.includes(url))).toBe(true));
  await act(async () => {});
}

/**
 * Renders the routes in a memory router at `path`, with an SWR cache of its own (no deduping);
 * `extra` renders beside the router (e.g. a toast container). Returns the render result and the router.
 */
export function renderRoutes(routes: RouteObject[], path: string, extra?: ReactNode) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  settledKeys = [];
  const onSettled = (_outcome: unknown, key: unknown) => void settledKeys.push(keyText(key));
  const view = render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, onSuccess: onSettled, onError: onSettled }}>
      <RouterProvider router={router} />
      {extra}
    </SWRConfig>,
  );
  return { ...view, router };
}

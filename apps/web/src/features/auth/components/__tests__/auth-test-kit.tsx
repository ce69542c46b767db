import { render } from '@testing-library/react';
import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { SWRConfig } from 'swr';
import { httpClient } from '../../../../lib/http-transport.ts';

export interface Answer {
  status: number;
  data?: unknown;
}
export interface SeenCall {
  method: string;
  url: string;
  body: unknown;
}

/** The network edge for screen tests: an axios adapter that answers per "METHOD /path". */
export function serve(routes: Record<string, Answer | ((body: unknown) => Answer)>) {
  const calls: SeenCall[] = [];
  httpClient.defaults.adapter = async (config: InternalAxiosRequestConfig) => {
    const method = (config.method ?? 'get').toUpperCase();
    const url = config.url ?? '';
    const body = typeof config.data === 'string' ? JSON.parse(config.data) : config.data;
    calls.push({ method, url, body });
    const route = routes[`${method} ${url}`];
    const answer = typeof route === 'function' ? route(body) : (route ?? { status: 404, data: { errors: { message: 'not found' } } });
    const response: AxiosResponse = { data: answer.data, status: answer.status, statusText: '', headers: {}, config, request: {} };
    if (answer.status >= 200 && answer.status < 300) return response;
    throw new AxiosError(`Request failed with status code ${answer.status}`, 'ERR_BAD_REQUEST', config, {}, response);
  };
  return calls;
}

function Where() {
  const { pathname } = useLocation();
  return <p data-testid="where">{pathname}</p>;
}

/** Renders `element` at `path` with a memory router; other listed paths show where we landed. */
export function renderRoute(element: React.ReactNode, path: string, pattern = path.split('?')[0] ?? '/', others: string[] = []) {
  const routes: RouteObject[] = [
    { path: pattern, element },
    ...['/', '/worq-trade', '/mobile-verification', '/forgot-password', ...others]
      .filter((p) => p !== pattern)
      .map((p) => ({ path: p, element: <Where /> })),
  ];
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <RouterProvider router={router} />
    </SWRConfig>,
  );
  return router;
}

import { render } from '@testing-library/react';
import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { SWRConfig } from 'swr';
import { httpClient } from '../../../../lib/http-transport.ts';
import type { Integration } from '../../api/integrations.ts';
import type { Marketplace } from '../../api/marketplaces.ts';
import type { TrackOptions } from '../../track-task.ts';

export type Answer = { status: number; data?: unknown };
export type Route = Answer | ((body: unknown, params: unknown) => Answer);
export interface Call {
  method: string;
  url: string;
  body: unknown;
  params: unknown;
}

/** Fakes the API at the HTTP client's edge: `METHOD /path` → answer. */
export function serve(routes: Record<string, Route>): Call[] {
  const calls: Call[] = [];
  httpClient.defaults.adapter = async (config: InternalAxiosRequestConfig) => {
    const method = (config.method ?? 'get').toUpperCase();
    const key = `${method} ${config.url}`;
    const body = typeof config.data === 'string' ? JSON.parse(config.data) : undefined;
    calls.push({ method, url: config.url ?? '', body, params: config.params });
    const route = routes[key];
    const answer = typeof route === 'function' ? route(body, config.params) : (route ?? { status: 404, data: { errors: { code: 'not_found', message: 'not found' } } });
    const response: AxiosResponse = { data: answer.data, status: answer.status, statusText: '', headers: {}, config, request: {} };
    if (answer.status < 300) return response;
    throw new AxiosError('failed', 'ERR_BAD_REQUEST', config, {}, response);
  };
  return calls;
}

export interface TrackedTask {
  requestId: string;
  type: string;
  options: TrackOptions;
}

/** Plays the background-task panel: records track requests so a test can finish them. */
export function followTasks() {
  const tasks: TrackedTask[] = [];
  const listener = (event: Event) => {
    event.preventDefault();
    tasks.push((event as CustomEvent<TrackedTask>).detail);
  };
  window.addEventListener('background-task:track', listener);
  return { tasks, stop: () => window.removeEventListener('background-task:track', listener) };
}

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

export function renderAt(path: string, element: ReactNode, routePath = '*') {
  const router = createMemoryRouter(
    [
      { path: routePath, element },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <RouterProvider router={router} />
    </SWRConfig>,
  );
  return router;
}

export const marketplaces: Marketplace[] = [
  {
    id: 'm-trendyol',
    code: 'trendyol',
    name: 'Trendyol',
    auth_type: 'api_key',
    fields: [
      { name: 'seller_id', type: 'text', required: true },
      { name: 'api_key', type: 'text', required: true },
      { name: 'api_secret', type: 'secret', required: true },
    ],
  },
  { id: 'm-hepsiburada', code: 'hepsiburada', name: 'Hepsiburada', auth_type: 'api_key', fields: [{ name: 'merchant_id', type: 'text', required: true }, { name: 'service_key', type: 'secret', required: true }] },
  { id: 'm-n11', code: 'n11', name: 'N11', auth_type: 'api_key', fields: [{ name: 'app_key', type: 'text', required: true }, { name: 'app_secret', type: 'secret', required: true }] },
  { id: 'm-ciceksepeti', code: 'ciceksepeti', name: 'Çiçeksepeti', auth_type: 'api_key', fields: [{ name: 'seller_id', type: 'text', required: true }, { name: 'api_key', type: 'secret', required: true }] },
  { id: 'm-amazon', code: 'amazon', name: 'Amazon', auth_type: 'oauth', fields: [], regions: ['EU', 'NA', 'FE'] },
  { id: 'm-ideasoft', code: 'ideasoft', name: 'Ideasoft', auth_type: 'api_key', fields: [{ name: 'store_url', type: 'url', required: true }, { name: 'client_id', type: 'text', required: true }, { name: 'client_secret', type: 'secret', required: true }] },
  { id: 'm-ticimax', code: 'ticimax', name: 'Ticimax', auth_type: 'api_key', fields: [{ name: 'store_domain', type: 'url', required: true }, { name: 'authorization_code', type: 'secret', required: true }] },
];

export function integration(overrides: Partial<Integration> = {}): Integration {
  return {
    id: 'i-1',
    marketplace_id: 'm-trendyol',
    marketplace_code: 'trendyol',
    store_name: 'Moda Dükkanı',
    store_link: null,
    region: null,
    seller_id: '123456',
    merchant_id: null,
    connected_at: '2025-03-14T09:30:00Z',
    status: 'active',
    is_active: true,
    is_updated: true,
    company_id: null,
    company_official_name: null,
    company_title: null,
    ...overrides,
  };
}

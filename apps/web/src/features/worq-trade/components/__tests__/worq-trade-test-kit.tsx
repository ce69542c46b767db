import { render, screen } from '@testing-library/react';
import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { SWRConfig } from 'swr';
import { httpClient } from '../../../../lib/http-transport.ts';
import { storeTokens } from '../../../../lib/token-storage.ts';
import { accessToken } from '../../../../lib/__tests__/token-fixtures.ts';
import type { Application } from '../../api/applications.ts';
import type { Plan } from '../../api/plan.ts';
import { Component as OnboardingLayout } from '../onboarding-layout.tsx';

export const customerId = '11111111-1111-4111-8111-111111111111';
export const listUrl = `/application/get_by_customer_id/${customerId}`;

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
    const body = typeof config.data === 'string' ? JSON.parse(config.data) : undefined;
    calls.push({ method, url: config.url ?? '', body, params: config.params });
    const route = routes[`${method} ${config.url}`];
    const answer = typeof route === 'function' ? route(body, config.params) : (route ?? { status: 404, data: { errors: { code: 'not_found', message: 'not found' } } });
    const response: AxiosResponse = { data: answer.data, status: answer.status, statusText: '', headers: {}, config, request: {} };
    if (answer.status < 300) return response;
    throw new AxiosError('failed', 'ERR_BAD_REQUEST', config, {}, response);
  };
  return calls;
}

export function refusal(status: number, code: string, message: string): Answer {
  return { status, data: { errors: { code, message } } };
}

export function signIn() {
  storeTokens({ jwt_token: accessToken(), refresh_token: 'r1' }, true);
}

export function application(overrides: Partial<Application> = {}): Application {
  return {
    id: 'a-1',
    created_at: '2026-01-05T10:00:00Z',
    status: 'not_completed',
    reject_reason: null,
    step: 1,
    is_leaved: false,
    is_cancelled: false,
    ...overrides,
  };
}

export const plan: Plan = {
  application_id: 'a-1',
  average_monthly_turnover: 500_000_00,
  estimated_stock_purchase_amount: 400_000_00,
  estimated_sales_turnover: 600_000_00,
  duration_weeks: 4,
  payment_start_week: 1,
  provider_share_rate: 0.08,
  provider_share_amount: 32_000_00,
  your_share_amount: 168_000_00,
  total_payment_amount: 432_000_00,
  installment_count: 4,
  installment_amount: 108_000_00,
  schedule: [
    { week: 1, amount: 108_000_00 },
    { week: 2, amount: 108_000_00 },
    { week: 3, amount: 108_000_00 },
    { week: 4, amount: 108_000_00 },
  ],
};

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

/** Shows where the router ended up: the test id `where` holds the path. */
export function currentPath(): string | null {
  return screen.queryByTestId('where')?.textContent ?? null;
}

function StepProbe({ name }: { name: string }) {
  return <p data-testid="step">{name}</p>;
}

/**
 * The WorqTrade routes of the app (router.tsx) with the real onboarding layout; step pages default
 * to probes and can be replaced by the real ones.
 */
export function renderWorqTrade(path: string, pages: Partial<Record<'start' | 'list' | 'plan' | 'connect' | 'summary' | 'contact', React.ReactNode>> = {}) {
  const routes: RouteObject[] = [
    { path: '/worq-trade', element: pages.list ?? <Where /> },
    { path: '/worq-trade/start', element: pages.start ?? <Where /> },
    {
      path: '/worq-trade/onboarding',
      element: <OnboardingLayout />,
      children: [
        { path: 'revenue-sharing-plan', element: pages.plan ?? <StepProbe name="plan" /> },
        { path: 'connect-store', element: pages.connect ?? <StepProbe name="connect" /> },
        { path: 'summary', element: pages.summary ?? <StepProbe name="summary" /> },
        { path: 'contact', element: pages.contact ?? <StepProbe name="contact" /> },
      ],
    },
    { path: '*', element: <Where /> },
  ];
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <RouterProvider router={router} />
    </SWRConfig>,
  );
  return router;
}

import type { RouteObject } from 'react-router';
import i18n from '../../../../lib/i18n.ts';
import { storeTokens } from '../../../../lib/token-storage.ts';
import { accessToken } from '../../../../lib/__tests__/token-fixtures.ts';
import { renderRoutes, Where } from '../../../../test/http-test-kit.tsx';
import type { Application } from '../../api/applications.ts';
import type { Plan } from '../../api/plan.ts';
import { Component as OnboardingLayout } from '../onboarding-layout.tsx';

export const customerId = '11111111-1111-4111-8111-111111111111';
export const listUrl = `/application/get_by_customer_id/${customerId}`;

export function signIn() {
  storeTokens({ jwt_token: accessToken(), refresh_token: 'r1' }, true);
}

/** What every WorqTrade page test starts with: the namespaces loaded once, a signed-in seller before each test. */
export function signedInWorqTradeTests() {
  beforeAll(async () => {
    await i18n.loadNamespaces(['worq-trade', 'ui', 'feedback']);
  });
  beforeEach(() => {
    signIn();
  });
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

function StepProbe({ name }: { name: string }) {
  return <p data-testid="step">{name}</p>;
}

/**
 * The WorqTrade routes of the app (router.tsx) with the real onboarding layout; step pages default
 * to probes and can be replaced by the real ones.
 */
export function renderWorqTrade(
  path: string,
  pages: Partial<Record<'start' | 'list' | 'plan' | 'connect' | 'summary' | 'contact', React.ReactNode>> = {},
) {
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
  return renderRoutes(routes, path).router;
}

import { Outlet } from 'react-router';
import { renderRoutes, type Route } from '../../../../test/http-test-kit.tsx';
import type { Application } from '../../api/applications.ts';
import type { Plan, PlanParameters } from '../../api/plan.ts';
import { Component as RevenueSharingPlanPage } from '../../components/revenue-sharing-plan-page.tsx';
import type { OnboardingContextValue } from '../../onboarding-context.ts';
import { application as applicationOf } from '../../components/__tests__/worq-trade-test-kit.tsx';

export const parameters: PlanParameters = {
  rates: [
    { duration_weeks: 4, provider_share_rate: 0.08 },
    { duration_weeks: 6, provider_share_rate: 0.12 },
    { duration_weeks: 8, provider_share_rate: 0.16 },
  ],
  payment_start_weeks: [1, 2, 3],
  min_stock_purchase_amount: 10_000_00,
  max_stock_purchase_amount: 10_000_000_00,
  max_stock_to_turnover_ratio: 2,
  max_sales_to_stock_ratio: 5,
  suggested_stock_ratio: 0.8,
};

export const application: Application = applicationOf();

export const savedPlan: Plan = {
  application_id: 'a-1',
  average_monthly_turnover: 250_000_00,
  estimated_stock_purchase_amount: 200_000_00,
  estimated_sales_turnover: 300_000_00,
  duration_weeks: 6,
  payment_start_week: 2,
  provider_share_rate: 0.12,
  provider_share_amount: 24_000_00,
  your_share_amount: 76_000_00,
  total_payment_amount: 224_000_00,
  installment_count: 6,
  installment_amount: 37_333_33,
  schedule: [],
};

/** The plan routes the page reads, with no saved plan unless one is given. */
export function planRoutes(plan: Plan | null = null, extra: Record<string, Route> = {}): Record<string, Route> {
  return {
    'GET /gpp/get': { status: 200, data: parameters },
    'GET /gpp/get_by_customer_id': plan
      ? { status: 200, data: plan }
      : { status: 404, data: { errors: { code: 'plan_not_found', message: 'Plan yok' } } },
    ...extra,
  };
}

/** Renders the page inside an outlet that hands it the onboarding context, as the layout does. */
export function renderPlanPage(goToStep: OnboardingContextValue['goToStep'] = vi.fn(async () => {})) {
  const context: OnboardingContextValue = { application, reload: vi.fn(async () => {}), goToStep };
  const view = renderRoutes(
    [
      {
        path: '/worq-trade/onboarding',
        element: <Outlet context={context} />,
        children: [{ path: 'revenue-sharing-plan', element: <RevenueSharingPlanPage /> }],
      },
    ],
    '/worq-trade/onboarding/revenue-sharing-plan',
  );
  return { ...view, goToStep };
}

/** "₺12.345,67" → 1234567 kuruş. */
export function kurusOf(text: string): number {
  const digits = text.replace(/[^\d,-]/g, '').replace(',', '.');
  return Math.round(Number(digits) * 100);
}

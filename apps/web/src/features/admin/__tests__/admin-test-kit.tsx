import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { ToastContainer } from '../../../components/ui/toast/toast-container.tsx';
import i18n from '../../../lib/i18n.ts';
import { storeTokens } from '../../../lib/token-storage.ts';
import { accessToken } from '../../../lib/__tests__/token-fixtures.ts';
import { renderRoutes, serve, Where } from '../../../test/http-test-kit.tsx';
import { company } from '../../../test/wire-fixtures.ts';
import type { ApplicationReview } from '../api/application-review.ts';

/** Renders `element` at `path` (matching `pattern`); the other listed paths show where we landed. */
export function renderAt(element: ReactNode, path: string, pattern: string, others: string[] = []) {
  const routes: RouteObject[] = [
    { path: pattern, element },
    ...['/', '/admin', '/admin/login', '/worq-trade', ...others].filter((p) => p !== pattern).map((p) => ({ path: p, element: <Where /> })),
  ];
  return renderRoutes(routes, path, <ToastContainer name="global" />).router;
}

export function expertToken(): string {
  return accessToken({
    customer_id: '99999999-9999-4999-8999-999999999999',
    email: 'uzman@worq.local',
    first_name: 'Deniz',
    last_name: 'Uzman',
    role: 'expert',
  });
}

/** The seller of the fixtures (Ayşe Yılmaz), phone verified. */
export function sellerToken(): string {
  return accessToken();
}

/** The back-office screens' set-up: their Turkish texts loaded once, and an expert signed in before each test. */
export function setUpExpertScreens(): void {
  beforeAll(async () => {
    await i18n.changeLanguage('tr');
    await i18n.loadNamespaces(['admin']);
  });
  beforeEach(() => {
    storeTokens({ jwt_token: expertToken(), refresh_token: 'r' }, true);
  });
}

/** The seller who asked to be called back (contact forms, support requests). */
export const callbackCustomer = { id: 'c-1', first_name: 'Mert', last_name: 'Kaya', email: 'mert@example.com', phone_number: '5551112233' };

/**
 * A call-back list (contact forms, support requests) holding `item` among those still to handle
 * until the test marks it handled (at `handledAt`); the other filters are empty.
 */
export function serveCallbackList(listPath: string, item: { id: string }, handledAt: string) {
  let handled = false;
  return serve({
    [`GET ${listPath}`]: (_body, call) => ({
      status: 200,
      data: call.params.handled === 'false' && !handled ? { items: [item], total: 1 } : { items: [], total: 0 },
    }),
    [`POST ${listPath}/${item.id}/handled`]: () => {
      handled = true;
      return { status: 200, data: { ...item, handled_at: handledAt } };
    },
  });
}

export const applicationId = '22222222-2222-4222-8222-222222222222';

export function reviewFixture(overrides: Partial<ApplicationReview> = {}): ApplicationReview {
  return {
    id: applicationId,
    created_at: '2025-03-01T09:00:00.000Z',
    submitted_at: '2025-03-02T10:30:00.000Z',
    status: 'in_progress',
    reject_reason: null,
    step: 3,
    is_leaved: false,
    is_cancelled: false,
    decided_at: null,
    decided_by: null,
    customer: {
      id: '11111111-1111-4111-8111-111111111111',
      first_name: 'Ayşe',
      last_name: 'Yılmaz',
      email: 'ayse@example.com',
      phone_number: '5321234567',
      is_phone_verified: true,
      is_email_verified: true,
      preferred_language: 'tr',
      created_at: '2025-02-20T08:00:00.000Z',
    },
    plan: {
      application_id: applicationId,
      average_monthly_turnover: 50_000_000,
      estimated_stock_purchase_amount: 40_000_000,
      estimated_sales_turnover: 60_000_000,
      duration_weeks: 6,
      payment_start_week: 2,
      provider_share_rate: 0.12,
      provider_share_amount: 4_800_000,
      your_share_amount: 55_200_000,
      total_payment_amount: 44_800_000,
      installment_count: 5,
      installment_amount: 8_960_000,
      schedule: [2, 3, 4, 5, 6].map((week) => ({ week, amount: 8_960_000 })),
    },
    integrations: [
      {
        id: 'store-1',
        marketplace_code: 'trendyol',
        marketplace_name: 'Trendyol',
        store_name: 'Ayşe Butik',
        store_link: null,
        region: null,
        seller_id: '123456',
        merchant_id: null,
        status: 'active',
        status_at_submission: 'active',
        is_active: true,
        is_updated: true,
        last_checked_at: '2025-03-02T10:00:00.000Z',
        connected_at: '2025-03-01T09:10:00.000Z',
        company_id: '33333333-3333-4333-8333-333333333333',
        company_title: 'Yılmaz Tekstil Ltd. Şti.',
      },
    ],
    company: company({ id: '33333333-3333-4333-8333-333333333333', created_at: '2025-03-01T09:05:00.000Z' }),
    contact_forms: [],
    events: [
      {
        id: 'event-1',
        action: 'submitted',
        actor: { id: '11111111-1111-4111-8111-111111111111', name: 'Ayşe Yılmaz', email: 'ayse@example.com', role: 'customer' },
        detail: {},
        created_at: '2025-03-02T10:30:00.000Z',
      },
    ],
    events_next_cursor: null,
    // What the server sends when none of the submitted stores has imported sales.
    store_performance: {
      months: Array.from({ length: 12 }, (_, index) => ({
        month: new Date(Date.UTC(2024, 3 + index, 1)).toISOString().slice(0, 7),
        revenue: 0,
        orders: 0,
        cancelled_orders: 0,
        returned_orders: 0,
      })),
      cancellation_rate: 0,
      return_rate: 0,
      by_marketplace: [],
      last_synced_at: null,
    },
    ...overrides,
  };
}

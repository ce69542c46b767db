import { screen, within } from '@testing-library/react';
import { serve } from '../../../test/http-test-kit.tsx';
import type { Warning } from '../api/portfolio.ts';
import { Component as ApplicationReviewPage } from '../components/application-review-page.tsx';
import { applicationId, renderAt, reviewFixture, setUpExpertScreens } from './admin-test-kit.tsx';

setUpExpertScreens();

const detailUrl = `/admin/applications/${applicationId}`;

const warnings: Warning[] = [
  {
    id: 'w-1',
    code: 'sales_below_forecast',
    raised_at: '2026-11-20T06:00:00.000Z',
    cleared_at: '2026-11-27T06:00:00.000Z',
    evidence: {
      code: 'sales_below_forecast',
      weeks: [
        { week: 3, from: '2026-10-15', to: '2026-10-21', sales: 1_200_00, low: 2_000_00 },
        { week: 4, from: '2026-10-22', to: '2026-10-28', sales: 900_00, low: 2_000_00 },
      ],
    },
  },
  {
    id: 'w-2',
    code: 'installment_late',
    raised_at: '2026-12-15T06:00:00.000Z',
    cleared_at: null,
    evidence: { code: 'installment_late', installments: [{ number: 2, due_date: '2026-12-12', open: 4_000_00, days_late: 3 }] },
  },
  {
    id: 'w-3',
    code: 'no_orders',
    raised_at: '2026-12-14T06:00:00.000Z',
    cleared_at: null,
    evidence: { code: 'no_orders', last_order_day: '2026-12-05', days: 9 },
  },
];

function open(status: 'approved' | 'in_progress', answer = warnings) {
  const calls = serve({
    [`GET ${detailUrl}`]: {
      status: 200,
      data: reviewFixture({ status, decided_at: status === 'approved' ? '2026-10-01T09:00:00.000Z' : null }),
    },
    [`GET ${detailUrl}/warnings`]: { status: 200, data: answer },
    [`GET ${detailUrl}/repayments`]: { status: 404, data: { errors: { code: 'not_found', message: 'x' } } },
  });
  renderAt(<ApplicationReviewPage />, detailUrl, '/admin/applications/:id');
  return calls;
}

describe('warnings on the application review', () => {
  it('lists the open warnings first with their evidence in words, then the cleared ones with their date', async () => {
    open('approved');
    const section = await screen.findByRole('region', { name: 'Erken uyarılar' }, { timeout: 3000 });
    await within(section).findByText('Geciken taksit');
    // The warnings themselves: the list's own items, not the evidence lines inside them.
    const items = within(section)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement?.getAttribute('aria-label') === null);
    expect(items).toHaveLength(3);
    expect(within(items[0]!).getByText('Geciken taksit')).toBeInTheDocument();
    expect(within(items[0]!).getByText('Taksit 2, vadesi 12.12.2026, ₺4.000,00 açık, 3 gün gecikmiş')).toBeInTheDocument();
    expect(within(items[1]!).getByText('9 gündür sipariş yok (son sipariş 05.12.2026)')).toBeInTheDocument();
    const cleared = items[2]!;
    expect(within(cleared).getByText('Satış tahminin altında')).toBeInTheDocument();
    expect(
      within(cleared).getByText('3. hafta (15.10.2026 – 21.10.2026): satış ₺1.200,00, tahminin alt sınırı ₺2.000,00'),
    ).toBeInTheDocument();
    expect(within(cleared).getByText(/^Kapandı: /)).toBeInTheDocument();
    expect(within(section).getByText('2 açık uyarı')).toBeInTheDocument();
  });

  it('says so when the application has no warnings', async () => {
    open('approved', []);
    const section = await screen.findByRole('region', { name: 'Erken uyarılar' });
    expect(await within(section).findByText('Bu başvuru için uyarı yok.')).toBeInTheDocument();
  });

  it('asks for no warnings before approval', async () => {
    const calls = open('in_progress');
    await screen.findByRole('heading', { level: 1, name: 'Ayşe Yılmaz başvurusu' });
    expect(screen.queryByRole('region', { name: 'Erken uyarılar' })).not.toBeInTheDocument();
    expect(calls.some((call) => call.url.endsWith('/warnings'))).toBe(false);
  });
});

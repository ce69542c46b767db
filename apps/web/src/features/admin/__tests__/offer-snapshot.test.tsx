import { screen, within } from '@testing-library/react';
import { serve } from '../../../test/http-test-kit.tsx';
import { Component as ApplicationReviewPage } from '../components/application-review-page.tsx';
import { applicationId, renderAt, reviewFixture, setUpExpertScreens } from './admin-test-kit.tsx';

const detailUrl = `/admin/applications/${applicationId}`;

setUpExpertScreens();

const weeks = Array.from({ length: 12 }, (_, index) => ({
  week: index + 1,
  from: `2026-12-${String(1 + index * 2).padStart(2, '0')}`,
  to: `2026-12-${String(2 + index * 2).padStart(2, '0')}`,
  expected: 20_000_00,
  low: 15_000_00,
  high: 25_000_00,
}));

const offerSnapshot = {
  offer_id: null,
  policy_version: '2026-11-28.1',
  computed_at: '2026-11-28T09:00:00.000Z',
  status: 'pre_qualified' as const,
  max_amount: 62_000_00,
  headline: 'Şu ana kadar ₺62.000,00 tutarına kadar finansman alabilirsiniz.',
  subject_to_review: 'Bu bir ön değerlendirmedir, söz değildir.',
  summary: 'Son 90 günde ₺300.000,00 net satış, eğilim %+8, iade oranı %4.',
  reasons: [],
  refusals: [],
  raise: [],
  durations: [],
  sales_scenarios: [],
  inputs: {
    net_sales_90_days: 300_000_00,
    trend: 0.08,
    return_rate: 0.04,
    weekly_variation: 0.12,
    history_months: 5,
    store_count: 1,
    forecast_slow_8_weeks: 120_000_00,
  },
  excluded_integrations: [],
  forecast: { method: 'ets' as const, level: 0.8, history_weeks: 21, weeks, by_store: [] },
};

describe('the offer kept at submission on the application review', () => {
  it('shows what the seller saw: the offer, its policy version, inputs and forecast', async () => {
    serve({ [`GET ${detailUrl}`]: { status: 200, data: reviewFixture({ offer_snapshot: offerSnapshot }) } });
    renderAt(<ApplicationReviewPage />, detailUrl, '/admin/applications/:id');
    const table = await screen.findByRole('table', { name: 'Başvuru anındaki satış tahmini (%80 aralık, ETS modeli)' });
    expect(within(table).getAllByRole('row')).toHaveLength(13);
    expect(within(table).getByRole('row', { name: /2026-12-01 – 2026-12-02/ })).toHaveTextContent('₺15.000,00₺20.000,00₺25.000,00');
    expect(screen.getByText('Şu ana kadar ₺62.000,00 tutarına kadar finansman alabilirsiniz.')).toBeInTheDocument();
    expect(screen.getByText('2026-11-28.1')).toBeInTheDocument();
    expect(screen.getByText('₺300.000,00')).toBeInTheDocument();
    expect(screen.getByText('%8')).toBeInTheDocument();
  });

  it('says nothing for an application submitted before offers were kept', async () => {
    serve({ [`GET ${detailUrl}`]: { status: 200, data: reviewFixture({ offer_snapshot: null }) } });
    renderAt(<ApplicationReviewPage />, detailUrl, '/admin/applications/:id');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByText('Başvurudaki ön değerlendirme teklifi')).toBeNull();
  });
});

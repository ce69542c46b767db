import { screen, within } from '@testing-library/react';
import { serve } from '../../../test/http-test-kit.tsx';
import type { ApplicationReview } from '../api/application-review.ts';
import { Component as ApplicationReviewPage } from '../components/application-review-page.tsx';
import { applicationId, renderAt, reviewFixture, setUpExpertScreens } from './admin-test-kit.tsx';

const detailUrl = `/admin/applications/${applicationId}`;

setUpExpertScreens();

const months = Array.from({ length: 12 }, (_, index) => ({
  month: `2026-${String(index + 1).padStart(2, '0')}`,
  revenue: index === 11 ? 250_000_00 : 100_000_00,
  orders: 40,
  cancelled_orders: 2,
  returned_orders: 1,
}));

/** Opens the review of an application whose stores performed as `storePerformance` says. */
function showReview(storePerformance: ApplicationReview['store_performance']) {
  serve({ [`GET ${detailUrl}`]: { status: 200, data: reviewFixture({ store_performance: storePerformance }) } });
  renderAt(<ApplicationReviewPage />, detailUrl, '/admin/applications/:id');
}

describe('store performance on the application review', () => {
  it("shows the submitted stores' monthly sales, rates, channels and the last import", async () => {
    showReview({
      months,
      cancellation_rate: 0.0465,
      return_rate: 0.0233,
      by_marketplace: [{ marketplace_code: 'trendyol', store_name: 'Ayşe Butik', revenue: 1_350_000_00 }],
      last_synced_at: '2026-11-24T06:00:00.000Z',
    });
    const table = await screen.findByRole('table', { name: 'Aylık ciro ve sipariş' });
    expect(within(table).getAllByRole('row')).toHaveLength(13);
    expect(within(table).getByRole('row', { name: /Ara 26/ })).toHaveTextContent('₺250.000,00');
    expect(screen.getByText('%4,7')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Kanal dağılımı' })).toHaveTextContent('Ayşe Butik · trendyol');
    expect(screen.getByText(/Son aktarım:/)).toBeInTheDocument();
  });

  it('labels a store on a host not shown to belong to its platform as an unverified source', async () => {
    showReview({
      months,
      cancellation_rate: 0,
      return_rate: 0,
      by_marketplace: [
        {
          marketplace_code: 'trendyol',
          store_name: 'Ayşe Butik',
          revenue: 1_000_000_00,
          source_verified: true,
          unclassified_orders: 0,
        },
        {
          marketplace_code: 'ideasoft',
          store_name: 'ayse-magaza.com',
          revenue: 350_000_00,
          source_verified: false,
          unclassified_orders: 4,
        },
      ],
      unverified_sources: true,
      last_synced_at: '2026-11-24T06:00:00.000Z',
    });
    const channels = await screen.findByRole('list', { name: 'Kanal dağılımı' });
    const [verified, unverified] = within(channels).getAllByRole('listitem');
    expect(unverified).toHaveTextContent('ayse-magaza.com · ideasoft');
    expect(within(unverified!).getByText('Doğrulanmamış kaynak')).toBeInTheDocument();
    expect(within(verified!).queryByText('Doğrulanmamış kaynak')).toBeNull();
    // Orders of the last import whose status could not be read are named on their store only.
    expect(within(unverified!).getByText('4 siparişin durumu okunamadı')).toBeInTheDocument();
    expect(within(verified!).queryByText(/durumu okunamadı/)).toBeNull();
    expect(screen.getByRole('note')).toHaveTextContent(/platforma ait olduğu gösterilemiyor/);
  });

  it('says when the stores have no imported sales', async () => {
    showReview({
      months: months.map((month) => ({ ...month, revenue: 0, orders: 0 })),
      cancellation_rate: 0,
      return_rate: 0,
      by_marketplace: [],
      last_synced_at: null,
    });
    expect(await screen.findByText('Gönderilen mağazalardan aktarılmış satış yok.')).toBeInTheDocument();
  });
});

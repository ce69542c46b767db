import { screen, within } from '@testing-library/react';
import { serve } from '../../../../test/http-test-kit.tsx';
import { accessToken } from '../../../../lib/__tests__/token-fixtures.ts';
import { storeTokens } from '../../../../lib/token-storage.ts';
import { startFirstReads } from '../../api/first-reads.ts';
import { Component as ApplicationsPage } from '../applications-page.tsx';
import { application, listUrl, plan, renderWorqTrade, signedInWorqTradeTests } from './worq-trade-test-kit.tsx';

signedInWorqTradeTests();

function renderList() {
  return renderWorqTrade('/worq-trade', { list: <ApplicationsPage /> });
}

describe('/worq-trade', () => {
  it("takes the list its route asked for before the page's code arrived, without asking again", async () => {
    const calls = serve({ [`GET ${listUrl}`]: { status: 200, data: [application({ id: 'a-1', status: 'approved' })] } });
    startFirstReads();
    await vi.waitFor(() => expect(calls.map((call) => call.url)).toEqual([listUrl]));
    renderList();
    const last = await screen.findByRole('region', { name: 'Son başvurunuz' });
    expect(within(last).getByText('Onaylandı')).toBeInTheDocument();
    expect(calls.filter((call) => call.url === listUrl)).toHaveLength(1);
  });

  it('starts no read for a session its guard sends elsewhere (an expert, a phone not verified)', async () => {
    const calls = serve({});
    for (const overrides of [{ role: 'expert' }, { is_phone_verified: false }]) {
      storeTokens({ jwt_token: accessToken(overrides), refresh_token: 'r1' }, true);
      startFirstReads();
    }
    // A seller the guard lets through, as someone else: once that read has gone out, one the
    // sessions above had started would have gone out before it.
    const admittedUrl = '/application/get_by_customer_id/22222222-2222-4222-8222-222222222222';
    storeTokens({ jwt_token: accessToken({ customer_id: '22222222-2222-4222-8222-222222222222' }), refresh_token: 'r1' }, true);
    startFirstReads();
    await vi.waitFor(() => expect(calls).not.toEqual([]));
    expect(calls.map((call) => call.url)).toEqual([admittedUrl]);
  });

  it('shows a rejection with its reason, a checklist for next time and a way to start again', async () => {
    serve({
      [`GET ${listUrl}`]: {
        status: 200,
        data: [
          application({ id: 'a-2', status: 'rejected', reject_reason: 'Aylık ciro yetersiz.', step: 3, plan }),
          application({ id: 'a-1', created_at: '2025-12-01T10:00:00Z', is_cancelled: true }),
        ],
      },
    });
    renderList();
    const last = await screen.findByRole('region', { name: 'Son başvurunuz' });
    expect(within(last).getByText('Reddedildi').closest('[data-color]')).toHaveAttribute('data-color', 'red');
    expect(within(last).getByText('Aylık ciro yetersiz.')).toBeInTheDocument();
    const checklist = within(last).getByRole('heading', { name: 'Bir sonraki başvurunuzda şunlar yardımcı olur' })
      .nextElementSibling as HTMLElement;
    expect(within(checklist).getAllByRole('listitem')).toHaveLength(4);
    expect(within(checklist).getByText(/%80/)).toBeInTheDocument();
    expect(within(last).getByRole('link', { name: 'Yeni başvuru başlat' })).toHaveAttribute('href', '/worq-trade/start');
    // Plan figures in Turkish lira from kuruş.
    expect(within(last).getByText('₺400.000,00')).toBeInTheDocument();
    expect(within(last).getByText('₺432.000,00')).toBeInTheDocument();

    const past = screen.getByRole('region', { name: 'Geçmiş başvurular' });
    expect(within(past).getByText('İptal edildi')).toBeInTheDocument();
  });

  it('shows a submitted application as Under Review and an approval in green', async () => {
    serve({
      [`GET ${listUrl}`]: {
        status: 200,
        data: [
          application({ id: 'a-3', status: 'in_progress', step: 3 }),
          application({ id: 'a-2', status: 'approved' }),
          application({ id: 'a-1', is_leaved: true }),
        ],
      },
    });
    renderList();
    const last = await screen.findByRole('region', { name: 'Son başvurunuz' });
    expect(within(last).getByText('İnceleniyor').closest('[data-color]')).toHaveAttribute('data-color', 'purple');
    expect(within(last).queryByRole('link', { name: 'Devam et' })).not.toBeInTheDocument();
    const past = screen.getByRole('region', { name: 'Geçmiş başvurular' });
    expect(within(past).getByText('Onaylandı').closest('[data-color]')).toHaveAttribute('data-color', 'green');
    expect(within(past).getByText('Ayrıldınız')).toBeInTheDocument();
  });

  it('offers to continue an unfinished application at its step', async () => {
    serve({ [`GET ${listUrl}`]: { status: 200, data: [application({ step: 2 })] } });
    renderList();
    expect(await screen.findByRole('link', { name: 'Devam et' })).toHaveAttribute('href', '/worq-trade/onboarding/connect-store');
  });

  it('leads to the starting point when there is no application yet', async () => {
    serve({ [`GET ${listUrl}`]: { status: 200, data: [] } });
    renderList();
    expect(await screen.findByRole('heading', { name: 'Henüz bir başvurunuz yok' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Başvuruya başla' })).toHaveAttribute('href', '/worq-trade/start');
  });

  it('says the data could not be loaded when the list fails', async () => {
    serve({ [`GET ${listUrl}`]: { status: 503, data: { errors: { code: 'service_unavailable', message: 'x' } } } });
    renderList();
    expect(await screen.findByRole('alert')).toHaveTextContent('Veriler yüklenirken bir hata oluştu.');
  });
});

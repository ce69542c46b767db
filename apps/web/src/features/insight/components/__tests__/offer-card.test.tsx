import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../../../lib/i18n.ts';
import { renderRoutes, serve, settled } from '../../../../test/http-test-kit.tsx';
import { preQualifiedOffer, refusedOffer } from '../../../../test/wire-fixtures.ts';
import { OfferCard } from '../offer-card.tsx';

const offer = preQualifiedOffer();

const refused = refusedOffer({ raise: [{ code: 'longer_history', text: 'En az 6 aylık satış geçmişi' }] });

function renderCard() {
  return renderRoutes(
    [
      { path: '/worq-insight', element: <OfferCard importing={false} /> },
      { path: '/worq-trade/start', element: <p>start page</p> },
    ],
    '/worq-insight',
  );
}

describe("WorqInsight's offer card", () => {
  it('shows "up to ₺X" with its reasons, as subject to review, and opens the plan with the offer chosen', async () => {
    await i18n.changeLanguage('tr');
    serve({ 'GET /gpp/offer': { status: 200, data: offer } });
    const { router } = renderCard();
    const card = await screen.findByRole('region', { name: 'WorqTrade ile stok finansmanı' });
    expect(card).toHaveTextContent('En fazla ₺62.000');
    expect(card).toHaveTextContent('eğilim %+8, iade oranı %4');
    expect(card).toHaveTextContent('son karar uzmanlarımızın incelemesinden sonra verilir');
    await userEvent.click(screen.getByRole('link', { name: 'Bu teklifle plan yap' }));
    expect(router.state.location.pathname).toBe('/worq-trade/start');
    expect(router.state.location.search).toBe('?use_offer=1');
  });

  it('reads in English too', async () => {
    await i18n.changeLanguage('en');
    serve({ 'GET /gpp/offer': { status: 200, data: offer } });
    renderCard();
    const card = await screen.findByRole('region', { name: 'Stock financing with WorqTrade' });
    // Lira are written the Turkish way in both languages, as on the rest of the dashboard (ARCHITECTURE.md §4).
    expect(card).toHaveTextContent('Up to ₺62.000');
    expect(screen.getByRole('link', { name: 'Plan with this offer' })).toHaveAttribute('href', '/worq-trade/start?use_offer=1');
    await i18n.changeLanguage('tr');
  });

  it('says what is missing when no offer can be made, with no way to a plan', async () => {
    await i18n.changeLanguage('tr');
    serve({ 'GET /gpp/offer': { status: 200, data: refused } });
    renderCard();
    const card = await screen.findByRole('region', { name: 'WorqTrade ile stok finansmanı' });
    expect(card).toHaveTextContent('Henüz bir ön değerlendirme teklifi yok. Eksik olanlar:');
    expect(screen.getByRole('list', { name: 'Eksik olanlar' })).toHaveTextContent('en az 2 ay gerekiyor');
    expect(card).toHaveTextContent('Yardımcı olacaklar: En az 6 aylık satış geçmişi.');
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('shows nothing when the offer cannot be read', async () => {
    serve({});
    const view = renderCard();
    await settled('/gpp/offer');
    expect(view.container.querySelector('section')).toBeNull();
  });
});

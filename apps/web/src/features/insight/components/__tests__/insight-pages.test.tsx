import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Overview, Tip } from '@worq/domain/wire/insight';
import i18n from '../../../../lib/i18n.ts';
import { renderRoutes, refusal, serve, Where } from '../../../../test/http-test-kit.tsx';
import { trendyolStoreLookup } from '../../../../test/wire-fixtures.ts';
import { Component as DashboardPage } from '../dashboard-page.tsx';
import { Component as StoreAddressPage } from '../store-address-page.tsx';

const totals = (revenue: number, orders: number) => ({
  revenue,
  orders,
  units: orders * 2,
  average_order_value: orders ? Math.round(revenue / orders) : 0,
  cancelled_orders: 2,
  returned_orders: 1,
  cancellation_rate: 0.05,
  return_rate: 0.025,
});

function overview(state: 'ok' | 'running' = 'ok'): Overview {
  return {
    from: '2026-10-26',
    to: '2026-11-24',
    currency: 'TRY',
    totals: totals(1_234_567_00, 400),
    previous: totals(1_000_000_00, 350),
    series: [
      { date: '2026-11-23', revenue: 50_000_00, orders: 10 },
      { date: '2026-11-24', revenue: 1_184_567_00, orders: 390 },
    ],
    by_marketplace: [{ integration_id: 'i-1', marketplace_code: 'trendyol', store_name: 'Ayşe Butik', revenue: 1_234_567_00, orders: 400 }],
    top_products: [{ sku: 'KOT-32', name: 'Slim Fit Kot Pantolon', units: 120, revenue: 600_000_00 }],
    other_currencies: [],
    sync: [
      {
        integration_id: 'i-1',
        marketplace_code: 'trendyol',
        marketplace_name: 'Trendyol',
        connection_status: 'active',
        store_name: 'Ayşe Butik',
        state,
        last_synced_at: '2026-11-24T06:00:00.000Z',
        oldest_order_at: '2026-08-24T06:00:00.000Z',
        message: null,
      },
    ],
  };
}

const tip: Tip = {
  code: 'growth_financing',
  severity: 'opportunity',
  title: 'Büyüme stok finansmanına hazır',
  body: 'Ciro önceki eşit döneme göre %23 arttı.',
  metric: { name: 'revenue_change', value: 0.23 },
  action: { kind: 'worq_trade', href: '/worq-trade/start?use_suggestion=1' },
};

async function at(language: 'tr' | 'en') {
  await i18n.changeLanguage(language);
  await i18n.loadNamespaces(['insight', 'tasks']);
}

describe('WorqInsight dashboard', () => {
  it('shows the figures the Turkish way with the change against the previous period, and a tip that leads to WorqTrade', async () => {
    await at('tr');
    const calls = serve({ 'GET /insight/overview': { status: 200, data: overview() }, 'GET /insight/tips': { status: 200, data: [tip] } });
    renderRoutes([{ path: '/worq-insight', element: <DashboardPage /> }], '/worq-insight');
    await screen.findByRole('heading', { name: 'Öneriler' });
    const revenue = document.querySelector('[data-kpi="revenue"]')!;
    await waitFor(() => expect(revenue).toHaveTextContent('₺1.234.567'));
    expect(revenue).toHaveTextContent('Önceki döneme göre +%23,5');
    // The signed figure is one unbreakable piece of the sentence.
    expect(within(revenue as HTMLElement).getByText('+%23,5').tagName).toBe('SPAN');
    expect(screen.getByRole('link', { name: 'Stok finansmanı planla' })).toHaveAttribute('href', '/worq-trade/start?use_suggestion=1');
    expect(screen.getByRole('heading', { name: 'En çok satan ürünler' })).toBeInTheDocument();
    expect(screen.getByText('Güncel')).toBeInTheDocument();
    const overviewCall = calls.find((call) => call.url === '/insight/overview')!;
    expect(overviewCall.params.to).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('shows the importing state while a store imports, in English', async () => {
    await at('en');
    serve({ 'GET /insight/overview': { status: 200, data: overview('running') }, 'GET /insight/tips': { status: 200, data: [] } });
    renderRoutes([{ path: '/worq-insight', element: <DashboardPage /> }], '/worq-insight');
    expect(await screen.findByRole('heading', { name: 'Importing your orders' })).toBeInTheDocument();
    expect(document.querySelector('[data-kpi="revenue"]')).toHaveTextContent('₺1.234.567');
    expect(document.querySelector('[data-kpi="cancellation_rate"]')).toHaveTextContent('5%');
  });

  it("says to wait, in the reader's language, when the server refuses the figures past the read limit", async () => {
    await at('en');
    const tooMany = refusal(429, 'too_many_requests', 'Too many attempts. Please try again a little later.');
    serve({ 'GET /insight/overview': tooMany, 'GET /insight/tips': tooMany });
    renderRoutes([{ path: '/worq-insight', element: <DashboardPage /> }], '/worq-insight');
    expect(await screen.findByText('Too many attempts. Please try again a little later.')).toBeInTheDocument();
  });

  it('asks a seller without stores to connect one', async () => {
    await at('tr');
    serve({
      'GET /insight/overview': { status: 200, data: { ...overview(), sync: [], by_marketplace: [] } },
      'GET /insight/tips': { status: 200, data: [] },
    });
    renderRoutes([{ path: '/worq-insight', element: <DashboardPage /> }], '/worq-insight');
    expect(await screen.findByRole('link', { name: 'Mağazanı bağla' })).toHaveAttribute('href', '/worq-insight/onboarding/store-address');
  });
});

describe('WorqInsight store address step', () => {
  const routes = [
    { path: '/worq-insight/onboarding/store-address', element: <StoreAddressPage /> },
    { path: '/worq-insight/onboarding/integration', element: <Where /> },
  ];

  it('recognises a Trendyol address and moves on with what it learned', async () => {
    await at('tr');
    const calls = serve({
      'POST /insight/store_lookup': {
        status: 200,
        data: trendyolStoreLookup,
      },
    });
    renderRoutes(routes, '/worq-insight/onboarding/store-address');
    await userEvent.type(await screen.findByRole('textbox', { name: /Mağaza adresi/ }), trendyolStoreLookup.store_link);
    await userEvent.click(screen.getByRole('button', { name: 'Devam' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/worq-insight/onboarding/integration');
    expect(calls[0]!.body).toEqual({ store_url: trendyolStoreLookup.store_link });
    expect(JSON.parse(sessionStorage.getItem('worq.insight.onboarding')!)).toMatchObject({
      marketplaceCode: 'trendyol',
      sellerId: '123456',
    });
  });

  it('asks Ideasoft or Ticimax for a store on its own domain', async () => {
    await at('tr');
    serve({
      'POST /insight/store_lookup': {
        status: 200,
        data: {
          marketplace_code: null,
          store_name: null,
          seller_id: null,
          store_link: 'https://www.ornek.com',
          candidates: ['ideasoft', 'ticimax'],
        },
      },
    });
    renderRoutes(routes, '/worq-insight/onboarding/store-address');
    await userEvent.type(await screen.findByRole('textbox', { name: /Mağaza adresi/ }), 'www.ornek.com');
    await userEvent.click(screen.getByRole('button', { name: 'Devam' }));
    const choice = await screen.findByRole('status');
    await userEvent.click(within(choice).getByRole('button', { name: 'Ticimax' }));
    await waitFor(() =>
      expect(JSON.parse(sessionStorage.getItem('worq.insight.onboarding')!)).toMatchObject({ marketplaceCode: 'ticimax' }),
    );
  });

  it('shows the server field error for an address it cannot read, and offers to choose by hand', async () => {
    await at('en');
    serve({
      'POST /insight/store_lookup': {
        ...refusal(400, 'store_url_unrecognised', 'We could not recognise this store address.'),
        data: {
          errors: { code: 'store_url_unrecognised', message: 'x', fields: { store_url: 'We could not recognise this store address.' } },
        },
      },
    });
    renderRoutes(routes, '/worq-insight/onboarding/store-address');
    await userEvent.type(await screen.findByRole('textbox', { name: /Store address/ }), 'not a store');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('We could not recognise this store address.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "I'll choose the marketplace myself" })).toBeInTheDocument();
  });
});

import { screen, within } from '@testing-library/react';
import i18n from '../../../../lib/i18n.ts';
import { serve } from '../../../../test/http-test-kit.tsx';
import type { Performance, PerformanceWeek } from '../../api/performance.ts';
import type { Repayments } from '../../api/repayments.ts';
import { Component as ApplicationsPage } from '../applications-page.tsx';
import { application, listUrl, plan, renderWorqTrade, signedInWorqTradeTests } from './worq-trade-test-kit.tsx';

function week(number: number, overrides: Partial<PerformanceWeek> = {}): PerformanceWeek {
  const start = 1 + (number - 1) * 7;
  return {
    week: number,
    week_start: `2026-03-${String(start + 1).padStart(2, '0')}`,
    week_end: `2026-03-${String(start + 7).padStart(2, '0')}`,
    served: true,
    sales: 150_000_00,
    unverified_sales: null,
    plan_expected: 150_000_00,
    expected: 150_000_00,
    low: 100_000_00,
    high: 200_000_00,
    ...overrides,
  };
}

function performance(overrides: Partial<Performance> = {}): Performance {
  return {
    approved_at: '2026-03-01T21:30:00.000Z',
    approval_day: '2026-03-02',
    status: 'on_track',
    behind_by: 0,
    ahead_by: 0,
    sales_to_date: 300_000_00,
    plan_to_date: 300_000_00,
    served_weeks: 2,
    forecast_method: 'ets',
    weeks: [week(1), week(2), week(3, { served: false, sales: null })],
    stores: [
      {
        integration_id: 'store-1',
        store_name: 'Ayşe Butik',
        marketplace_code: 'trendyol',
        status: 'active',
        connection_status: 'ok',
        source_verified: true,
        last_synced_at: '2026-03-24T06:00:00.000Z',
        last_order_at: '2026-03-23T15:00:00.000Z',
      },
    ],
    connection_health: 'ok',
    repayment: { total: 432_000_00, paid: 108_000_00, due_to_date: 216_000_00, paid_share: 0.25, due_share: 0.5 },
    notes: [],
    // Week 3 (16–22 March) has ended by the 30th but the marketplace has not served it yet.
    computed_at: '2026-03-30T08:00:00.000Z',
    ...overrides,
  };
}

const repayments: Repayments = {
  approved_at: '2026-03-01T21:30:00.000Z',
  total_payment_amount: 432_000_00,
  paid_amount: 108_000_00,
  remaining_amount: 324_000_00,
  installments: [1, 2, 3, 4].map((number) => ({
    number,
    due_date: `2026-03-${String(1 + number * 7).padStart(2, '0')}`,
    amount: 108_000_00,
    paid_amount: number === 1 ? 108_000_00 : 0,
    status: number === 1 ? 'paid' : number === 2 ? 'late' : 'upcoming',
  })),
};

signedInWorqTradeTests();
afterEach(async () => {
  await i18n.changeLanguage('tr');
});

function renderWith(view: Performance | { status: number }) {
  const calls = serve({
    [`GET ${listUrl}`]: { status: 200, data: [application({ id: 'a-9', status: 'approved', step: 3, plan })] },
    'GET /application/a-9/repayments': { status: 200, data: repayments },
    'GET /application/a-9/performance': 'approved_at' in view ? { status: 200, data: view } : view,
  });
  const router = renderWorqTrade('/worq-trade', { list: <ApplicationsPage /> });
  return { calls, router };
}

async function section(name = 'Onaydan bu yana satışlarınız') {
  return screen.findByRole('region', { name });
}

describe('sales since approval on the approved application', () => {
  it('says the seller is on track and lists the served weeks with their sales, plan and forecast range', async () => {
    renderWith(performance());
    const sales = await section();
    expect(within(sales).getByText('Satışlarınız planınıza uygun ilerliyor.')).toBeInTheDocument();
    expect(within(sales).getByText('Tamamlanan 2 haftada ₺300.000,00 satış yaptınız; plan ₺300.000,00 öngörüyordu.')).toBeInTheDocument();
    const rows = within(within(sales).getByRole('table')).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByRole('rowheader')).toHaveTextContent('1. hafta');
    expect(within(rows[0]!).getAllByText('₺150.000,00')).toHaveLength(2);
    expect(within(rows[0]!).getByText('₺100.000,00 – ₺200.000,00')).toBeInTheDocument();
  });

  it('writes a week the marketplace has not served as not yet received, never as a zero', async () => {
    renderWith(performance());
    const sales = await section();
    const rows = within(within(sales).getByRole('table')).getAllByRole('row').slice(1);
    const unserved = rows[2]!;
    expect(within(unserved).getByText('Pazaryerinden henüz gelmedi')).toBeInTheDocument();
    expect(within(unserved).queryByText(/₺0,00/)).not.toBeInTheDocument();
    expect(within(sales).queryByText('₺0,00')).not.toBeInTheDocument();
    // The legend names the dashed outline the chart draws for such a week (the chart arrives on demand).
    expect(await within(sales).findByText('Henüz pazaryerinden gelmedi', {}, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('calls a week not yet over a week in progress', async () => {
    renderWith(performance({ computed_at: '2026-03-20T08:00:00.000Z' }));
    const sales = await section();
    expect(within(sales).getByText('Hafta sürüyor')).toBeInTheDocument();
    expect(within(sales).queryByText('Pazaryerinden henüz gelmedi')).not.toBeInTheDocument();
  });

  it('says by how much the seller is ahead or behind', async () => {
    renderWith(performance({ status: 'behind', behind_by: 42_500_00, sales_to_date: 257_500_00 }));
    expect(within(await section()).getByText('Satışlarınız planınızın ₺42.500,00 gerisinde.')).toBeInTheDocument();
  });

  it('says the seller is ahead, in English too', async () => {
    await i18n.changeLanguage('en');
    renderWith(performance({ status: 'ahead', ahead_by: 61_000_00 }));
    const sales = await section('Your sales since approval');
    expect(within(sales).getByText('Your sales are ₺61.000,00 ahead of your plan.')).toBeInTheDocument();
    expect(within(sales).getByText('Not yet received from the marketplace', { selector: 'td span' })).toBeInTheDocument();
  });

  it('before the first served week, says the first week will appear once it ends', async () => {
    renderWith(performance({ status: 'not_enough_data', served_weeks: 0, weeks: [week(1, { served: false, sales: null })] }));
    const sales = await section();
    expect(within(sales).getByText(/İlk haftanızın satışları, hafta bitip/)).toBeInTheDocument();
    expect(within(sales).queryByText(/Tamamlanan/)).not.toBeInTheDocument();
  });

  it('asks the seller to reconnect a disconnected store, with a link to the connections', async () => {
    renderWith(
      performance({
        connection_health: 'disconnected',
        stores: [{ ...performance().stores[0]!, status: 'out_of_date', connection_status: 'disconnected' }],
        notes: [{ code: 'reconnect_store', integration_id: 'store-1', store_name: 'Ayşe Butik', days: 4 }],
      }),
    );
    const sales = await section();
    expect(within(sales).getByText(/Ayşe Butik ile bağlantımız kopmuş/)).toBeInTheDocument();
    expect(within(sales).getByRole('link', { name: 'Mağazanızı yeniden bağlayın' })).toHaveAttribute('href', '/connections');
    expect(within(sales).getByText('Bağlantı koptu')).toBeInTheDocument();
  });

  it('tells a quiet seller how long we have seen no order, with a link to support', async () => {
    renderWith(performance({ notes: [{ code: 'no_recent_orders', integration_id: null, store_name: null, days: 9 }] }));
    const sales = await section();
    expect(within(sales).getByText(/9 gündür mağazalarınızda sipariş görmedik/)).toBeInTheDocument();
    expect(within(sales).getByRole('link', { name: 'Destek ekibine yazın' })).toHaveAttribute('href', '/support');
  });

  it('shows an unverified store and its sales apart from the figures', async () => {
    renderWith(
      performance({
        weeks: [week(1, { unverified_sales: 12_345_00 }), week(2)],
        stores: [
          ...performance().stores,
          {
            ...performance().stores[0]!,
            integration_id: 'store-2',
            store_name: 'Kendi Sitem',
            marketplace_code: 'ideasoft',
            source_verified: false,
          },
        ],
      }),
    );
    const sales = await section();
    expect(within(sales).getByRole('columnheader', { name: 'Doğrulanmamış kaynak' })).toBeInTheDocument();
    expect(within(sales).getByText('₺12.345,00')).toBeInTheDocument();
    const store = within(sales).getByText('Kendi Sitem').closest('li')!;
    expect(within(store).getByText('Doğrulanmamış kaynak')).toBeInTheDocument();
  });

  it('puts the share paid so far and the share due next to the repayment schedule', async () => {
    renderWith(performance());
    const schedule = await screen.findByRole('region', { name: 'Ödeme planı' });
    expect(await within(schedule).findByText('Şu ana kadar ödenen: %25')).toBeInTheDocument();
    expect(within(schedule).getByText('Bugüne kadar vadesi gelen: %50')).toBeInTheDocument();
  });

  it('leaves the section out when the application is not tracked', async () => {
    const { calls } = renderWith({ status: 404 });
    await screen.findByRole('region', { name: 'Ödeme planı' });
    await vi.waitFor(() => expect(calls.some((call) => call.url === '/application/a-9/performance')).toBe(true));
    expect(screen.queryByRole('region', { name: 'Onaydan bu yana satışlarınız' })).not.toBeInTheDocument();
  });
});

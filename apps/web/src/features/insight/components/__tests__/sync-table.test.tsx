import { screen, within } from '@testing-library/react';
import type { Overview, StoreImport, StoreSync } from '@worq/domain/wire/insight';
import i18n from '../../../../lib/i18n.ts';
import { renderRoutes, serve } from '../../../../test/http-test-kit.tsx';
import { addDays, istanbulToday } from '../../period.ts';
import { SyncTable } from '../sync-table.tsx';
import { recentImport } from '../../../../test/wire-fixtures.ts';

const store = (integration_id: string, store_name: string, source_verified: boolean): StoreSync => ({
  integration_id,
  marketplace_code: 'ideasoft',
  marketplace_name: 'Ideasoft',
  connection_status: 'active',
  store_name,
  state: 'ok',
  last_synced_at: '2026-11-24T06:00:00.000Z',
  oldest_order_at: null,
  message: null,
  source_verified,
});

describe('order import table', () => {
  it.each([
    ['tr', 'Doğrulanmamış kaynak'],
    ['en', 'Unverified source'],
  ] as const)('labels a store on a seller-run host as an unverified source (%s)', async (language, label) => {
    await i18n.changeLanguage(language);
    await i18n.loadNamespaces(['insight']);
    const sync = [store('a', 'ayse.myideasoft.com', true), store('b', 'ayse-magaza.com', false)];
    renderRoutes([{ path: '/', element: <SyncTable sync={sync} onSynced={() => {}} /> }], '/');
    const rows = await screen.findAllByRole('row');
    const verified = rows.find((row) => row.textContent?.includes('ayse.myideasoft.com'))!;
    const unverified = rows.find((row) => row.textContent?.includes('ayse-magaza.com'))!;
    expect(within(unverified).getByText(label)).toBeInTheDocument();
    expect(within(verified).queryByText(label)).toBeNull();
  });

  it.each([
    ['tr', 'Son aktarımda 3 siparişin durumu okunamadı; siparişler sayıldı.', 'daha eski siparişler arka planda aktarılıyor'],
    ['en', 'The status of 3 orders in the last import could not be read; they are counted.', 'older orders are being imported'],
  ] as const)(
    'says how many orders of the last import could not be classified, and what a running import is doing (%s)',
    async (language, unclassified, running) => {
      await i18n.changeLanguage(language);
      await i18n.loadNamespaces(['insight']);
      const sync = [
        { ...store('a', 'Butik', true), unclassified_orders: 3 },
        { ...store('b', 'Çiçekçi', true), state: 'running' as const, message: `Çiçekçi: ${running}.` },
        { ...store('c', 'Temiz', true), unclassified_orders: 0 },
      ];
      renderRoutes([{ path: '/', element: <SyncTable sync={sync} onSynced={() => {}} /> }], '/');
      const rows = await screen.findAllByRole('row');
      const row = (name: string) => rows.find((candidate) => candidate.textContent?.includes(name))!;
      expect(within(row('Butik')).getByText(unclassified)).toBeInTheDocument();
      expect(within(row('Çiçekçi')).getByText(new RegExp(running))).toBeInTheDocument();
      expect(row('Temiz').textContent).not.toMatch(/3/);
    },
  );

  it.each([
    ['tr', 'Pazaryeri yalnızca son 88 günün siparişlerini veriyor; daha eski satışlar aktarılamıyor.'],
    ['en', 'The marketplace serves the last 88 days of orders; older sales cannot be imported.'],
  ] as const)('tells the seller how far back a marketplace serves orders, where it has a limit (%s)', async (language, depth) => {
    await i18n.changeLanguage(language);
    await i18n.loadNamespaces(['insight']);
    const sync = [
      { ...store('a', 'Trendyol Butik', true), marketplace_code: 'trendyol', history_days: 88 },
      { ...store('b', 'Sınırsız', true), history_days: null },
    ];
    renderRoutes([{ path: '/', element: <SyncTable sync={sync} onSynced={() => {}} /> }], '/');
    const rows = await screen.findAllByRole('row');
    const row = (name: string) => rows.find((candidate) => candidate.textContent?.includes(name))!;
    expect(within(row('Trendyol Butik')).getByText(depth)).toBeInTheDocument();
    expect(row('Sınırsız').textContent).not.toMatch(/88/);
  });
});

/** The overview of one store over the whole import range, as the server answers it mid-import. */
function importSoFar(orders: number, days: { date: string; orders: number }[]): Overview {
  const totals = {
    revenue: 0,
    orders,
    units: orders,
    average_order_value: 0,
    cancelled_orders: 3,
    returned_orders: 2,
    cancellation_rate: 0,
    return_rate: 0,
  };
  return {
    from: '2025-11-25',
    to: '2026-11-25',
    currency: 'TRY',
    totals,
    previous: totals,
    series: days.map((day) => ({ ...day, revenue: day.orders * 100_00 })),
    by_marketplace: [],
    top_products: [],
    other_currencies: [{ currency: 'USD', amount: 10_00, orders: 1 }],
    sync: [],
  };
}

describe('first import progress', () => {
  const importing: StoreSync = {
    ...store('i-1', 'Ayşe Butik', true),
    marketplace_code: 'trendyol',
    marketplace_name: 'Trendyol',
    state: 'running',
    last_synced_at: null,
  };

  it.each([
    ['tr', 'Şimdiye kadar 1.240 sipariş alındı', '14.03.2026 – 24.11.2026 arası'],
    ['en', '1,240 orders imported so far', 'from 14/03/2026 to 24/11/2026'],
  ] as const)('shows the orders received so far and the days they cover (%s)', async (language, count, period) => {
    await i18n.changeLanguage(language);
    await i18n.loadNamespaces(['insight']);
    const calls = serve({
      'GET /insight/overview': {
        status: 200,
        data: importSoFar(1_234, [
          { date: '2026-03-13', orders: 0 },
          { date: '2026-03-14', orders: 4 },
          { date: '2026-11-24', orders: 7 },
          { date: '2026-11-25', orders: 0 },
        ]),
      },
    });
    renderRoutes([{ path: '/', element: <SyncTable sync={[importing]} onSynced={() => {}} /> }], '/');
    const row = (await screen.findAllByRole('row')).find((candidate) => candidate.textContent?.includes('Ayşe Butik'))!;
    // 1.234 counted + 3 cancelled + 2 returned + 1 in another currency.
    expect(await within(row).findByText(count)).toBeInTheDocument();
    expect(within(row).getByText(period)).toBeInTheDocument();
    const today = istanbulToday();
    expect(calls[0]!.params).toEqual({ from: addDays(today, -365), to: today, integration_id: 'i-1' });
  });

  it('says no order has arrived yet rather than inventing a figure', async () => {
    await i18n.changeLanguage('tr');
    await i18n.loadNamespaces(['insight']);
    const empty = {
      ...importSoFar(0, []),
      totals: { ...importSoFar(0, []).totals, cancelled_orders: 0, returned_orders: 0 },
      other_currencies: [],
    };
    serve({ 'GET /insight/overview': { status: 200, data: empty } });
    renderRoutes([{ path: '/', element: <SyncTable sync={[importing]} onSynced={() => {}} /> }], '/');
    expect(await screen.findByText('Henüz sipariş alınmadı')).toBeInTheDocument();
    expect(screen.queryByText(/kalan|dakika|saat/i)).not.toBeInTheDocument();
  });

  it('asks nothing more of a store whose first import is done', async () => {
    await i18n.changeLanguage('tr');
    await i18n.loadNamespaces(['insight']);
    const calls = serve({});
    renderRoutes([{ path: '/', element: <SyncTable sync={[store('i-2', 'Mehmet Store', true)]} onSynced={() => {}} /> }], '/');
    expect(await screen.findByText('Güncel')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('labels each cell, so the stacked phone layout still says what each value is', async () => {
    await i18n.changeLanguage('tr');
    await i18n.loadNamespaces(['insight']);
    serve({});
    renderRoutes([{ path: '/', element: <SyncTable sync={[store('i-2', 'Mehmet Store', true)]} onSynced={() => {}} /> }], '/');
    const row = (await screen.findAllByRole('row')).find((candidate) => candidate.textContent?.includes('Mehmet Store'))!;
    const labels = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.getAttribute('data-label'));
    expect(labels).toEqual([null, 'Durum', 'Son aktarım', null]);
    expect(within(row).getByRole('button', { name: 'Şimdi eşitle – Mehmet Store' })).toBeInTheDocument();
  });
});

describe('first import progress from the server', () => {
  const importing = (overrides: Partial<StoreImport>, entry: Partial<StoreSync> = {}): StoreSync => ({
    ...store('i-3', 'Deniz Butik', true),
    marketplace_code: 'hepsiburada',
    marketplace_name: 'Hepsiburada',
    state: 'running',
    last_synced_at: null,
    ...entry,
    import: recentImport(overrides),
  });
  const emptyOverview = {
    ...importSoFar(0, []),
    totals: { ...importSoFar(0, []).totals, cancelled_orders: 0, returned_orders: 0 },
    other_currencies: [],
  };

  it.each([
    ['tr', 'Son 30 gün aktarılıyor · yaklaşık 3 dakika kaldı', 'Şimdiye kadar 1.240 sipariş alındı', '%25'],
    ['en', 'Importing the last 30 days · about 3 minutes left', '1,240 orders imported so far', '25%'],
  ] as const)(
    'shows the recent days being read, a bar of the steps done and the time left (%s)',
    async (language, phase, orders, share) => {
      await i18n.changeLanguage(language);
      await i18n.loadNamespaces(['insight']);
      serve({ 'GET /insight/overview': { status: 200, data: emptyOverview } });
      renderRoutes([{ path: '/', element: <SyncTable sync={[importing({})]} onSynced={() => {}} /> }], '/');
      const row = (await screen.findAllByRole('row')).find((candidate) => candidate.textContent?.includes('Deniz Butik'))!;
      expect(await within(row).findByText(phase)).toBeInTheDocument();
      expect(within(row).getByText(orders)).toBeInTheDocument();
      const bar = within(row).getByRole('progressbar', { name: phase.split(' · ')[0] });
      expect(bar).toHaveAttribute('value', '45');
      expect(bar).toHaveAttribute('max', '180');
      expect(within(row).getByText(share)).toBeInTheDocument();
    },
  );

  it.each([
    ['tr', 'Daha eski siparişler aktarılıyor · yaklaşık 90 dakika kaldı', 'İlk aktarım toplam yaklaşık 2 saat sürüyor'],
    ['en', 'Importing older orders · about 90 minutes left', 'The first import takes about 2 hours in all'],
  ] as const)(
    'shows the older history being read with the time left and how long the whole import takes (%s)',
    async (language, phase, takes) => {
      await i18n.changeLanguage(language);
      await i18n.loadNamespaces(['insight']);
      serve({ 'GET /insight/overview': { status: 200, data: emptyOverview } });
      const entry = importing(
        { phase: 'history', steps_done: 100, steps_total: 300, seconds_left: 5_400, first_import_seconds: 8_000 },
        { last_synced_at: '2026-11-24T06:00:00.000Z' },
      );
      renderRoutes([{ path: '/', element: <SyncTable sync={[entry]} onSynced={() => {}} /> }], '/');
      const row = (await screen.findAllByRole('row')).find((candidate) => candidate.textContent?.includes('Deniz Butik'))!;
      expect(await within(row).findByText(phase)).toBeInTheDocument();
      expect(within(row).getByText(takes)).toBeInTheDocument();
      expect(within(row).getByRole('progressbar')).toHaveAttribute('value', '100');
    },
  );

  it('shows no bar and no time when the server knows neither', async () => {
    await i18n.changeLanguage('tr');
    await i18n.loadNamespaces(['insight']);
    serve({ 'GET /insight/overview': { status: 200, data: emptyOverview } });
    const entry = importing(
      { steps_done: null, steps_total: null, seconds_left: null },
      {
        marketplace_code: 'amazon',
      },
    );
    renderRoutes([{ path: '/', element: <SyncTable sync={[entry]} onSynced={() => {}} /> }], '/');
    const row = (await screen.findAllByRole('row')).find((candidate) => candidate.textContent?.includes('Deniz Butik'))!;
    expect(await within(row).findByText('Son 30 gün aktarılıyor')).toBeInTheDocument();
    expect(within(row).queryByRole('progressbar')).toBeNull();
    expect(row.textContent).not.toMatch(/kaldı|sürüyor/);
  });
});

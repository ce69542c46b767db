import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Overview, StoreSync } from '@worq/domain/wire/insight';
import i18n from '../../../../lib/i18n.ts';
import { storeTokens } from '../../../../lib/token-storage.ts';
import { accessToken } from '../../../../lib/__tests__/token-fixtures.ts';
import { refusal, serve } from '../../../../test/http-test-kit.tsx';
import { Component as ConnectionsPage } from '../connections-page.tsx';
import { integration, recentImport } from '../../../../test/wire-fixtures.ts';
import { followTasks, marketplaces, renderAt } from './connections-test-kit.tsx';

const stores = [
  integration({ id: 'i-active', store_name: 'Aktif Mağaza', status: 'active' }),
  integration({
    id: 'i-disabled',
    store_name: 'Kapalı Mağaza',
    status: 'disabled',
    marketplace_code: 'hepsiburada',
    marketplace_id: 'm-hepsiburada',
  }),
  integration({ id: 'i-old', store_name: 'Eski Mağaza', status: 'out_of_date', marketplace_code: 'n11', marketplace_id: 'm-n11' }),
];

function renderPage() {
  return renderAt('/connections', <ConnectionsPage />, '/connections');
}

function rowNames() {
  return screen.getAllByRole('rowheader').map((cell) => cell.textContent);
}

let tracking: ReturnType<typeof followTasks>;

beforeAll(async () => {
  await i18n.loadNamespaces(['connections', 'ui', 'feedback']);
});
beforeEach(() => {
  storeTokens({ jwt_token: accessToken(), refresh_token: 'r1' }, true);
  tracking = followTasks();
});
afterEach(() => {
  tracking.stop();
});

describe('/connections', () => {
  it('lists stores with marketplace, date and status, and filters active and inactive ones', async () => {
    const actor = userEvent.setup();
    serve({ 'GET /marketplace/integration/list': { status: 200, data: stores } });
    renderPage();
    expect(await screen.findByRole('rowheader', { name: 'Aktif Mağaza' })).toBeInTheDocument();
    expect(rowNames()).toEqual(['Aktif Mağaza', 'Kapalı Mağaza', 'Eski Mağaza']);
    const activeRow = screen.getByRole('rowheader', { name: 'Aktif Mağaza' }).closest('tr') as HTMLElement;
    expect(within(activeRow).getByText('Trendyol')).toBeInTheDocument();
    expect(within(activeRow).getByText('14 Mar 2025')).toBeInTheDocument();
    expect(within(activeRow).getByText('Aktif').closest('[data-color]')).toHaveAttribute('data-color', 'green');
    const oldRow = screen.getByRole('rowheader', { name: 'Eski Mağaza' }).closest('tr') as HTMLElement;
    expect(within(oldRow).getByText('Güncel değil').closest('[data-color]')).toHaveAttribute('data-color', 'orange');
    expect(within(oldRow).getByRole('button', { name: 'Eski Mağaza mağazasını yeniden bağla' })).toBeInTheDocument();

    await actor.click(screen.getByRole('tab', { name: /Aktif/ }));
    expect(rowNames()).toEqual(['Aktif Mağaza']);
    await actor.click(screen.getByRole('tab', { name: /Pasif/ }));
    expect(rowNames()).toEqual(['Kapalı Mağaza', 'Eski Mağaza']);
    expect(screen.getByRole('tab', { name: /Pasif/ })).toHaveAttribute('aria-selected', 'true');
    await actor.click(screen.getByRole('tab', { name: /Tümü/ }));
    expect(rowNames()).toHaveLength(3);
  });

  it('asks for confirmation before disabling, then follows the task', async () => {
    const actor = userEvent.setup();
    const calls = serve({
      'GET /marketplace/integration/list': { status: 200, data: stores },
      'POST /marketplace/integration/change_status': { status: 202, data: { request_id: 'req-disable' } },
    });
    renderPage();
    await actor.click(await screen.findByRole('button', { name: 'Aktif Mağaza için işlemler' }));
    await actor.click(screen.getByRole('menuitem', { name: 'Devre dışı bırak' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mağaza devre dışı bırakılsın mı?' });
    expect(calls.some((call) => call.url === '/marketplace/integration/change_status')).toBe(false);

    await actor.click(within(dialog).getByRole('button', { name: 'Vazgeç' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.some((call) => call.url === '/marketplace/integration/change_status')).toBe(false);

    await actor.click(screen.getByRole('button', { name: 'Aktif Mağaza için işlemler' }));
    await actor.click(screen.getByRole('menuitem', { name: 'Devre dışı bırak' }));
    await actor.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Devre dışı bırak' }));
    await waitFor(() => expect(tracking.tasks).toHaveLength(1));
    expect(calls.find((call) => call.url === '/marketplace/integration/change_status')?.body).toEqual({
      integration_id: 'i-active',
      action: 'disable',
    });
    expect(tracking.tasks[0]).toMatchObject({ requestId: 'req-disable', type: 'change_integration_status' });
  });

  it('activates a disabled store without asking and removes a store only after confirmation', async () => {
    const actor = userEvent.setup();
    const calls = serve({
      'GET /marketplace/integration/list': { status: 200, data: stores },
      'POST /marketplace/integration/change_status': (body) => ({
        status: 202,
        data: { request_id: `req-${(body as { action: string }).action}` },
      }),
    });
    renderPage();
    await actor.click(await screen.findByRole('button', { name: 'Kapalı Mağaza için işlemler' }));
    await actor.click(screen.getByRole('menuitem', { name: 'Etkinleştir' }));
    await waitFor(() => expect(tracking.tasks.map((task) => task.requestId)).toEqual(['req-activate']));

    await actor.click(screen.getByRole('button', { name: 'Eski Mağaza için işlemler' }));
    await actor.click(screen.getByRole('menuitem', { name: 'Kaldır' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mağaza kaldırılsın mı?' });
    expect(within(dialog).getByText(/Eski Mağaza bağlantısı ve kayıtlı API bilgileri silinecek/)).toBeInTheDocument();
    await actor.click(within(dialog).getByRole('button', { name: 'Kaldır' }));
    await waitFor(() => expect(tracking.tasks.map((task) => task.type)).toEqual(['change_integration_status', 'delete_integration']));
    expect(calls.filter((call) => call.url === '/marketplace/integration/change_status').map((call) => call.body)).toEqual([
      { integration_id: 'i-disabled', action: 'activate' },
      { integration_id: 'i-old', action: 'delete' },
    ]);
  });

  it('explains a refused status change while an application is active', async () => {
    const actor = userEvent.setup();
    serve({
      'GET /marketplace/integration/list': { status: 200, data: stores },
      'POST /marketplace/integration/change_status': refusal(409, 'active_application_exists', 'server words'),
    });
    renderPage();
    await actor.click(await screen.findByRole('button', { name: 'Kapalı Mağaza için işlemler' }));
    await actor.click(screen.getByRole('menuitem', { name: 'Etkinleştir' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Mağaza durumu değiştirilemedi');
    expect(alert).toHaveTextContent('Devam eden bir başvurunuz varken mağaza durumunu değiştiremezsiniz.');
    expect(tracking.tasks).toHaveLength(0);
  });

  it('explains why a store that was submitted with an application cannot be removed', async () => {
    const actor = userEvent.setup();
    serve({
      'GET /marketplace/integration/list': { status: 200, data: stores },
      'POST /marketplace/integration/change_status': refusal(409, 'store_in_submitted_application', 'server words'),
    });
    renderPage();
    await actor.click(await screen.findByRole('button', { name: 'Eski Mağaza için işlemler' }));
    await actor.click(screen.getByRole('menuitem', { name: 'Kaldır' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mağaza kaldırılsın mı?' });
    await actor.click(within(dialog).getByRole('button', { name: 'Kaldır' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Bu mağaza gönderdiğiniz bir başvurunun parçası olduğu için kaldırılamaz.');
    expect(tracking.tasks).toHaveLength(0);
  });

  it('leads from the empty state to the connect-store modal with the seven marketplaces', async () => {
    const actor = userEvent.setup();
    serve({
      'GET /marketplace/integration/list': { status: 200, data: [] },
      'GET /marketplace/all': { status: 200, data: marketplaces },
    });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Henüz bağlı mağazanız yok' })).toBeInTheDocument();
    await actor.click(screen.getByRole('button', { name: 'Mağaza bağla' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mağaza bağla' });
    const options = await within(dialog).findAllByRole('button', { name: /Trendyol|Hepsiburada|N11|Çiçeksepeti|Amazon|Ideasoft|Ticimax/ });
    expect(options).toHaveLength(7);
    expect(within(dialog).getByRole('listitem', { current: 'step' })).toHaveTextContent('Pazaryeri seçin');
  });

  it('opens the flow pre-filled when updating a store', async () => {
    const actor = userEvent.setup();
    serve({
      'GET /marketplace/integration/list': { status: 200, data: stores },
      'GET /marketplace/all': { status: 200, data: marketplaces },
    });
    renderPage();
    await actor.click(await screen.findByRole('button', { name: 'Aktif Mağaza için işlemler' }));
    await actor.click(screen.getByRole('menuitem', { name: 'Bilgileri güncelle' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mağaza bilgilerini güncelle' });
    expect(await within(dialog).findByLabelText(/Mağaza adı/)).toHaveValue('Aktif Mağaza');
    expect(within(dialog).getByLabelText(/Satıcı ID/)).toHaveValue('123456');
    expect(within(dialog).getByLabelText(/API Secret/, { selector: 'input' })).toHaveValue('');
    expect(within(dialog).getByRole('listitem', { current: 'step' })).toHaveTextContent('Entegrasyonu bağlayın');
  });

  it('shows cards instead of a table on a phone', async () => {
    const matchMedia = vi.fn().mockReturnValue({ matches: true, addEventListener: vi.fn(), removeEventListener: vi.fn() });
    vi.stubGlobal('matchMedia', matchMedia);
    serve({ 'GET /marketplace/integration/list': { status: 200, data: stores } });
    renderPage();
    const list = await screen.findByRole('list', { name: 'Bağlı mağazalarınız' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    vi.unstubAllGlobals();
    await act(async () => {});
  });
});

describe('/connections: a store whose first import is under way', () => {
  const syncOf = (integration_id: string, entry: Partial<StoreSync>): StoreSync => ({
    integration_id,
    marketplace_code: 'trendyol',
    marketplace_name: 'Trendyol',
    connection_status: 'active',
    store_name: integration_id,
    state: 'ok',
    last_synced_at: '2026-11-24T06:00:00.000Z',
    oldest_order_at: null,
    message: null,
    source_verified: true,
    ...entry,
  });
  const totals = {
    revenue: 0,
    orders: 0,
    units: 0,
    average_order_value: 0,
    cancelled_orders: 0,
    returned_orders: 0,
    cancellation_rate: 0,
    return_rate: 0,
  };
  /** GET /insight/overview mid-import: one store reading its recent days, another long done. */
  const overview: Overview = {
    from: '2026-11-25',
    to: '2026-11-25',
    currency: 'TRY',
    totals,
    previous: totals,
    series: [],
    by_marketplace: [],
    top_products: [],
    other_currencies: [],
    sync: [
      syncOf('i-active', {
        state: 'running',
        last_synced_at: null,
        import: recentImport(),
      }),
      syncOf('i-done', {}),
    ],
  };
  const done = integration({ id: 'i-done', store_name: 'Bitmiş Mağaza', status: 'active' });

  it.each([
    ['en', 'Importing the last 30 days · about 3 minutes left', '1,240 orders imported so far'],
    ['tr', 'Son 30 gün aktarılıyor · yaklaşık 3 dakika kaldı', 'Şimdiye kadar 1.240 sipariş alındı'],
  ] as const)(
    'shows its progress and time left as WorqInsight does, and nothing for a store already imported (%s)',
    async (language, phase, orders) => {
      await i18n.changeLanguage(language);
      await i18n.loadNamespaces(['connections', 'insight']);
      serve({
        'GET /marketplace/integration/list': { status: 200, data: [stores[0]!, done] },
        'GET /insight/overview': { status: 200, data: overview },
      });
      renderPage();
      const row = (await screen.findByRole('rowheader', { name: 'Aktif Mağaza' })).closest('tr') as HTMLElement;
      expect(await within(row).findByText(phase)).toBeInTheDocument();
      expect(within(row).getByText(orders)).toBeInTheDocument();
      const bar = within(row).getByRole('progressbar', { name: phase.split(' · ')[0] });
      expect(bar).toHaveAttribute('value', '45');
      expect(bar).toHaveAttribute('max', '180');
      const doneRow = screen.getByRole('rowheader', { name: 'Bitmiş Mağaza' }).closest('tr') as HTMLElement;
      expect(within(doneRow).queryByRole('progressbar')).toBeNull();
      expect(doneRow.textContent).not.toMatch(/1[.,]240/);
    },
  );
});

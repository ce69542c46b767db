import { screen, within } from '@testing-library/react';
import type { StoreSync } from '@worq/domain/wire/insight';
import i18n from '../../../../lib/i18n.ts';
import { renderRoutes } from '../../../../test/http-test-kit.tsx';
import { SyncTable } from '../sync-table.tsx';

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
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../../../lib/i18n.ts';
import { storeTokens } from '../../../../lib/token-storage.ts';
import { accessToken } from '../../../../lib/__tests__/token-fixtures.ts';
import { serve, type Route } from '../../../../test/http-test-kit.tsx';
import type * as pendingModule from '../../ideasoft-pending.ts';
import { leaveForConsent } from '../../ideasoft-pending.ts';
import { ConnectStoreModal } from '../connect-store-modal.tsx';
import { followTasks, marketplaces, renderAt } from './connections-test-kit.tsx';

vi.mock('../../ideasoft-pending.ts', async (original) => ({
  ...(await original<typeof pendingModule>()),
  leaveForConsent: vi.fn(),
}));

let tracking: ReturnType<typeof followTasks>;

beforeAll(async () => {
  await i18n.loadNamespaces(['connections', 'ui', 'feedback']);
});
beforeEach(() => {
  storeTokens({ jwt_token: accessToken(), refresh_token: 'r1' }, true);
  sessionStorage.clear();
  vi.mocked(leaveForConsent).mockReset();
  tracking = followTasks();
});
afterEach(() => tracking.stop());

async function fillIdeasoft(actor: ReturnType<typeof userEvent.setup>, authorization: Route) {
  const calls = serve({
    'GET /marketplace/all': { status: 200, data: marketplaces },
    'POST /marketplace/ideasoft/authorization_url': authorization,
  });
  renderAt('/connections', <ConnectStoreModal open onClose={() => {}} />, '/connections');
  await actor.click(await screen.findByRole('button', { name: 'Ideasoft' }));
  await actor.type(screen.getByLabelText(/Mağaza adı/), 'Ayşe Butik');
  await actor.type(screen.getByLabelText(/Mağaza adresi/), 'https://aysebutik.com');
  await actor.type(screen.getByLabelText(/Client ID/), '12_abc');
  await actor.type(screen.getByLabelText(/Client Secret/, { selector: 'input' }), 'gizli-deger');
  await actor.click(screen.getByRole('button', { name: 'Bağla' }));
  return calls;
}

describe('Ideasoft connection form', () => {
  it("sends the typed details to the server and the browser to the store's consent page", async () => {
    const actor = userEvent.setup();
    const url = 'https://aysebutik.com/panel/auth?client_id=12_abc&response_type=code&state=st-1';
    const calls = await fillIdeasoft(actor, { status: 200, data: { url, state: 'st-1' } });
    await waitFor(() => expect(leaveForConsent).toHaveBeenCalledWith(url));
    expect(calls.find((call) => call.url === '/marketplace/ideasoft/authorization_url')?.body).toEqual({
      store_name: 'Ayşe Butik',
      store_url: 'https://aysebutik.com',
      client_id: '12_abc',
      client_secret: 'gizli-deger',
    });
    // No upsert yet: the callback page finishes the connection.
    expect(calls.some((call) => call.url === '/marketplace/integration/upsert')).toBe(false);
    const remembered = sessionStorage.getItem('worq.ideasoft-authorization') ?? '';
    expect(JSON.parse(remembered)).toEqual({
      state: 'st-1',
      marketplace_id: 'm-ideasoft',
      store_name: 'Ayşe Butik',
      return_to: '/connections',
    });
    expect(remembered).not.toContain('gizli-deger');
    expect(screen.getByText('Ideasoft yönetim panelinize yönlendiriliyorsunuz…')).toBeInTheDocument();
  });

  it("marks the store address with the server's reason and stays", async () => {
    const actor = userEvent.setup();
    const message = 'Mağaza adresi https ile başlayan bir alan adı olmalı (IP adresi, port ya da kullanıcı bilgisi içermemeli).';
    await fillIdeasoft(actor, {
      status: 400,
      data: { errors: { code: 'validation_failed', message: 'Geçersiz', fields: { store_url: message } } },
    });
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(leaveForConsent).not.toHaveBeenCalled();
  });
});

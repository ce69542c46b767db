import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../../../lib/i18n.ts';
import { storeTokens } from '../../../../lib/token-storage.ts';
import { accessToken } from '../../../../lib/__tests__/token-fixtures.ts';
import { refusal, serve } from '../../../../test/http-test-kit.tsx';
import { rememberIdeasoftAuthorization } from '../../ideasoft-pending.ts';
import { Component as IdeasoftCallbackPage } from '../ideasoft-callback-page.tsx';
import { followTasks, marketplaces, renderAt } from './connections-test-kit.tsx';

let tracking: ReturnType<typeof followTasks>;

beforeAll(async () => {
  await i18n.loadNamespaces(['connections', 'ui']);
});
beforeEach(() => {
  storeTokens({ jwt_token: accessToken(), refresh_token: 'r1' }, true);
  sessionStorage.clear();
  tracking = followTasks();
});
afterEach(() => tracking.stop());

function serveCallback(upsert = { status: 202, data: { request_id: 'req-ideasoft' } } as { status: number; data?: unknown }) {
  return serve({
    'GET /marketplace/all': { status: 200, data: marketplaces },
    'POST /marketplace/integration/upsert': upsert,
  });
}

function finish(result: { message: string; is_successful: boolean }) {
  const task = tracking.tasks[0];
  if (!task) throw new Error('no task followed');
  act(() => {
    if (result.is_successful) task.options.onSuccess?.({ data: null, ...result });
    else task.options.onFailure?.({ data: null, ...result });
  });
}

describe('/ideasoft-callback', () => {
  it('finishes the connection with the code and state, follows the task and shows its result', async () => {
    const actor = userEvent.setup();
    rememberIdeasoftAuthorization({
      state: 'st-1',
      marketplace_id: 'm-ideasoft',
      store_name: 'Ayşe Butik',
      return_to: '/worq-trade/onboarding/connect-store',
    });
    const calls = serveCallback();
    renderAt('/ideasoft-callback?code=sandbox-abc&state=st-1', <IdeasoftCallbackPage />, '/ideasoft-callback');
    expect(screen.getByRole('status')).toHaveTextContent('Ideasoft mağazanız bağlanıyor');

    await waitFor(() => expect(tracking.tasks).toHaveLength(1));
    expect(calls.find((call) => call.url === '/marketplace/integration/upsert')?.body).toEqual({
      marketplace_id: 'm-ideasoft',
      store_name: 'Ayşe Butik',
      credentials: { authorization_code: 'sandbox-abc', state: 'st-1' },
    });
    expect(tracking.tasks[0]).toMatchObject({
      requestId: 'req-ideasoft',
      type: 'connect_integration',
      options: { page: '/worq-trade/onboarding/connect-store' },
    });
    // The pending entry is used up: a reload cannot post the spent code again.
    expect(sessionStorage.length).toBe(0);

    finish({ message: 'Ayşe Butik mağazanız bağlandı.', is_successful: true });
    expect(await screen.findByRole('heading', { name: 'Ideasoft bağlantısı başarılı' })).toBeInTheDocument();
    expect(screen.getByText('Ayşe Butik mağazanız bağlandı.')).toBeInTheDocument();
    await actor.click(screen.getByRole('button', { name: 'Bağlantılara dön' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/worq-trade/onboarding/connect-store');
  });

  it.each(['/\\evil.example/x', '//evil.example/x', 'https://evil.example', '/ space'])(
    'returns to /connections instead of the stored %s',
    async (returnTo) => {
      const actor = userEvent.setup();
      rememberIdeasoftAuthorization({ state: 'st-9', marketplace_id: 'm-ideasoft', store_name: 'Ayşe Butik', return_to: returnTo });
      serveCallback();
      renderAt('/ideasoft-callback?code=c&state=st-9', <IdeasoftCallbackPage />, '/ideasoft-callback');
      await waitFor(() => expect(tracking.tasks).toHaveLength(1));
      expect(tracking.tasks[0]?.options.page).toBe('/connections');
      finish({ message: 'Ayşe Butik mağazanız bağlandı.', is_successful: true });
      await actor.click(await screen.findByRole('button', { name: 'Bağlantılara dön' }));
      expect(await screen.findByTestId('where')).toHaveTextContent('/connections');
    },
  );

  it("shows the task's failure message", async () => {
    rememberIdeasoftAuthorization({
      state: 'st-2',
      marketplace_id: 'm-ideasoft',
      store_name: 'Ayşe Butik',
      integration_id: 'i-9',
      return_to: '/connections',
    });
    const calls = serveCallback();
    renderAt('/ideasoft-callback?code=c&state=st-2', <IdeasoftCallbackPage />, '/ideasoft-callback');
    await waitFor(() => expect(tracking.tasks).toHaveLength(1));
    expect(tracking.tasks[0]?.type).toBe('update_integration');
    expect((calls.find((call) => call.url === '/marketplace/integration/upsert')?.body as { integration_id?: string }).integration_id).toBe(
      'i-9',
    );
    finish({ message: 'Ideasoft yetkilendirmesi tamamlanamadı. Lütfen bağlantıyı yeniden başlatın.', is_successful: false });
    expect(await screen.findByRole('alert')).toHaveTextContent('Ideasoft yetkilendirmesi tamamlanamadı');
  });

  it("shows the server's refusal of a spent or foreign state", async () => {
    serveCallback(
      refusal(
        400,
        'ideasoft_state_invalid',
        'Ideasoft yetkilendirme isteğinin süresi doldu ya da geçersiz. Lütfen bağlantıyı yeniden başlatın.',
      ),
    );
    // Nothing remembered in this tab: the marketplace id comes from the catalogue.
    renderAt('/ideasoft-callback?code=c&state=unknown', <IdeasoftCallbackPage />, '/ideasoft-callback');
    expect(await screen.findByRole('alert')).toHaveTextContent('süresi doldu ya da geçersiz');
    expect(tracking.tasks).toHaveLength(0);
  });

  it('sends nothing when the seller denied access on Ideasoft', async () => {
    const calls = serveCallback();
    renderAt('/ideasoft-callback?error=access_denied&state=st-3', <IdeasoftCallbackPage />, '/ideasoft-callback');
    expect(await screen.findByRole('alert')).toHaveTextContent("Ideasoft'ta izin verilmedi");
    expect(calls.some((call) => call.url === '/marketplace/integration/upsert')).toBe(false);
  });
});

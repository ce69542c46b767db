import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import useSWR, { SWRConfig } from 'swr';
import type { TaskState } from '@worq/domain/wire/tasks';
import type { ToastAddDetail } from '../../../../components/ui/toast/toast-store.ts';
import i18n from '../../../../lib/i18n.ts';
import { getAccessToken, storeTokens } from '../../../../lib/token-storage.ts';
import { accessToken } from '../../../../lib/__tests__/token-fixtures.ts';
import { resetTaskStore } from '../../task-store.ts';
import { trackTask as handOver } from '../../../../lib/background-tasks.ts';
import { closeAllTaskSockets, trackTask } from '../../task-tracker.ts';
import { BackgroundTaskPanel, panelCollapseDelayMs } from '../background-task-panel.tsx';

/** Stands in for the browser's WebSocket: the test plays the server's side. */
class FakeWebSocket extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static instances: FakeWebSocket[] = [];
  readyState = FakeWebSocket.CONNECTING;
  constructor(
    readonly url: string,
    readonly protocols?: string | string[],
  ) {
    super();
    FakeWebSocket.instances.push(this);
  }
  close() {
    if (this.readyState === FakeWebSocket.CLOSED) return;
    this.readyState = FakeWebSocket.CLOSED;
    this.dispatchEvent(new Event('close'));
  }
  /** A socket message of the wire shape; `data` may be left out (the tracker reads it as null). */
  serverSends(result: Omit<TaskState, 'data'> & Partial<Pick<TaskState, 'data'>>) {
    this.readyState = FakeWebSocket.OPEN;
    act(() => {
      this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(result) }));
    });
  }
  fails() {
    act(() => {
      this.dispatchEvent(new Event('error'));
    });
  }
}

function socketFor(requestId: string): FakeWebSocket {
  const socket = FakeWebSocket.instances.find((candidate) => candidate.url.endsWith(`/websocket/ws/${requestId}`));
  if (!socket) throw new Error(`no socket for ${requestId}`);
  return socket;
}

let integrationListLoads = 0;
function IntegrationListProbe() {
  useSWR('/marketplace/integration/list', () => {
    integrationListLoads += 1;
    return [];
  });
  return null;
}

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderPanelAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <Where />
            <IntegrationListProbe />
            <BackgroundTaskPanel />
          </>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <RouterProvider router={router} />
    </SWRConfig>,
  );
  return router;
}

function track(requestId: string, page?: string) {
  act(() => {
    trackTask(requestId, 'connect_integration', page ? { page } : {});
  });
}

function collectToasts() {
  const toasts: ToastAddDetail[] = [];
  const listener = (event: CustomEvent<ToastAddDetail>) => toasts.push(event.detail);
  window.addEventListener('toast:add', listener);
  return { toasts, stop: () => window.removeEventListener('toast:add', listener) };
}

beforeAll(async () => {
  await i18n.loadNamespaces(['tasks']);
});
beforeEach(() => {
  FakeWebSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
  storeTokens({ jwt_token: accessToken(), refresh_token: 'r1' }, true);
  integrationListLoads = 0;
});
afterEach(() => {
  act(() => closeAllTaskSockets());
  act(() => resetTaskStore());
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('background-task panel', () => {
  it('shows a task as pending, then as successful, refreshes the integrations and closes the socket', async () => {
    renderPanelAt('/connections');
    await act(async () => {});
    const loadsBefore = integrationListLoads;
    track('req-1');
    const socket = socketFor('req-1');
    // The access token is offered as a subprotocol next to worq.tasks.v1, never put in the address.
    expect(socket.url).toMatch(/^ws:\/\/[^/]+\/websocket\/ws\/req-1$/);
    expect(socket.protocols).toEqual(['worq.tasks.v1', `bearer.${getAccessToken()}`]);

    const panel = screen.getByRole('region', { name: 'İşlemler' });
    const item = within(panel).getByRole('listitem');
    expect(item).toHaveAttribute('data-status', 'pending');
    expect(within(item).getByText('Sürüyor')).toBeInTheDocument();
    expect(within(item).queryByRole('button', { name: /bildirimini kapat/ })).not.toBeInTheDocument();

    socket.serverSends({ message: 'İşleminiz sürüyor…', is_successful: null });
    expect(socket.readyState).not.toBe(FakeWebSocket.CLOSED);

    socket.serverSends({ message: 'Mağazam mağazanız bağlandı.', is_successful: true, data: { integration_id: 'i1' } });
    expect(item).toHaveAttribute('data-status', 'success');
    expect(within(item).getByText('Tamamlandı')).toBeInTheDocument();
    expect(within(item).getByText('Mağazam mağazanız bağlandı.')).toBeInTheDocument();
    expect(socket.readyState).toBe(FakeWebSocket.CLOSED);
    await act(async () => {});
    expect(integrationListLoads).toBeGreaterThan(loadsBefore);
    expect(screen.getByRole('status')).toHaveTextContent('Mağaza bağlantısı: Tamamlandı. Mağazam mağazanız bağlandı.');
  });

  it('shows a failed task in the failed state with the server message', () => {
    renderPanelAt('/connections');
    track('req-f');
    socketFor('req-f').serverSends({ message: 'Trendyol bilgileriniz doğrulanamadı.', is_successful: false });
    const item = screen.getByRole('listitem');
    expect(item).toHaveAttribute('data-status', 'failed');
    expect(within(item).getByText('Başarısız')).toBeInTheDocument();
    expect(within(item).getByText('Trendyol bilgileriniz doğrulanamadı.')).toBeInTheDocument();
  });

  it('closes the socket and removes the pending item when the socket fails', () => {
    renderPanelAt('/connections');
    track('req-2');
    track('req-3');
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    const failing = socketFor('req-2');
    failing.fails();
    expect(failing.readyState).toBe(FakeWebSocket.CLOSED);
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(socketFor('req-3').readyState).not.toBe(FakeWebSocket.CLOSED);
  });

  it('skips an eleventh socket with a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderPanelAt('/connections');
    for (let index = 1; index <= 10; index += 1) track(`req-${index}`);
    expect(warn).not.toHaveBeenCalled();
    track('req-11');
    expect(FakeWebSocket.instances).toHaveLength(10);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(screen.getAllByRole('listitem')).toHaveLength(10);

    // A finished task frees its place.
    socketFor('req-1').serverSends({ message: 'ok', is_successful: true });
    track('req-12');
    expect(FakeWebSocket.instances).toHaveLength(11);
  });

  it('collapses five seconds after the last change', () => {
    vi.useFakeTimers();
    renderPanelAt('/connections');
    track('req-t');
    expect(screen.getByRole('region', { name: 'İşlemler' })).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(panelCollapseDelayMs - 1000);
    });
    // A new change restarts the wait.
    socketFor('req-t').serverSends({ message: 'İşleminiz sürüyor…', is_successful: null });
    act(() => {
      vi.advanceTimersByTime(panelCollapseDelayMs - 1);
    });
    expect(screen.getByRole('region', { name: 'İşlemler' })).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByRole('region', { name: 'İşlemler' })).not.toBeInTheDocument();
    const summary = screen.getByRole('button', { name: /1 işlem sürüyor/ });
    expect(summary).toHaveAttribute('aria-expanded', 'false');

    fireEvent.click(summary);
    expect(screen.getByRole('region', { name: 'İşlemler' })).toBeInTheDocument();
  });

  it('dismisses a finished item on its own and clears the rest', () => {
    renderPanelAt('/connections');
    track('req-a');
    track('req-b');
    track('req-c');
    socketFor('req-a').serverSends({ message: 'A bitti', is_successful: true });
    socketFor('req-b').serverSends({ message: 'B olmadı', is_successful: false });

    const succeeded = screen.getByText('A bitti').closest('li') as HTMLElement;
    fireEvent.click(within(succeeded).getByRole('button', { name: 'Mağaza bağlantısı bildirimini kapat' }));
    expect(screen.queryByText('A bitti')).not.toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: 'Temizle' }));
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();

    // The running task was only hidden: its result shows again.
    socketFor('req-c').serverSends({ message: 'C bitti', is_successful: true });
    expect(screen.getByText('C bitti')).toBeInTheDocument();
  });

  it("offers 'Git' to the updated page when the user is on another page", async () => {
    const { toasts, stop } = collectToasts();
    const router = renderPanelAt('/worq-trade');
    track('req-g');
    socketFor('req-g').serverSends({ message: 'Mağazam bağlandı.', is_successful: true });
    stop();
    expect(toasts).toHaveLength(1);
    const toast = toasts[0]!.toast;
    expect(toast).toMatchObject({ type: 'Info', message: 'Mağazam bağlandı.' });
    expect(toast.action?.text).toBe('Git');
    await act(async () => {
      toast.action?.onClick();
    });
    expect(router.state.location.pathname).toBe('/connections');
  });

  it('raises no toast when the user already is on the updated page', () => {
    const { toasts, stop } = collectToasts();
    renderPanelAt('/connections');
    track('req-h');
    socketFor('req-h').serverSends({ message: 'Mağazam bağlandı.', is_successful: true });
    stop();
    expect(toasts).toHaveLength(0);
  });

  it('follows tasks that other features hand over through lib/background-tasks', () => {
    renderPanelAt('/connections');
    const onSuccess = vi.fn();
    let handled = false;
    act(() => {
      handled = handOver('req-e', 'connect_company', { onSuccess });
    });
    expect(handled).toBe(true);
    socketFor('req-e').serverSends({ message: 'Şirket bağlandı.', is_successful: true, data: { x: 1 } });
    expect(onSuccess).toHaveBeenCalledWith({ message: 'Şirket bağlandı.', is_successful: true, data: { x: 1 } });
  });
});

import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastContainer } from '../../../../components/ui/toast/toast-container.tsx';
import { runtimeSettings } from '../../../../lib/__tests__/runtime-settings-fixtures.ts';
import i18n from '../../../../lib/i18n.ts';
import { accessToken } from '../../../../lib/__tests__/token-fixtures.ts';
import { resetRuntimeSettings } from '../../../../lib/runtime-settings.ts';
import { getAccessToken } from '../../../../lib/token-storage.ts';
import { serve } from '../../../../test/http-test-kit.tsx';
import { GoogleSignInButton, googleButtonHeights, googleScriptUrl } from '../google-sign-in-button.tsx';
import { renderRoute } from './auth-test-kit.tsx';

const settings = runtimeSettings({ google_client_id: 'client-123.apps.googleusercontent.com' });

type Callback = (response: { credential?: string; select_by?: string }) => void;

/** A stand-in for google.accounts.id: records initialize and draws a plain button. */
function stubGoogle() {
  const stub = {
    callback: null as Callback | null,
    initialize: vi.fn((options: { client_id: string; callback: Callback }) => {
      stub.callback = options.callback;
    }),
    renderButton: vi.fn((parent: HTMLElement) => {
      const button = document.createElement('div');
      button.setAttribute('role', 'button');
      button.textContent = 'Google ile oturum açın';
      parent.appendChild(button);
    }),
  };
  window.google = { accounts: { id: stub } };
  return stub;
}

beforeAll(async () => {
  await i18n.loadNamespaces(['auth']);
});

beforeEach(() => {
  resetRuntimeSettings(settings);
});

afterEach(() => {
  delete window.google;
  document.head.querySelectorAll('script[src]').forEach((script) => script.remove());
});

describe('Google sign-in button', () => {
  it('is not there, and loads no script, without a client id', async () => {
    resetRuntimeSettings({ ...settings, google_client_id: null });
    renderRoute(
      <>
        <h1>Giriş</h1>
        <GoogleSignInButton />
      </>,
      '/',
    );
    // The page around it has rendered; the button decides in that same render and adds its script in an effect.
    await screen.findByRole('heading', { name: 'Giriş' });
    expect(screen.queryByText('veya')).not.toBeInTheDocument();
    expect(document.querySelector(`script[src="${googleScriptUrl}"]`)).toBeNull();
  });

  it('fetches Google’s script when a client id is set', async () => {
    renderRoute(<GoogleSignInButton />, '/');
    await waitFor(() => expect(document.querySelector(`script[src="${googleScriptUrl}"]`)).not.toBeNull());
  });

  it('renders Google’s button with the client id, the reserved height and the page language', async () => {
    const google = stubGoogle();
    renderRoute(<GoogleSignInButton mode="sign-up" size="medium" />, '/');
    expect(await screen.findByRole('button', { name: 'Google ile oturum açın' })).toBeInTheDocument();
    expect(google.initialize).toHaveBeenCalledWith(
      expect.objectContaining({ client_id: 'client-123.apps.googleusercontent.com', context: 'signup' }),
    );
    expect(google.renderButton).toHaveBeenCalledWith(
      expect.any(HTMLElement),
      expect.objectContaining({ size: 'medium', text: 'signup_with', theme: 'outline', locale: 'tr' }),
    );
    const host = google.renderButton.mock.calls[0]?.[0] as HTMLElement;
    expect(host.style.minHeight).toBe('32px');
    expect(googleButtonHeights).toEqual({ large: 40, medium: 32, small: 20 });
  });

  it('posts the credential and select_by, stores the session and goes to phone verification for a new account', async () => {
    const google = stubGoogle();
    const calls = serve({
      'POST /auth/google/login': {
        status: 200,
        data: { jwt_token: accessToken({ is_phone_verified: false }), refresh_token: 'r1', flow: 'sign_up' },
      },
    });
    renderRoute(<GoogleSignInButton />, '/');
    await screen.findByRole('button', { name: 'Google ile oturum açın' });
    act(() => google.callback?.({ credential: 'id-token-abc', select_by: 'btn' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/mobile-verification'));
    expect(calls).toEqual([
      { method: 'POST', url: '/auth/google/login', body: { credential: 'id-token-abc', select_by: 'btn' }, params: {} },
    ]);
    expect(getAccessToken()).not.toBeNull();
  });

  it('welcomes a new account on its way to the phone step and announces a Google sign-up; a returning one only a sign-in', async () => {
    const google = stubGoogle();
    const announced: unknown[] = [];
    const listen = (event: Event) => announced.push((event as CustomEvent).detail);
    window.addEventListener('analytics:auth', listen);
    serve({
      'POST /auth/google/login': {
        status: 200,
        data: { jwt_token: accessToken({ is_phone_verified: false }), refresh_token: 'r1', flow: 'sign_up' },
      },
    });
    render(<ToastContainer name="global" />);
    renderRoute(<GoogleSignInButton />, '/');
    await screen.findByRole('button', { name: 'Google ile oturum açın' });
    act(() => google.callback?.({ credential: 'id-token-abc', select_by: 'btn' }));
    expect(await screen.findByText(/Hoş geldiniz! Hesabınız Google ile oluşturuldu/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/mobile-verification'));
    expect(announced).toEqual([{ method: 'google', flow: 'sign_up' }]);
    window.removeEventListener('analytics:auth', listen);
  });

  it('goes to the applications for a verified account', async () => {
    const google = stubGoogle();
    serve({
      'POST /auth/google/login': {
        status: 200,
        data: { jwt_token: accessToken({ is_phone_verified: true }), refresh_token: 'r1', flow: 'sign_in' },
      },
    });
    renderRoute(<GoogleSignInButton />, '/');
    await screen.findByRole('button', { name: 'Google ile oturum açın' });
    act(() => google.callback?.({ credential: 'id-token-abc', select_by: 'user_1tap' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/worq-trade'));
  });

  it('shows the server’s notice when joining removed an old password', async () => {
    const google = stubGoogle();
    const notice = 'Google ile giriş yaptınız. Bu hesabın e-posta adresi daha önce doğrulanmadığı için eski şifresi kaldırıldı.';
    serve({
      'POST /auth/google/login': {
        status: 200,
        data: { jwt_token: accessToken({ is_phone_verified: true }), refresh_token: 'r1', flow: 'sign_in', notice },
      },
    });
    render(<ToastContainer name="global" />);
    renderRoute(<GoogleSignInButton />, '/');
    await screen.findByRole('button', { name: 'Google ile oturum açın' });
    act(() => google.callback?.({ credential: 'id-token-abc', select_by: 'btn' }));
    expect(await screen.findByText(notice)).toBeInTheDocument();
  });

  it('runs the error path without a credential: an error toast and no call', async () => {
    const google = stubGoogle();
    const calls = serve({});
    render(<ToastContainer name="global" />);
    renderRoute(<GoogleSignInButton />, '/');
    await screen.findByRole('button', { name: 'Google ile oturum açın' });
    act(() => google.callback?.({ select_by: 'btn' }));
    expect(await screen.findByText('Google ile giriş tamamlanamadı. Lütfen yeniden deneyin.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    expect(getAccessToken()).toBeNull();
  });

  it('shows the server’s refusal as an error toast', async () => {
    const google = stubGoogle();
    serve({
      'POST /auth/google/login': {
        status: 401,
        data: { errors: { code: 'invalid_google_credential', message: 'Google ile giriş doğrulanamadı. Lütfen yeniden deneyin.' } },
      },
    });
    render(<ToastContainer name="global" />);
    renderRoute(<GoogleSignInButton />, '/');
    await screen.findByRole('button', { name: 'Google ile oturum açın' });
    act(() => google.callback?.({ credential: 'bad', select_by: 'btn' }));
    expect(await screen.findByText('Google ile giriş doğrulanamadı. Lütfen yeniden deneyin.')).toBeInTheDocument();
    expect(getAccessToken()).toBeNull();
  });
});

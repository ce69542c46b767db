import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import i18n, { i18nReady } from '../../../lib/i18n.ts';
import { resetRuntimeSettings, type RuntimeSettings } from '../../../lib/runtime-settings.ts';
import { call, registerNavigate } from '../../../lib/http-client.ts';
import { serve } from '../../../test/http-test-kit.tsx';
import { Component as SignedInLayout } from '../signed-in-layout.tsx';
import type { NavbarElement } from '../use-navbar-elements.ts';

// The work context comes from the server; the layout only decides what to show from it.
const workContext = vi.hoisted(() => ({ elements: ['applications'] as NavbarElement[] }));
vi.mock('../use-navbar-elements.ts', () => ({ useNavbarElements: () => workContext.elements }));

const settings: RuntimeSettings = {
  environment: 'development',
  amplitude_api_key: null,
  amplitude_server_url: null,
  google_client_id: null,
  contact_chat_url: 'https://chat.example.test/worq',
  outbox_enabled: true,
  marketplace_sandbox: true,
};

function base64Url(value: object) {
  return btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}
const token = `${base64Url({ alg: 'HS256' })}.${base64Url({ customer_id: 'cust-42', first_name: 'Ayşe', last_name: 'Yılmaz', email: 'a@example.test', exp: Math.floor(Date.now() / 1000) + 900, is_phone_verified: true })}.sig`;

function mockViewport(mobile: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: mobile && query.includes('max-width: 768px'),
      media: query,
      onchange: null,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      addListener: vi.fn(),
      removeListener: vi.fn(),
      dispatchEvent: vi.fn(),
    })),
  );
}

function renderLayout(path = '/worq-trade') {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>Giriş ekranı</p> },
      {
        element: <SignedInLayout />,
        children: [
          { path: 'worq-trade', element: <p>Başvuru listesi</p> },
          { path: 'connections', element: <p>Bağlantı listesi</p> },
          { path: 'profile/:id/info', element: <p>Profil ekranı</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeAll(async () => {
  await i18nReady;
  await i18n.loadNamespaces(['common', 'ui']);
  await i18n.changeLanguage('tr');
});

beforeEach(() => {
  workContext.elements = ['applications'];
  resetRuntimeSettings(settings);
  mockViewport(false);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetRuntimeSettings();
});

describe('signed-in layout', () => {
  it('hides Connections unless the work context lists it', () => {
    renderLayout();
    const nav = screen.getByRole('navigation', { name: 'Ana menü' });
    expect(within(nav).getByRole('link', { name: 'Başvurular' })).toHaveAttribute('href', '/worq-trade');
    expect(within(nav).queryByRole('link', { name: 'Bağlantılar' })).not.toBeInTheDocument();
  });

  it('shows Connections when the work context lists it', () => {
    workContext.elements = ['applications', 'connections'];
    renderLayout();
    const nav = screen.getByRole('navigation', { name: 'Ana menü' });
    expect(within(nav).getByRole('link', { name: 'Bağlantılar' })).toHaveAttribute('href', '/connections');
  });

  it('shows a sidebar and no hamburger on wide screens', () => {
    renderLayout();
    expect(screen.getByTestId('sidebar')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Menüyü aç' })).not.toBeInTheDocument();
  });

  it('becomes a top bar with a hamburger opening the nav in a left drawer at 768 px or less', async () => {
    mockViewport(true);
    renderLayout();
    expect(screen.queryByTestId('sidebar')).not.toBeInTheDocument();
    expect(screen.getByTestId('top-bar')).toBeInTheDocument();
    const hamburger = screen.getByRole('button', { name: 'Menüyü aç' });
    await userEvent.click(hamburger);
    const drawer = screen.getByRole('dialog', { name: 'Menü' });
    await userEvent.click(within(drawer).getByRole('link', { name: 'Başvurular' }));
    expect(screen.queryByRole('dialog', { name: 'Menü' })).not.toBeInTheDocument();
  });

  it('falls back to innerWidth when matchMedia is unavailable', () => {
    vi.stubGlobal('matchMedia', undefined);
    const width = window.innerWidth;
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 375 });
    try {
      renderLayout();
      expect(screen.getByRole('button', { name: 'Menüyü aç' })).toBeInTheDocument();
    } finally {
      Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
    }
  });

  it('links my account to the current customer profile and signs out to /', async () => {
    localStorage.setItem('jwt_token', token);
    localStorage.setItem('refresh_token', 'refresh');
    const router = renderLayout();
    const unregister = registerNavigate((to) => void router.navigate(to));
    expect(screen.getByRole('button', { name: /Hesap menüsü$/ })).toHaveTextContent('Ayşe Yılmaz');
    await userEvent.click(screen.getByRole('button', { name: /Hesap menüsü$/ }));
    expect(screen.getByRole('menuitem', { name: 'Hesabım' })).toHaveAttribute('href', '/profile/cust-42/info');
    await userEvent.click(screen.getByRole('menuitem', { name: 'Çıkış yap' }));
    expect(localStorage.getItem('jwt_token')).toBeNull();
    expect(localStorage.getItem('refresh_token')).toBeNull();
    expect(router.state.location.pathname).toBe('/');
    expect(await screen.findByText('Giriş ekranı')).toBeInTheDocument();
    unregister();
  });

  it('opens the contact chat from the runtime settings', () => {
    renderLayout();
    expect(screen.getByRole('link', { name: /Bize ulaşın/ })).toHaveAttribute('href', 'https://chat.example.test/worq');
  });

  it('opens the privacy policy in the terms modal', async () => {
    serve({ 'GET /customer/term_filter': { status: 200, data: { term_type: 'more_info', content: '<p>Politika metni</p>' } } });
    renderLayout();
    await userEvent.click(screen.getByRole('button', { name: 'Gizlilik politikası' }));
    const dialog = await screen.findByRole('dialog', { name: 'Gizlilik politikası' });
    expect(await within(dialog).findByText('Politika metni')).toBeInTheDocument();
    await act(async () => {});
  });

  it('holds the pages behind the updated legal texts until the seller accepts them (issue 16)', async () => {
    localStorage.setItem('jwt_token', token);
    localStorage.setItem('refresh_token', 'refresh');
    const pendingTerm = {
      consent: 'disclosure',
      term_type: 'disclosure',
      version: 3,
      accepted_version: 2,
      title: 'KVKK Aydınlatma Metni',
      change_note: 'Aktarım bölümü güncellendi.',
      required: true,
    };
    let answered = false;
    const calls = serve({
      'GET /customer/get_user_info': () => ({
        status: 200,
        data: { customer_id: 'cust-42', pending_terms: answered ? [] : [pendingTerm] },
      }),
      'POST /customer/accept_terms': () => {
        answered = true;
        return { status: 200, data: { customer_id: 'cust-42', pending_terms: [] } };
      },
    });
    renderLayout();
    expect(await screen.findByRole('heading', { name: 'Yasal metinlerimizi güncelledik' })).toBeInTheDocument();
    expect(screen.queryByText('Başvuru listesi')).not.toBeInTheDocument();
    expect(screen.getByText('Aktarım bölümü güncellendi.')).toBeInTheDocument();
    expect(screen.getByText('Sürüm 2 → 3')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Kaydet ve devam et' }));
    const box = screen.getByRole('checkbox', { name: /KVKK Aydınlatma Metni: yeni sürümü okudum ve onaylıyorum/ });
    expect(box).toHaveAccessibleDescription('Devam etmek için yeni sürümü onaylamanız gerekir.');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await userEvent.click(box);
    await userEvent.click(screen.getByRole('button', { name: 'Kaydet ve devam et' }));
    expect(await screen.findByText('Başvuru listesi')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ disclosure: true });
  });

  it('brings up the updated legal texts when a write is refused with 403 terms_pending', async () => {
    localStorage.setItem('jwt_token', token);
    localStorage.setItem('refresh_token', 'refresh');
    let published = false;
    serve({
      'GET /customer/get_user_info': () => ({
        status: 200,
        data: {
          customer_id: 'cust-42',
          pending_terms: published
            ? [
                {
                  consent: 'disclosure',
                  term_type: 'disclosure',
                  version: 3,
                  accepted_version: 2,
                  title: 'KVKK Aydınlatma Metni',
                  change_note: null,
                  required: true,
                },
              ]
            : [],
        },
      }),
      'POST /customer/activate_email': () => ({ status: 403, data: { errors: { code: 'terms_pending', message: 'Onaylayın.' } } }),
    });
    const navigate = vi.fn();
    const unregister = registerNavigate(navigate);
    renderLayout();
    expect(await screen.findByText('Başvuru listesi')).toBeInTheDocument();
    // An expert publishes a new disclosure while the page is open; the next write is refused.
    published = true;
    await act(async () => {
      await call('POST /customer/activate_email', { body: {} }).catch(() => undefined);
    });
    expect(await screen.findByRole('heading', { name: 'Yasal metinlerimizi güncelledik' })).toBeInTheDocument();
    expect(screen.queryByText('Başvuru listesi')).not.toBeInTheDocument();
    expect(navigate).not.toHaveBeenCalled();
    unregister();
  });
});

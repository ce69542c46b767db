import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../../lib/i18n.ts';
import { getAccessToken, getRefreshToken, storeTokens } from '../../../lib/token-storage.ts';
import { serve } from '../../../test/http-test-kit.tsx';
import { Component as AdminLoginPage } from '../components/admin-login-page.tsx';
import { Component as AdminLayout } from '../components/admin-layout.tsx';
import { expertToken, renderAt, sellerToken } from './admin-test-kit.tsx';

beforeAll(async () => {
  await i18n.changeLanguage('tr');
  await i18n.loadNamespaces(['admin', 'auth']);
});

async function signIn(email: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('E-posta'), email);
  await user.type(screen.getByLabelText('Şifre'), 'Parola123');
  await user.click(screen.getByRole('button', { name: 'Giriş yap' }));
}

describe('expert sign-in', () => {
  it('refuses a seller account, keeps no tokens and revokes the pair it was given', async () => {
    const calls = serve({
      'POST /auth/login': { status: 200, data: { jwt_token: sellerToken(), refresh_token: 'seller-refresh' } },
      'POST /auth/logout': { status: 204 },
    });
    renderAt(<AdminLoginPage />, '/admin/login', '/admin/login');
    await signIn('ayse@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent('Bu hesap bir uzman hesabı değil.');
    expect(getAccessToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
    await waitFor(() => expect(calls.some((call) => call.url === '/auth/logout')).toBe(true));
    expect(calls.find((call) => call.url === '/auth/logout')?.body).toEqual({ refresh_token: 'seller-refresh' });
    expect(screen.queryByTestId('where')).toBeNull();
  });

  it('keeps an expert signed in and opens the review queue', async () => {
    const token = expertToken();
    serve({ 'POST /auth/login': { status: 200, data: { jwt_token: token, refresh_token: 'expert-refresh' } } });
    renderAt(<AdminLoginPage />, '/admin/login', '/admin/login');
    await signIn('uzman@worq.local');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/admin'));
    expect(getAccessToken()).toBe(token);
  });

  it('shows the server refusal of wrong credentials on the form', async () => {
    serve({
      'POST /auth/login': { status: 401, data: { errors: { code: 'invalid_credentials', message: 'E-posta veya şifre hatalı.' } } },
    });
    renderAt(<AdminLoginPage />, '/admin/login', '/admin/login');
    await signIn('uzman@worq.local');
    expect(await screen.findByRole('alert')).toHaveTextContent('E-posta veya şifre hatalı.');
  });
});

describe('back-office guard', () => {
  it('sends an anonymous visitor to /admin/login', () => {
    serve({});
    renderAt(<AdminLayout />, '/admin', '/admin');
    expect(screen.getByTestId('where')).toHaveTextContent('/admin/login');
  });

  it('sends a seller to /worq-trade with a forbidden toast', async () => {
    storeTokens({ jwt_token: sellerToken(), refresh_token: 'r' }, true);
    serve({});
    renderAt(<AdminLayout />, '/admin', '/admin');
    expect(screen.getByTestId('where')).toHaveTextContent('/worq-trade');
    expect(await screen.findByText('Uzman paneline yalnızca uzman hesaplarıyla girilebilir.')).toBeInTheDocument();
  });

  it('shows an expert the console with their name, and signing out returns to /admin/login', async () => {
    storeTokens({ jwt_token: expertToken(), refresh_token: 'r' }, true);
    const calls = serve({ 'POST /auth/logout': { status: 204 } });
    renderAt(<AdminLayout />, '/admin', '/admin');
    expect(screen.getByText('WorqTrade Uzman Paneli')).toBeInTheDocument();
    expect(screen.getByText('Deniz Uzman')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Başvurular' })).toHaveAttribute('aria-current', 'page');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Çıkış yap' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/admin/login');
    expect(getAccessToken()).toBeNull();
    await waitFor(() => expect(calls.map((call) => call.url)).toContain('/auth/logout'));
  });
});

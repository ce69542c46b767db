import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n, { changeLanguage } from '../../../../lib/i18n.ts';
import { getAccessToken } from '../../../../lib/token-storage.ts';
import { accessToken } from '../../../../lib/__tests__/token-fixtures.ts';
import { serve } from '../../../../test/http-test-kit.tsx';
import { Component as LoginPage } from '../login-page.tsx';
import { renderRoute } from './auth-test-kit.tsx';

const terms = {
  status: 200,
  data: [
    {
      term_type: 'disclosure',
      title: 'Aydınlatma Metni',
      content: '<p>Verileriniz korunur.</p><script>window.hacked = true</script><img src=x onerror="window.hacked=true">',
      version: 3,
    },
    { term_type: 'consent', title: 'Açık Rıza Metni', content: '<p>Rıza</p>', version: 1 },
    { term_type: 'electronic_message', title: 'Ticari Elektronik İleti', content: '<p>İleti</p>', version: 1 },
  ],
};

beforeAll(async () => {
  await i18n.loadNamespaces(['auth']);
});
afterEach(async () => {
  await changeLanguage('tr');
});

/** The sign-up form is its own chunk: it appears once loaded. */
async function signUpFormShown() {
  return screen.findByRole('form');
}

async function openSignUp() {
  serve({ 'GET /customer/get_active_terms': terms });
  renderRoute(<LoginPage />, '/?tab=sign-up', '/');
  await signUpFormShown();
}

describe('sign-up form', () => {
  it('shows the specification’s empty-field messages in Turkish', async () => {
    const user = userEvent.setup();
    await openSignUp();
    await user.click(screen.getByRole('button', { name: 'Kayıt ol' }));
    expect(await screen.findByText('Ad boş bırakılamaz.')).toBeInTheDocument();
    expect(screen.getByText('Soyad boş bırakılamaz.')).toBeInTheDocument();
    expect(screen.getByText('E-posta boş bırakılamaz.')).toBeInTheDocument();
    expect(screen.getByText('Telefon numarası boş bırakılamaz.')).toBeInTheDocument();
    expect(screen.getByText('Şifre boş bırakılamaz.')).toBeInTheDocument();
    expect(screen.getByText("Devam etmek için Aydınlatma Metni'ni onaylamanız gerekir.")).toBeInTheDocument();
  });

  it('shows the specification’s messages in English', async () => {
    await changeLanguage('en');
    const user = userEvent.setup();
    await openSignUp();
    await user.type(screen.getByLabelText('First name'), 'Ali!');
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Mobile phone'), '12345');
    await user.type(screen.getByLabelText('Password'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('First name should not contain special characters.')).toBeInTheDocument();
    expect(screen.getByText('Last name cannot be empty.')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid email.')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid phone number.')).toBeInTheDocument();
    expect(screen.getByText('Please enter a password with at least 8 characters.')).toBeInTheDocument();
  });

  it('gives a name with digits the format message, not the special-characters one (§5)', async () => {
    await changeLanguage('en');
    const user = userEvent.setup();
    await openSignUp();
    await user.type(screen.getByLabelText('First name'), 'Ali3');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('First name is not in a valid format.')).toBeInTheDocument();
    expect(screen.queryByText('First name should not contain special characters.')).not.toBeInTheDocument();
  });

  it('applies the password rule and shows it live', async () => {
    const user = userEvent.setup();
    await openSignUp();
    const password = screen.getByLabelText('Şifre');
    await user.type(password, 'abcdefgh');
    const rule = screen.getByText('Şifreniz şunları içermelidir:').parentElement!;
    const item = (text: string) => within(rule).getByText(text).closest('li')!;
    expect(item('En az 8 karakter')).toHaveAttribute('data-met', 'true');
    expect(item('Bir küçük harf')).toHaveAttribute('data-met', 'true');
    expect(item('Bir büyük harf')).toHaveAttribute('data-met', 'false');
    expect(item('Bir rakam')).toHaveAttribute('data-met', 'false');
    await user.click(screen.getByRole('button', { name: 'Kayıt ol' }));
    expect(await screen.findByText('Şifre en az 8 karakter olmalı; küçük harf, büyük harf ve rakam içermelidir.')).toBeInTheDocument();
    await user.type(password, 'A1');
    expect(item('Bir büyük harf')).toHaveAttribute('data-met', 'true');
    expect(item('Bir rakam')).toHaveAttribute('data-met', 'true');
  });

  it('refuses two different passwords', async () => {
    const user = userEvent.setup();
    await openSignUp();
    await user.type(screen.getByLabelText('Şifre'), 'Guclu123');
    await user.type(screen.getByLabelText('Şifre (tekrar)'), 'Guclu124');
    await user.click(screen.getByRole('button', { name: 'Kayıt ol' }));
    expect(await screen.findByText('Şifreler eşleşmiyor.')).toBeInTheDocument();
  });

  it('opens a consent’s text in a modal, sanitized', async () => {
    const user = userEvent.setup();
    await openSignUp();
    await user.click(screen.getByRole('button', { name: 'Aydınlatma Metni' }));
    const dialog = await screen.findByRole('dialog', { name: 'Aydınlatma Metni' });
    expect(await within(dialog).findByText('Verileriniz korunur.')).toBeInTheDocument();
    expect(dialog.querySelector('script')).toBeNull();
    expect(dialog.querySelector('img')?.getAttribute('onerror') ?? null).toBeNull();
    expect(screen.getByRole('checkbox', { name: /Aydınlatma Metni/ })).not.toBeChecked();
  });

  it('registers with a normalized body, stores the tokens and goes to phone verification', async () => {
    const user = userEvent.setup();
    const token = accessToken({ is_phone_verified: false });
    const calls = serve({
      'GET /customer/get_active_terms': terms,
      'POST /auth/register_customer': { status: 201, data: { jwt_token: token, refresh_token: 'r1' } },
    });
    renderRoute(<LoginPage />, '/?tab=sign-up&utm_source=news', '/');
    await signUpFormShown();
    await user.type(screen.getByLabelText('Ad'), 'Ayşe  Nur');
    await user.type(screen.getByLabelText('Soyad'), 'Yılmaz');
    await user.type(screen.getByLabelText('E-posta'), ' Ayse@Example.com ');
    await user.type(screen.getByLabelText('Cep telefonu'), '(532) 123 45 67');
    await user.type(screen.getByLabelText('Şifre'), 'Guclu123');
    await user.type(screen.getByLabelText('Şifre (tekrar)'), 'Guclu123');
    await user.click(screen.getByRole('checkbox', { name: /Aydınlatma Metni/ }));
    await user.click(screen.getByRole('button', { name: 'Kayıt ol' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/mobile-verification'));
    expect(calls.find((c) => c.url === '/auth/register_customer')?.body).toEqual({
      first_name: 'Ayşe Nur',
      last_name: 'Yılmaz',
      email: 'ayse@example.com',
      password: 'Guclu123',
      phone_number: '5321234567',
      consents: { disclosure: true, explicit_consent: false, commercial_electronic_message: false },
      utm: { utm_source: 'news' },
    });
    expect(getAccessToken()).toBe(token);
  });

  it('shows the server’s field errors on the fields', async () => {
    const user = userEvent.setup();
    serve({
      'GET /customer/get_active_terms': terms,
      'POST /auth/register_customer': {
        status: 409,
        data: { errors: { code: 'email_taken', message: 'Bu e-posta kayıtlı.', fields: { email: 'Bu e-posta zaten kullanılıyor.' } } },
      },
    });
    renderRoute(<LoginPage />, '/?tab=sign-up', '/');
    await signUpFormShown();
    await user.type(screen.getByLabelText('Ad'), 'Ayşe');
    await user.type(screen.getByLabelText('Soyad'), 'Yılmaz');
    await user.type(screen.getByLabelText('E-posta'), 'ayse@example.com');
    await user.type(screen.getByLabelText('Cep telefonu'), '5321234567');
    await user.type(screen.getByLabelText('Şifre'), 'Guclu123');
    await user.type(screen.getByLabelText('Şifre (tekrar)'), 'Guclu123');
    await user.click(screen.getByRole('checkbox', { name: /Aydınlatma Metni/ }));
    await user.click(screen.getByRole('button', { name: 'Kayıt ol' }));
    expect(await screen.findByText('Bu e-posta zaten kullanılıyor.')).toBeInTheDocument();
    expect(screen.getByLabelText('E-posta')).toHaveAttribute('aria-invalid', 'true');
  });

  it('loads the sign-up form when its tab is chosen and keeps the other query keys', async () => {
    const user = userEvent.setup();
    serve({ 'GET /customer/get_active_terms': terms });
    const router = renderRoute(<LoginPage />, '/?utm_source=news', '/');
    expect(await screen.findByRole('form', { name: 'Tekrar hoş geldiniz' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Kayıt ol' }));
    expect(await screen.findByRole('form', { name: 'Hesabınızı oluşturun' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Kayıt ol' })).toHaveAttribute('aria-selected', 'true');
    expect(router.state.location.search).toBe('?utm_source=news&tab=sign-up');
  });

  it('asks for the legal texts only when one is opened', async () => {
    const user = userEvent.setup();
    const calls = serve({ 'GET /customer/get_active_terms': terms });
    renderRoute(<LoginPage />, '/?tab=sign-up', '/');
    await signUpFormShown();
    expect(calls.filter((call) => call.url === '/customer/get_active_terms')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Açık Rıza Metni' }));
    const dialog = await screen.findByRole('dialog', { name: 'Açık Rıza Metni' });
    expect(await within(dialog).findByText('Rıza')).toBeInTheDocument();
    expect(calls.filter((call) => call.url === '/customer/get_active_terms')).toHaveLength(1);
  });
});

describe('leaving the sign-up form', () => {
  it('asks before another page opens while something is typed, and stays on "Sayfada kal"', async () => {
    const user = userEvent.setup();
    serve({ 'GET /customer/get_active_terms': terms });
    const router = renderRoute(<LoginPage />, '/?tab=sign-up', '/');
    await signUpFormShown();
    await user.type(screen.getByLabelText('Ad'), 'Deniz');
    void router.navigate('/forgot-password');
    const ask = await screen.findByRole('dialog', { name: 'Sayfadan ayrılmak istiyor musunuz?' });
    await user.click(within(ask).getByRole('button', { name: 'Sayfada kal' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByLabelText('Ad')).toHaveValue('Deniz');
  });

  it('lets another page open at once while the form is empty', async () => {
    serve({ 'GET /customer/get_active_terms': terms });
    const router = renderRoute(<LoginPage />, '/?tab=sign-up', '/');
    await signUpFormShown();
    void router.navigate('/forgot-password');
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'));
  });
});

import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../../../lib/i18n.ts';
import { getAccessToken, storeTokens } from '../../../../lib/token-storage.ts';
import { accessToken } from '../../../../lib/__tests__/token-fixtures.ts';
import { serve } from '../../../../test/http-test-kit.tsx';
import { Component as ForgotPasswordPage } from '../forgot-password-page.tsx';
import { Component as LoginPage } from '../login-page.tsx';
import { Component as MobileVerificationPage } from '../mobile-verification-page.tsx';
import { renderRoute } from './auth-test-kit.tsx';

beforeAll(async () => {
  await i18n.loadNamespaces(['auth', 'feedback']);
});

describe('sign-in', () => {
  it('keeps the tokens for this tab only when remember me is off, then goes on', async () => {
    const user = userEvent.setup();
    const token = accessToken({ is_phone_verified: true });
    serve({ 'POST /auth/login': { status: 200, data: { jwt_token: token, refresh_token: 'r1' } } });
    renderRoute(<LoginPage />, '/');
    await user.type(screen.getByLabelText('E-posta'), 'ayse@example.com');
    await user.type(screen.getByLabelText('Şifre'), 'Guclu123');
    await user.click(screen.getByRole('checkbox', { name: 'Beni hatırla' }));
    await user.click(screen.getByRole('button', { name: 'Giriş yap' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/worq-trade'));
    expect(sessionStorage.getItem('jwt_token')).toBe(token);
    expect(localStorage.getItem('jwt_token')).toBeNull();
  });

  it('shows a refused sign-in on the form', async () => {
    const user = userEvent.setup();
    serve({
      'POST /auth/login': { status: 401, data: { errors: { code: 'invalid_credentials', message: 'E-posta veya şifre hatalı.' } } },
    });
    renderRoute(<LoginPage />, '/');
    await user.type(screen.getByLabelText('E-posta'), 'ayse@example.com');
    await user.type(screen.getByLabelText('Şifre'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Giriş yap' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('E-posta veya şifre hatalı.');
    expect(getAccessToken()).toBeNull();
  });

  it('says what is wrong with each field before asking the server, and re-checks as the user types', async () => {
    const user = userEvent.setup();
    const calls = serve({});
    renderRoute(<LoginPage />, '/');
    await user.click(screen.getByRole('button', { name: 'Giriş yap' }));
    const email = screen.getByLabelText('E-posta');
    expect(email).toHaveAccessibleDescription('E-posta boş bırakılamaz.');
    expect(screen.getByLabelText('Şifre')).toHaveAccessibleDescription('Şifre boş bırakılamaz.');
    expect(email).toHaveFocus();
    await user.type(email, 'ayse@');
    expect(email).toHaveAccessibleDescription('Geçerli bir e-posta girin.');
    await user.type(email, 'example.com');
    expect(email).not.toHaveAccessibleDescription();
    expect(email).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Şifre')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
  });

  it('gives the validation messages in English too', async () => {
    await i18n.changeLanguage('en');
    try {
      const user = userEvent.setup();
      serve({});
      renderRoute(<LoginPage />, '/');
      await user.type(screen.getByLabelText('Email'), 'not-an-address');
      await user.click(screen.getByRole('button', { name: 'Sign in' }));
      expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Enter a valid email.');
      expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Password cannot be empty.');
    } finally {
      await i18n.changeLanguage('tr');
    }
  });

  it("shows the server's field errors on their fields and sends the address normalised", async () => {
    const user = userEvent.setup();
    const calls = serve({
      'POST /auth/login': {
        status: 400,
        data: { errors: { code: 'validation_failed', message: 'invalid', fields: { password: 'Şifre çok uzun.' } } },
      },
    });
    renderRoute(<LoginPage />, '/');
    await user.type(screen.getByLabelText('E-posta'), '  Ayse@Example.com ');
    await user.type(screen.getByLabelText('Şifre'), 'Guclu123');
    await user.click(screen.getByRole('button', { name: 'Giriş yap' }));
    await waitFor(() => expect(screen.getByLabelText('Şifre')).toHaveAccessibleDescription('Şifre çok uzun.'));
    expect(screen.getByLabelText('Şifre')).toHaveFocus();
    expect(calls[0]?.body).toEqual({ email: 'ayse@example.com', password: 'Guclu123' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('marks the button busy while the server answers', async () => {
    const user = userEvent.setup();
    let answer: (value: { status: number; data: unknown }) => void = () => undefined;
    // The server holds its answer until the test releases it.
    vi.stubGlobal(
      'fetch',
      () =>
        new Promise<Response>((resolve) => {
          answer = ({ status, data }) =>
            resolve(new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } }));
        }),
    );
    renderRoute(<LoginPage />, '/');
    await user.type(screen.getByLabelText('E-posta'), 'ayse@example.com');
    await user.type(screen.getByLabelText('Şifre'), 'Guclu123');
    await user.click(screen.getByRole('button', { name: /Giriş yap/ }));
    expect(await screen.findByRole('button', { name: /Giriş yapılıyor/ })).toHaveAttribute('aria-busy', 'true');
    answer({ status: 200, data: { jwt_token: accessToken({ is_phone_verified: false }), refresh_token: 'r1' } });
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/mobile-verification'));
  });
});

describe('forgot password', () => {
  it('shows the same confirmation whatever the address', async () => {
    const user = userEvent.setup();
    const calls = serve({ 'POST /auth/forgot_password': { status: 200, data: { message: 'ok' } } });
    renderRoute(<ForgotPasswordPage />, '/forgot-password');
    await user.type(screen.getByLabelText('E-posta'), 'Nobody@Example.com');
    await user.click(screen.getByRole('button', { name: 'Bağlantı gönder' }));
    expect(await screen.findByRole('status')).toHaveTextContent('E-postanızı kontrol edin');
    expect(calls[0]?.body).toEqual({ email: 'nobody@example.com' });
  });
});

describe('mobile verification', () => {
  beforeEach(() => {
    storeTokens({ jwt_token: accessToken({ is_phone_verified: false }), refresh_token: 'r1' }, true);
  });

  it('shows the masked phone and verifies a pasted code', async () => {
    const verified = accessToken({ is_phone_verified: true });
    const calls = serve({
      'POST /auth/otp/send': { status: 200, data: { masked_phone: '+90 *** *** 4567', expires_in_seconds: 180, resend_in_seconds: 60 } },
      'POST /auth/otp/verify': (body) =>
        (body as { code: string }).code === '123456'
          ? { status: 200, data: { jwt_token: verified, refresh_token: 'r2' } }
          : { status: 400, data: { errors: { code: 'invalid_code', message: 'no' } } },
    });
    renderRoute(<MobileVerificationPage />, '/mobile-verification');
    expect(await screen.findByText('+90 *** *** 4567')).toBeInTheDocument();
    expect(screen.getByText(/Yeni kod isteyebilmek için (1:0\d|0:5\d) bekleyin/)).toBeInTheDocument();
    fireEvent.paste(screen.getByLabelText('6 haneden 1. hane'), { clipboardData: { getData: () => '123456' } });
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/worq-trade'));
    expect(calls.filter((c) => c.url === '/auth/otp/send')).toHaveLength(1);
    expect(getAccessToken()).toBe(verified);
  });

  it.each([
    ['/mobile-verification?next=%2Fworq-trade%2Fplan%3Fuse_suggestion%3D1', '/worq-trade/plan?use_suggestion=1'],
    ['/mobile-verification?next=%2F%2Fevil.example%2Fx', '/worq-trade'],
    ['/mobile-verification?next=https%3A%2F%2Fevil.example', '/worq-trade'],
    ['/mobile-verification?next=%2F%5Cevil.example', '/worq-trade'],
  ])('after verifying from %s lands on %s (the deep link kept, never another site)', async (start, landing) => {
    serve({
      'POST /auth/otp/send': { status: 200, data: { masked_phone: '+90 *** *** 4567', expires_in_seconds: 180, resend_in_seconds: 60 } },
      'POST /auth/otp/verify': { status: 200, data: { jwt_token: accessToken({ is_phone_verified: true }), refresh_token: 'r2' } },
    });
    const router = renderRoute(<MobileVerificationPage />, start, '/mobile-verification', ['/worq-trade/plan']);
    expect(await screen.findByText('+90 *** *** 4567')).toBeInTheDocument();
    fireEvent.paste(screen.getByLabelText('6 haneden 1. hane'), { clipboardData: { getData: () => '123456' } });
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe(landing));
  });

  it('says when the code is wrong and when it has expired', async () => {
    let answer = { status: 400, data: { errors: { code: 'invalid_code', message: 'no' } } };
    serve({
      'POST /auth/otp/send': { status: 200, data: { masked_phone: '+90 *** *** 4567', expires_in_seconds: 180, resend_in_seconds: 60 } },
      'POST /auth/otp/verify': () => answer,
    });
    renderRoute(<MobileVerificationPage />, '/mobile-verification');
    await screen.findByText('+90 *** *** 4567');
    fireEvent.paste(screen.getByLabelText('6 haneden 1. hane'), { clipboardData: { getData: () => '000000' } });
    expect(await screen.findByText('Kod hatalı. Lütfen kontrol edip tekrar deneyin.')).toBeInTheDocument();
    answer = { status: 410, data: { errors: { code: 'code_expired', message: 'expired' } } };
    fireEvent.paste(screen.getByLabelText('6 haneden 1. hane'), { clipboardData: { getData: () => '111111' } });
    expect(await screen.findByText('Kodun süresi doldu. Lütfen yeni kod isteyin.')).toBeInTheDocument();
  });

  it('offers a resend once the countdown is over', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const calls = serve({
        'POST /auth/otp/send': { status: 200, data: { masked_phone: '+90 *** *** 4567', expires_in_seconds: 180, resend_in_seconds: 3 } },
      });
      renderRoute(<MobileVerificationPage />, '/mobile-verification');
      await screen.findByText('+90 *** *** 4567');
      expect(screen.queryByRole('button', { name: 'Kodu tekrar gönder' })).not.toBeInTheDocument();
      await vi.advanceTimersByTimeAsync(4000);
      fireEvent.click(await screen.findByRole('button', { name: 'Kodu tekrar gönder' }));
      await waitFor(() => expect(calls.filter((c) => c.url === '/auth/otp/send')).toHaveLength(2));
    } finally {
      vi.useRealTimers();
    }
  });

  it('waits out the countdown the server reports when a code was just sent', async () => {
    serve({
      'POST /auth/otp/send': { status: 429, data: { errors: { code: 'too_many_requests', message: 'wait', resend_in_seconds: 42 } } },
      'GET /customer/get_customer_phone_number': { status: 200, data: { phone_number: '5321234567', masked_phone: '+90 *** *** 4567' } },
    });
    renderRoute(<MobileVerificationPage />, '/mobile-verification');
    expect(await screen.findByText(/0:4[12] bekleyin/)).toBeInTheDocument();
    expect(await screen.findByText('+90 *** *** 4567')).toBeInTheDocument();
  });

  it('asks an account without a phone number (a Google sign-up) for one, saves it and then sends the code', async () => {
    let phoneSaved = false;
    const calls = serve({
      'POST /auth/otp/send': () =>
        phoneSaved
          ? { status: 200, data: { masked_phone: '+90 *** *** 4567', expires_in_seconds: 180, resend_in_seconds: 60 } }
          : { status: 400, data: { errors: { code: 'phone_number_required', message: 'phone first', fields: { phone_number: 'x' } } } },
      'GET /customer/get_customer_phone_number': { status: 404, data: { errors: { code: 'not_found', message: 'none' } } },
      'POST /customer/update_user_info': () => {
        phoneSaved = true;
        return { status: 200, data: {} };
      },
    });
    renderRoute(<MobileVerificationPage />, '/mobile-verification');
    expect(await screen.findByRole('heading', { name: 'Telefon numaranızı ekleyin' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Cep telefonu/), '0532 123 45 67');
    await userEvent.click(screen.getByRole('button', { name: 'Kodu gönder' }));
    // The disclosure Google could not give is required here.
    expect(await screen.findByText("Devam etmek için Aydınlatma Metni'ni onaylamanız gerekir.")).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/customer/update_user_info')).toBe(false);
    const [disclosure] = screen.getAllByRole('checkbox');
    await userEvent.click(disclosure!);
    await userEvent.click(screen.getByRole('button', { name: 'Kodu gönder' }));
    expect(await screen.findByText('+90 *** *** 4567')).toBeInTheDocument();
    const saved = calls.find((c) => c.url === '/customer/update_user_info');
    expect(saved?.body).toMatchObject({
      phone_number: '5321234567',
      consents: { disclosure: true, explicit_consent: false, commercial_electronic_message: false },
    });
    expect(calls.filter((c) => c.url === '/auth/otp/send')).toHaveLength(2);
  });

  it('warns before leaving the phone step of a Google sign-up with a number typed in', async () => {
    serve({
      'POST /auth/otp/send': { status: 400, data: { errors: { code: 'phone_number_required', message: 'phone first' } } },
      'GET /customer/get_customer_phone_number': { status: 404, data: { errors: { code: 'not_found', message: 'none' } } },
    });
    const router = renderRoute(<MobileVerificationPage />, '/mobile-verification');
    await userEvent.type(await screen.findByLabelText(/Cep telefonu/), '0532 123 45 67');
    void router.navigate('/worq-trade');
    const dialog = await screen.findByRole('dialog', { name: 'Sayfadan ayrılmak istiyor musunuz?' });
    expect(dialog).toHaveTextContent('Girdiğiniz bilgiler kaydedilmedi ve ayrılırsanız kaybolacak.');
    await userEvent.click(screen.getByRole('button', { name: 'Sayfada kal' }));
    expect(router.state.location.pathname).toBe('/mobile-verification');
    expect(screen.getByLabelText(/Cep telefonu/)).toHaveValue('0532 123 45 67');
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../../../lib/i18n.ts';
import { storeTokens } from '../../../../lib/token-storage.ts';
import { accessToken } from '../../../../lib/__tests__/token-fixtures.ts';
import { renderRoutes, serve, Where } from '../../../../test/http-test-kit.tsx';
import { Component as ChangePasswordPage } from '../profile-change-password-page.tsx';
import { Component as InfoPage } from '../profile-info-page.tsx';

const ownId = '11111111-1111-4111-8111-111111111111';
const user = {
  customer_id: ownId,
  first_name: 'Ayşe',
  last_name: 'Yılmaz',
  email: 'ayse@example.com',
  phone_number: '5321234567',
  is_phone_verified: true,
  is_email_verified: false,
  consents: {},
  created_at: '2025-01-01T00:00:00Z',
};

function renderAt(path: string) {
  return renderRoutes(
    [
      { path: '/profile/:id/info', element: <InfoPage /> },
      { path: '/profile/:id/change-password', element: <ChangePasswordPage /> },
      { path: '*', element: <Where /> },
    ],
    path,
  ).router;
}

beforeAll(async () => {
  await i18n.loadNamespaces(['auth', 'profile']);
});
beforeEach(() => {
  storeTokens({ jwt_token: accessToken(), refresh_token: 'r1' }, true);
});

describe('profile', () => {
  it("sends another customer's id to the user's own profile", async () => {
    serve({ 'GET /customer/get_user_info': { status: 200, data: user } });
    const router = renderAt('/profile/someone-else/info');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/profile/${ownId}/info`));
    expect(await screen.findByDisplayValue('Ayşe')).toBeInTheDocument();
  });

  it('shows the phone with the +90 prefix and saves changed names', async () => {
    const actor = userEvent.setup();
    const calls = serve({
      'GET /customer/get_user_info': { status: 200, data: user },
      'POST /customer/update_user_info': (body) => ({ status: 200, data: { ...user, ...(body as object) } }),
      'POST /auth/token/refresh': { status: 200, data: { jwt_token: accessToken({ first_name: 'Ayşegül' }), refresh_token: 'r2' } },
    });
    renderAt(`/profile/${ownId}/info`);
    expect(await screen.findByDisplayValue('532 123 4567')).toBeInTheDocument();
    expect(screen.getByText('+90')).toBeInTheDocument();
    const firstName = screen.getByLabelText('Ad');
    await actor.clear(firstName);
    await actor.type(firstName, 'Ayşegül');
    await actor.click(screen.getByRole('button', { name: 'Değişiklikleri kaydet' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/customer/update_user_info')).toBe(true));
    expect(calls.find((c) => c.url === '/customer/update_user_info')?.body).toEqual({
      first_name: 'Ayşegül',
      last_name: 'Yılmaz',
      phone_number: '5321234567',
    });
  });

  it('titles the saved-profile toast "Update successful" (§8)', async () => {
    const actor = userEvent.setup();
    const raised: unknown[] = [];
    const listen = (event: Event) => raised.push((event as CustomEvent<{ toast: unknown }>).detail.toast);
    window.addEventListener('toast:add', listen);
    serve({
      'GET /customer/get_user_info': { status: 200, data: user },
      'POST /customer/update_user_info': (body) => ({ status: 200, data: { ...user, ...(body as object) } }),
      'POST /auth/token/refresh': { status: 200, data: { jwt_token: accessToken({ last_name: 'Kaya' }), refresh_token: 'r2' } },
    });
    renderAt(`/profile/${ownId}/info`);
    const lastName = await screen.findByLabelText('Soyad');
    await actor.clear(lastName);
    await actor.type(lastName, 'Kaya');
    await actor.click(screen.getByRole('button', { name: 'Değişiklikleri kaydet' }));
    await waitFor(() => expect(raised).toContainEqual(expect.objectContaining({ type: 'Success', titleKey: 'update_successful' })));
    window.removeEventListener('toast:add', listen);
  });

  it('asks for the current password only when the phone number is replaced, and sends it', async () => {
    const actor = userEvent.setup();
    const calls = serve({
      'GET /customer/get_user_info': { status: 200, data: user },
      'POST /customer/update_user_info': (body) => ({ status: 200, data: { ...user, ...(body as object), is_phone_verified: false } }),
      'POST /auth/token/refresh': { status: 200, data: { jwt_token: accessToken(), refresh_token: 'r2' } },
    });
    renderAt(`/profile/${ownId}/info`);
    const phone = await screen.findByDisplayValue('532 123 4567');
    expect(screen.queryByLabelText('Mevcut şifre')).not.toBeInTheDocument();
    await actor.clear(phone);
    await actor.type(phone, '5339876543');
    await actor.type(await screen.findByLabelText('Mevcut şifre'), 'Secret12');
    await actor.click(screen.getByRole('button', { name: 'Değişiklikleri kaydet' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/customer/update_user_info')).toBe(true));
    expect(calls.find((c) => c.url === '/customer/update_user_info')?.body).toMatchObject({
      phone_number: '5339876543',
      password: 'Secret12',
    });
  });

  it('sends the current password with an e-mail change and marks a wrong one on its field', async () => {
    const actor = userEvent.setup();
    const calls = serve({
      'GET /customer/get_user_info': { status: 200, data: user },
      'POST /auth/email_change_request': {
        status: 400,
        data: { errors: { code: 'wrong_password', message: 'Mevcut şifreniz hatalı.', fields: { password: 'Mevcut şifreniz hatalı.' } } },
      },
    });
    renderAt(`/profile/${ownId}/info`);
    await actor.click(await screen.findByRole('button', { name: 'E-postayı değiştir' }));
    const dialog = await screen.findByRole('dialog', { name: 'E-posta adresinizi değiştirin' });
    await actor.type(within(dialog).getByLabelText('Yeni e-posta'), 'yeni@example.com');
    await actor.type(within(dialog).getByLabelText('Mevcut şifre'), 'Wrong1234');
    await actor.click(within(dialog).getByRole('button', { name: 'Kod gönder' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Mevcut şifre')).toHaveAttribute('aria-invalid', 'true'));
    expect(calls.find((c) => c.url === '/auth/email_change_request')?.body).toEqual({
      new_email: 'yeni@example.com',
      password: 'Wrong1234',
    });
  });

  it('asks before the e-mail window closes with a typed address, and closes at once when empty', async () => {
    const actor = userEvent.setup();
    await i18n.loadNamespaces(['feedback']);
    serve({ 'GET /customer/get_user_info': { status: 200, data: user } });
    renderAt(`/profile/${ownId}/info`);
    await actor.click(await screen.findByRole('button', { name: 'E-postayı değiştir' }));
    let dialog = await screen.findByRole('dialog', { name: 'E-posta adresinizi değiştirin' });
    await actor.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await actor.click(screen.getByRole('button', { name: 'E-postayı değiştir' }));
    dialog = await screen.findByRole('dialog', { name: 'E-posta adresinizi değiştirin' });
    await actor.type(within(dialog).getByLabelText('Yeni e-posta'), 'yeni@example.com');
    await actor.keyboard('{Escape}');
    const ask = await screen.findByRole('dialog', { name: 'Girdiğiniz bilgiler silinsin mi?' });
    await actor.click(within(ask).getByRole('button', { name: 'Düzenlemeye devam et' }));
    expect(within(dialog).getByLabelText('Yeni e-posta')).toHaveValue('yeni@example.com');
    await actor.click(within(dialog).getByRole('button', { name: 'Vazgeç' }));
    await actor.click(
      within(await screen.findByRole('dialog', { name: 'Girdiğiniz bilgiler silinsin mi?' })).getByRole('button', { name: 'Evet, kapat' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('tells the user to start the e-mail change again when the code has expired', async () => {
    const actor = userEvent.setup();
    serve({
      'GET /customer/get_user_info': { status: 200, data: user },
      'POST /auth/email_change_request': { status: 200, data: { expires_in_seconds: 600 } },
      'POST /auth/email_change_verify': { status: 410, data: { errors: { code: 'code_expired', message: 'expired' } } },
    });
    renderAt(`/profile/${ownId}/info`);
    await actor.click(await screen.findByRole('button', { name: 'E-postayı değiştir' }));
    const dialog = await screen.findByRole('dialog', { name: 'E-posta adresinizi değiştirin' });
    await actor.type(within(dialog).getByLabelText('Yeni e-posta'), 'yeni@example.com');
    await actor.click(within(dialog).getByRole('button', { name: 'Kod gönder' }));
    const firstBox = await screen.findByLabelText('6 haneden 1. hane');
    await actor.click(firstBox);
    await actor.paste('123456');
    expect(await screen.findByText('Kodun süresi doldu. Lütfen işlemi baştan başlatın.')).toBeInTheDocument();
    expect(screen.getByLabelText('Yeni e-posta')).toBeInTheDocument();
  });

  it('marks a wrong current password on the field', async () => {
    const actor = userEvent.setup();
    serve({
      'POST /auth/change_password': { status: 400, data: { errors: { code: 'wrong_password', message: 'wrong' } } },
    });
    renderAt(`/profile/${ownId}/change-password`);
    await actor.type(screen.getByLabelText('Mevcut şifre'), 'Eski1234');
    await actor.type(screen.getByLabelText('Yeni şifre'), 'Yeni12345');
    await actor.type(screen.getByLabelText('Yeni şifre (tekrar)'), 'Yeni12345');
    await actor.click(screen.getByRole('button', { name: 'Şifreyi güncelle' }));
    expect(await screen.findByText('Mevcut şifreniz hatalı.')).toBeInTheDocument();
    expect(screen.getByLabelText('Mevcut şifre')).toHaveAttribute('aria-invalid', 'true');
  });
});

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../../../lib/i18n.ts';
import { refusal, renderRoutes, serve, Where } from '../../../../test/http-test-kit.tsx';
import { Component as SupportPage } from '../support-page.tsx';

beforeAll(async () => {
  await i18n.loadNamespaces(['support', 'ui', 'feedback', 'auth']);
});

function renderSupport(path = '/support') {
  return renderRoutes(
    [
      { path: '/support', element: <SupportPage /> },
      { path: '/worq-trade', element: <Where /> },
    ],
    path,
  );
}

describe('/support', () => {
  it('preselects the topic given in the address', async () => {
    serve({});
    renderSupport('/support?topic=company_change');
    expect(await screen.findByRole('combobox', { name: 'Konu' })).toHaveValue('company_change');
  });

  it('checks topic, message length and contact preference before sending', async () => {
    const calls = serve({});
    renderSupport();
    await userEvent.type(screen.getByRole('textbox', { name: 'Mesajınız' }), 'kısa');
    await userEvent.click(screen.getByRole('button', { name: 'Gönder' }));
    expect(screen.getByText('Lütfen bir konu seçin.')).toBeInTheDocument();
    expect(screen.getByText('Lütfen en az 10 karakterden oluşan bir mesaj girin.')).toBeInTheDocument();
    expect(screen.getByText('Lütfen size nasıl ulaşacağımızı seçin.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Mesajınız' })).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
  });

  it("says an empty message cannot be empty, and a short one how long it must be, in the specification's words", async () => {
    serve({});
    renderSupport('/support?topic=other');
    await userEvent.click(screen.getByRole('button', { name: 'Gönder' }));
    expect(screen.getByText('Mesaj boş bırakılamaz.')).toBeInTheDocument();

    await i18n.changeLanguage('en');
    try {
      await userEvent.type(screen.getByRole('textbox', { name: 'Your message' }), 'short');
      await userEvent.click(screen.getByRole('button', { name: 'Send' }));
      expect(screen.getByText('Please enter a message with at least 10 characters.')).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('tr');
    }
  });

  it('warns before leaving with a message typed in, and stays when asked', async () => {
    serve({});
    const { router } = renderSupport();
    await userEvent.type(screen.getByRole('textbox', { name: 'Mesajınız' }), 'Yarım kalan bir mesaj');
    void router.navigate('/worq-trade');
    const dialog = await screen.findByRole('dialog', { name: 'Sayfadan ayrılmak istiyor musunuz?' });
    expect(dialog).toHaveTextContent('Girdiğiniz bilgiler kaydedilmedi ve ayrılırsanız kaybolacak.');
    await userEvent.click(screen.getByRole('button', { name: 'Sayfada kal' }));
    expect(router.state.location.pathname).toBe('/support');
    expect(screen.getByRole('textbox', { name: 'Mesajınız' })).toHaveValue('Yarım kalan bir mesaj');
  });

  it('lets the seller leave an untouched form, and a sent one, without asking', async () => {
    serve({ 'POST /support/request': { status: 201, data: { id: 'r-1', created_at: '2026-03-02T10:00:00Z' } } });
    const { router } = renderSupport('/support?topic=connection');
    await userEvent.type(screen.getByRole('textbox', { name: 'Mesajınız' }), 'Trendyol mağazamı bağlayamıyorum.');
    await userEvent.click(screen.getByRole('radio', { name: 'E-posta ile' }));
    await userEvent.click(screen.getByRole('button', { name: 'Gönder' }));
    await userEvent.click(await screen.findByRole('link', { name: 'Başvurularıma dön' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/worq-trade');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await router.navigate('/support');
    await router.navigate('/worq-trade');
    expect(router.state.location.pathname).toBe('/worq-trade');
  });

  it('sends the request and confirms how the team will answer', async () => {
    const calls = serve({ 'POST /support/request': { status: 201, data: { id: 'r-1', created_at: '2026-03-02T10:00:00Z' } } });
    renderSupport('/support?topic=connection');
    await userEvent.type(screen.getByRole('textbox', { name: 'Mesajınız' }), '  Trendyol mağazamı bağlayamıyorum.  ');
    await userEvent.click(screen.getByRole('radio', { name: 'Telefonla' }));
    await userEvent.click(screen.getByRole('button', { name: 'Gönder' }));
    expect(await screen.findByRole('heading', { name: 'Talebiniz bize ulaştı' })).toBeInTheDocument();
    expect(screen.getByText('Ekibimiz en kısa sürede sizi telefonla arayacak.')).toBeInTheDocument();
    expect(calls[0]!.body).toEqual({ topic: 'connection', message: 'Trendyol mağazamı bağlayamıyorum.', contact_preference: 'phone' });
  });

  it("shows the server's field message under the field", async () => {
    serve({
      'POST /support/request': {
        status: 400,
        data: { errors: { code: 'validation_failed', message: 'x', fields: { message: 'Mesaj çok kısa.' } } },
      },
    });
    renderSupport('/support?topic=other');
    await userEvent.type(screen.getByRole('textbox', { name: 'Mesajınız' }), 'Merhaba, bir sorum var.');
    await userEvent.click(screen.getByRole('radio', { name: 'E-posta ile' }));
    await userEvent.click(screen.getByRole('button', { name: 'Gönder' }));
    expect(await screen.findByText('Mesaj çok kısa.')).toBeInTheDocument();
  });

  it('says so when sending fails', async () => {
    serve({ 'POST /support/request': refusal(503, 'service_unavailable', 'Hizmet şu anda kullanılamıyor.') });
    renderSupport('/support?topic=other');
    await userEvent.type(screen.getByRole('textbox', { name: 'Mesajınız' }), 'Merhaba, bir sorum var.');
    await userEvent.click(screen.getByRole('radio', { name: 'E-posta ile' }));
    await userEvent.click(screen.getByRole('button', { name: 'Gönder' }));
    expect(await screen.findByText('Hizmet şu anda kullanılamıyor.')).toBeInTheDocument();
  });
});

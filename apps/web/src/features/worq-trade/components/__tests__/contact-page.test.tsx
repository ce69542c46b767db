import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { serve } from '../../../../test/http-test-kit.tsx';
import { Component as ContactPage } from '../contact-page.tsx';
import { application, listUrl, renderWorqTrade, signedInWorqTradeTests } from './worq-trade-test-kit.tsx';

signedInWorqTradeTests();

const cities = {
  items: [
    { id: 'c-06', name: 'Ankara', plate_code: 6 },
    { id: 'c-34', name: 'İstanbul', plate_code: 34 },
  ],
  total: 81,
};

function serveContact() {
  return serve({
    [`GET ${listUrl}`]: { status: 200, data: [application({ step: 2 })] },
    'GET /location/city/view': { status: 200, data: cities },
    'POST /application/form/upsert': (body) => ({ status: 200, data: { id: 'f-1', ...(body as object) } }),
  });
}

describe('/worq-trade/onboarding/contact', () => {
  it('requires a sales channel and every starred field, with the shared messages', async () => {
    const actor = userEvent.setup({ delay: null });
    const calls = serveContact();
    renderWorqTrade('/worq-trade/onboarding/contact', { contact: <ContactPage /> });
    await actor.click(await screen.findByRole('button', { name: 'Formu gönder' }));
    expect(await screen.findByText('En az bir seçenek işaretleyin.', { selector: 'fieldset:first-of-type p' })).toBeInTheDocument();
    expect(screen.getByText('Aylık ciro boş bırakılamaz.')).toBeInTheDocument();
    expect(screen.getByText('En çok satış yaptığınız mağazanın adı boş bırakılamaz.')).toBeInTheDocument();
    expect(screen.getByText('Şirket merkezinin bulunduğu il boş bırakılamaz.')).toBeInTheDocument();
    expect(screen.getAllByText('En az bir seçenek işaretleyin.')).toHaveLength(2);
    expect(calls.some((call) => call.url === '/application/form/upsert')).toBe(false);

    // A channel alone is not enough: the other required fields still hold the form.
    await actor.click(screen.getByRole('checkbox', { name: 'Pazaryeri' }));
    await actor.click(screen.getByRole('button', { name: 'Formu gönder' }));
    await waitFor(() => expect(screen.getAllByText('En az bir seçenek işaretleyin.')).toHaveLength(1));
    expect(calls.some((call) => call.url === '/application/form/upsert')).toBe(false);
  }, 20_000);

  it("shows the spec's bands and sends the form, then the success page", async () => {
    const actor = userEvent.setup({ delay: null });
    const calls = serveContact();
    const router = renderWorqTrade('/worq-trade/onboarding/contact', { contact: <ContactPage /> });
    const revenue = await screen.findByRole('combobox', { name: 'Aylık ciro' });
    expect([...(revenue as HTMLSelectElement).options].map((option) => option.text).slice(1)).toEqual([
      '0-50 bin TL',
      '50-500 bin TL',
      '500 bin-1 milyon TL',
      '1-2 milyon TL',
      '2-5 milyon TL',
      '5 milyon TL ve üzeri',
      'Paylaşmak istemiyorum',
    ]);
    expect(screen.getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual([
      '0-3 ay',
      '3 ay-1 yıl',
      '1-5 yıl',
      '5 yıl ve üzeri',
    ]);

    await actor.click(screen.getByRole('checkbox', { name: 'Pazaryeri' }));
    await actor.click(screen.getByRole('checkbox', { name: 'Kendi web sitem' }));
    // 'None' clears the others and the other way round.
    await actor.click(screen.getByRole('checkbox', { name: 'Hiçbiri' }));
    expect(screen.getByRole('checkbox', { name: 'Pazaryeri' })).not.toBeChecked();
    await actor.click(screen.getByRole('checkbox', { name: 'Pazaryeri' }));
    await actor.click(screen.getByRole('checkbox', { name: 'Diğer kanallar' }));
    expect(screen.getByRole('checkbox', { name: 'Hiçbiri' })).not.toBeChecked();
    await actor.selectOptions(revenue, '1-2 milyon TL');
    await actor.click(screen.getByRole('radio', { name: '1-5 yıl' }));
    await actor.type(screen.getByRole('textbox', { name: /En çok satış yaptığınız/ }), 'Moda Dükkanı');
    await waitFor(() => expect(screen.getByRole('option', { name: 'İstanbul' })).toBeInTheDocument());
    await actor.selectOptions(screen.getByRole('combobox', { name: 'Şirket merkezinin bulunduğu il' }), 'İstanbul');
    await actor.type(screen.getByRole('textbox', { name: /Not/ }), 'Instagram üzerinden satıyoruz.');
    await actor.click(screen.getByRole('button', { name: 'Formu gönder' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/worq-trade/form-success'));
    expect(calls.find((call) => call.url === '/application/form/upsert')?.body).toEqual({
      application_id: 'a-1',
      sales_channels: ['marketplace', 'other_channels'],
      monthly_revenue_band: '1m_2m',
      ecommerce_duration_band: '1y_5y',
      best_selling_store_name: 'Moda Dükkanı',
      headquarters_city_id: 'c-34',
      note: 'Instagram üzerinden satıyoruz.',
    });
    expect(calls.find((call) => call.url === '/location/city/view')?.params).toEqual({ page: '0', pagesize: '81' });
  }, 20_000);

  it('warns before leaving a form with entered data', async () => {
    const actor = userEvent.setup({ delay: null });
    serveContact();
    renderWorqTrade('/worq-trade/onboarding/contact', { contact: <ContactPage /> });
    await actor.click(await screen.findByRole('checkbox', { name: 'Pazaryeri' }));
    await actor.click(screen.getByRole('link', { name: 'Geri' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });
});

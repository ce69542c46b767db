import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ContactForm } from '../api/contact-forms.ts';
import { Component as ContactFormsPage } from '../components/contact-forms-page.tsx';
import { callbackCustomer, renderAt, serveCallbackList, setUpExpertScreens } from './admin-test-kit.tsx';

setUpExpertScreens();

const form: ContactForm = {
  id: '33333333-3333-4333-8333-333333333333',
  created_at: '2025-03-01T09:00:00.000Z',
  customer: callbackCustomer,
  application: null,
  sales_channels: ['marketplace', 'own_website'],
  monthly_revenue_band: '500k_1m',
  ecommerce_duration_band: '1y_5y',
  best_selling_store_name: 'Kaya Elektronik',
  headquarters_city: { id: 34, name: 'İstanbul' },
  note: 'Öğleden sonra arayın.',
  handled_at: null,
  handled_by: null,
};

describe('contact forms page', () => {
  it('lists forms still to call back with the band labels, and marks one as called back', async () => {
    const user = userEvent.setup();
    const calls = serveCallbackList('/admin/contact_forms', form, '2025-03-02T09:00:00.000Z');
    renderAt(<ContactFormsPage />, '/admin/contact-forms', '/admin/contact-forms');
    const card = await screen.findByRole('article', { name: 'Mert Kaya' });
    expect(within(card).getByText('500 bin-1 milyon TL')).toBeInTheDocument();
    expect(within(card).getByText('1-5 yıl')).toBeInTheDocument();
    expect(within(card).getByText('Pazaryeri, Kendi web sitesi')).toBeInTheDocument();
    expect(within(card).getByText('İstanbul')).toBeInTheDocument();
    expect(within(card).getByText('Başvurusu yok')).toBeInTheDocument();
    expect(within(card).getByText('+90 555 111 2233')).toBeInTheDocument();
    expect(calls[0]?.params).toMatchObject({ handled: 'false', page: '0' });

    await user.click(within(card).getByRole('button', { name: 'Geri arandı olarak işaretle' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(await screen.findByText('Bu süzgece uyan form yok.')).toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../../../lib/i18n.ts';
import { refusal, serve } from '../../../../test/http-test-kit.tsx';
import { integration as store } from '../../../../test/wire-fixtures.ts';
import { Component as ConnectStorePage } from '../connect-store-page.tsx';
import { Component as SummaryPage } from '../summary-page.tsx';
import { application, listUrl, plan, renderWorqTrade, signIn } from './worq-trade-test-kit.tsx';

beforeAll(async () => {
  await i18n.loadNamespaces(['worq-trade', 'connections', 'ui', 'feedback']);
});
beforeEach(() => {
  signIn();
});

describe('connect-store step', () => {
  it('says no integration is saved yet and opens the connect-store flow', async () => {
    const actor = userEvent.setup();
    serve({
      [`GET ${listUrl}`]: { status: 200, data: [application({ step: 2 })] },
      'GET /marketplace/integration/list': { status: 200, data: [] },
      'GET /marketplace/all': { status: 200, data: [] },
    });
    renderWorqTrade('/worq-trade/onboarding/connect-store', { connect: <ConnectStorePage /> });
    expect(await screen.findByText('Kayıtlı entegrasyon bulunamadı.')).toBeInTheDocument();
    await actor.click(screen.getByRole('button', { name: 'Mağaza bağla' }));
    expect(await screen.findByRole('dialog', { name: 'Mağaza bağla' })).toBeInTheDocument();
  });

  it('marks stores without a company and unusable ones, and links to the contact form', async () => {
    serve({
      [`GET ${listUrl}`]: { status: 200, data: [application({ step: 2 })] },
      'GET /marketplace/integration/list': {
        status: 200,
        data: [store(), store({ id: 'i-2', store_name: 'Eski Mağaza', status: 'out_of_date', is_updated: false })],
      },
    });
    renderWorqTrade('/worq-trade/onboarding/connect-store', { connect: <ConnectStorePage /> });
    const list = await screen.findByRole('list', { name: 'Bağlı mağazalar' });
    const [first, second] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(within(first).getByText('Bu mağaza için şirket bilgilerini girmelisiniz.')).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Şirket bilgisi ekle' })).toBeInTheDocument();
    expect(within(second).getByRole('button', { name: 'Eski Mağaza mağazasını yeniden bağla' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Bize bilgi verin' })).toHaveAttribute('href', '/worq-trade/onboarding/contact');
  });

  it("shows the server's reason when the summary step is refused", async () => {
    const actor = userEvent.setup();
    serve({
      [`GET ${listUrl}`]: { status: 200, data: [application({ step: 2 })] },
      'GET /marketplace/integration/list': { status: 200, data: [store()] },
      'POST /application/set_step': refusal(
        409,
        'step_requirements_not_met',
        'Devam etmek için aktif ve güncel bir mağaza bağlayın ve şirket bilgilerini girin.',
      ),
    });
    const router = renderWorqTrade('/worq-trade/onboarding/connect-store', { connect: <ConnectStorePage /> });
    await actor.click(await screen.findByRole('button', { name: 'Devam et' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Devam etmek için aktif ve güncel bir mağaza bağlayın');
    expect(router.state.location.pathname).toBe('/worq-trade/onboarding/connect-store');
  });
});

describe('summary step', () => {
  it('shows the plan, schedule, stores and company, and submits the application', async () => {
    const actor = userEvent.setup();
    const calls = serve({
      [`GET ${listUrl}`]: { status: 200, data: [application({ step: 3 })] },
      'GET /gpp/get_by_customer_id': { status: 200, data: plan },
      'GET /marketplace/integration/get_details_by_customer_id': {
        status: 200,
        data: {
          companies: [
            {
              company: {
                id: 'co-1',
                type: 3,
                tax_number: '1234567890',
                official_full_name: 'Ayşe Yılmaz',
                trade_name: 'Moda Ltd. Şti.',
                tax_office: 'Kadıköy',
              },
              integrations: [store({ company_id: 'co-1' })],
            },
          ],
          integrations_without_company: [],
        },
      },
      'POST /application/complete_application': { status: 200, data: application({ status: 'in_progress', step: 3 }) },
    });
    const router = renderWorqTrade('/worq-trade/onboarding/summary', { summary: <SummaryPage /> });
    expect(await screen.findByText('₺432.000,00')).toBeInTheDocument();
    const schedule = screen.getByRole('table');
    expect(within(schedule).getAllByRole('row')).toHaveLength(5);
    expect(screen.getByText('Moda Ltd. Şti.')).toBeInTheDocument();
    expect(screen.getByText('Limited şirket')).toBeInTheDocument();
    expect(screen.getByText('Moda Dükkanı')).toBeInTheDocument();

    await actor.click(screen.getByRole('button', { name: 'Başvuruyu gönder' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/worq-trade/application-success'));
    expect(calls.find((call) => call.url === '/application/complete_application')?.body).toEqual({ application_id: 'a-1' });
  });
});

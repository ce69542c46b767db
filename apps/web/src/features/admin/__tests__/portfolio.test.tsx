import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { serve, settled, type SeenCall } from '../../../test/http-test-kit.tsx';
import type { PortfolioRow } from '../api/portfolio.ts';
import { Component as AdminLayout } from '../components/admin-layout.tsx';
import { Component as PortfolioPage } from '../components/portfolio-page.tsx';
import { renderAt, setUpExpertScreens } from './admin-test-kit.tsx';

setUpExpertScreens();

function row(id: string, name: string, overrides: Partial<PortfolioRow> = {}): PortfolioRow {
  return {
    application_id: id,
    customer: { id: `c-${id}`, name, email: `${id}@example.com` },
    company_title: `${name} Ticaret`,
    approved_at: '2026-10-01T09:00:00.000Z',
    funded_amount: 400_000_00,
    total_payment_amount: 448_000_00,
    remaining_amount: 336_000_00,
    sales_vs_plan_2w: 0.62,
    sales_vs_plan_4w: 0.81,
    late_installments: 1,
    connection_health: 'stale',
    days_since_last_order: 9,
    return_rate: 0.12,
    return_rate_at_approval: 0.05,
    unverified_stores: 0,
    warnings: ['installment_late', 'store_stale'],
    risk_score: 76,
    checked_at: '2026-11-27T06:00:00.000Z',
    ...overrides,
  };
}

const rows = [
  row('a', 'Ayla Satıcı'),
  row('b', 'Burak Satıcı', {
    sales_vs_plan_2w: 1.05,
    sales_vs_plan_4w: null,
    late_installments: 0,
    connection_health: 'ok',
    days_since_last_order: null,
    return_rate: null,
    unverified_stores: 1,
    warnings: [],
    risk_score: 0,
  }),
];

const portfolioCalls = (calls: SeenCall[]) => calls.filter((call) => call.url === '/admin/portfolio');

function servePortfolio() {
  return serve({
    'GET /admin/portfolio': (_body, call) => {
      const shown = call.params.risk === 'installment_late' ? rows.slice(0, 1) : rows;
      return { status: 200, data: { rows: shown, total: shown.length } };
    },
    'GET /admin/portfolio.csv': { status: 200, data: '\uFEFFSatıcı,Kalan\r\nAyla Satıcı,336000.00\r\n' },
  });
}

function open(path = '/admin/portfolio') {
  return renderAt(<PortfolioPage />, path, '/admin/portfolio', ['/admin/applications/:id']);
}

describe('portfolio', () => {
  it('asks for the riskiest funded applications first and lists their figures', async () => {
    const calls = servePortfolio();
    open();
    expect(await screen.findByRole('link', { name: 'Ayla Satıcı başvurusunu aç' })).toHaveAttribute('href', '/admin/applications/a');
    expect(portfolioCalls(calls)[0]?.params).toEqual({ sort: 'risk', risk: 'all', state: 'active', page: '0', pagesize: '20' });
    const table = screen.getByRole('table', { name: 'Finansman verilen başvurular, risk sırasıyla' });
    const [ayla, burak] = within(table).getAllByRole('row').slice(1);
    expect(within(ayla!).getByText('%62')).toBeInTheDocument();
    expect(within(ayla!).getByText('%81')).toBeInTheDocument();
    expect(within(ayla!).getByText('₺336.000,00')).toBeInTheDocument();
    expect(within(ayla!).getByText('Güncel değil')).toBeInTheDocument();
    expect(within(ayla!).getByText('9 gün')).toBeInTheDocument();
    expect(within(ayla!).getByText('%12 / %5')).toBeInTheDocument();
    expect(within(ayla!).getByText('Geciken taksit')).toBeInTheDocument();
    expect(within(ayla!).getByText('Mağaza güncel değil')).toBeInTheDocument();
    expect(within(burak!).getByText('%105')).toBeInTheDocument();
    expect(within(burak!).getByText('1 doğrulanmamış mağaza')).toBeInTheDocument();
    expect(within(burak!).getByText('Uyarı yok')).toBeInTheDocument();
    expect(within(burak!).getByText('Sipariş yok')).toBeInTheDocument();
    expect(screen.getByText('2 finanse edilen başvuru')).toBeInTheDocument();
  });

  it('changes the query when the expert filters, and keeps it in the address', async () => {
    const user = userEvent.setup();
    const calls = servePortfolio();
    const router = open();
    await screen.findByRole('link', { name: 'Burak Satıcı başvurusunu aç' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Uyarı' }), 'Geciken taksit');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Burak Satıcı başvurusunu aç' })).not.toBeInTheDocument());
    expect(portfolioCalls(calls).at(-1)?.params).toMatchObject({ risk: 'installment_late', state: 'active', page: '0' });

    await user.click(screen.getByRole('button', { name: 'Geri ödenenler' }));
    await waitFor(() => expect(portfolioCalls(calls).at(-1)?.params).toMatchObject({ risk: 'installment_late', state: 'repaid' }));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sıralama' }), 'Son 4 haftada en düşük satış önce');
    await waitFor(() => expect(portfolioCalls(calls).at(-1)?.params).toMatchObject({ sort: 'sales_4w', state: 'repaid' }));
    expect(new URLSearchParams(router.state.location.search).get('risk')).toBe('installment_late');
    expect(new URLSearchParams(router.state.location.search).get('sort')).toBe('sales_4w');
  });

  it('opens the application review from a row', async () => {
    const user = userEvent.setup();
    servePortfolio();
    const router = open();
    await user.click(await screen.findByRole('link', { name: 'Ayla Satıcı başvurusunu aç' }));
    expect(router.state.location.pathname).toBe('/admin/applications/a');
  });

  it('downloads the CSV of the same query with the expert’s token', async () => {
    const user = userEvent.setup();
    const saved: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      saved.push(blob);
      return 'blob:portfolio';
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    let authorization: string | null = null;
    const calls = serve({
      'GET /admin/portfolio': { status: 200, data: { rows, total: 2 } },
      'GET /admin/portfolio.csv': (_body, _call, { headers }) => {
        authorization = headers.get('Authorization');
        return { status: 200, data: 'Satıcı,Kalan\r\nAyla Satıcı,336000.00\r\n' };
      },
    });
    open('/admin/portfolio?risk=any_warning&q=ayla');
    await screen.findByRole('link', { name: 'Ayla Satıcı başvurusunu aç' });

    await user.click(screen.getByRole('button', { name: 'CSV indir' }));
    await waitFor(() => expect(click).toHaveBeenCalledOnce());
    const csvCall = calls.find((call) => call.url === '/admin/portfolio.csv');
    expect(csvCall?.params).toEqual({ sort: 'risk', risk: 'any_warning', state: 'active', q: 'ayla' });
    expect(authorization).toMatch(/^Bearer /);
    // Reading the answer as text drops its byte order mark; the saved file has it again for spreadsheets.
    const bytes = new Uint8Array(await saved[0]!.arrayBuffer());
    expect(Array.from(bytes.slice(0, 3))).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toBe('Satıcı,Kalan\r\nAyla Satıcı,336000.00\r\n');
    click.mockRestore();
  });
});

describe('the back-office badge', () => {
  it('shows the number of open warnings on the portfolio link', async () => {
    serve({ 'GET /admin/portfolio/summary': { status: 200, data: { open_warnings: 3, applications_with_warnings: 2 } } });
    renderAt(<AdminLayout />, '/admin', '/admin');
    expect(await screen.findByRole('link', { name: 'Portföy, 3 açık uyarı' })).toHaveAttribute('href', '/admin/portfolio');
  });

  it('shows no badge without open warnings', async () => {
    const calls = serve({ 'GET /admin/portfolio/summary': { status: 200, data: { open_warnings: 0, applications_with_warnings: 0 } } });
    renderAt(<AdminLayout />, '/admin', '/admin');
    await waitFor(() => expect(calls.some((call) => call.url === '/admin/portfolio/summary')).toBe(true));
    // The answer has reached the screen: a badge would be there by now.
    await settled('/admin/portfolio/summary');
    expect(screen.getByRole('link', { name: 'Portföy' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /açık uyarı/ })).not.toBeInTheDocument();
  });
});

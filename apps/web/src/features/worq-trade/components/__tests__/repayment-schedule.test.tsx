import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../../../lib/i18n.ts';
import { serve } from '../../../../test/http-test-kit.tsx';
import type { Repayments } from '../../api/repayments.ts';
import { Component as ApplicationsPage } from '../applications-page.tsx';
import { application, listUrl, plan, renderWorqTrade, signedInWorqTradeTests } from './worq-trade-test-kit.tsx';

const repayments: Repayments = {
  approved_at: '2026-03-01T21:30:00.000Z',
  total_payment_amount: 432_000_00,
  paid_amount: 80_000_00,
  remaining_amount: 352_000_00,
  installments: [
    { number: 1, due_date: '2026-03-15', amount: 72_000_00, paid_amount: 72_000_00, status: 'paid' },
    { number: 2, due_date: '2026-03-22', amount: 72_000_00, paid_amount: 8_000_00, status: 'late' },
    { number: 3, due_date: '2026-03-29', amount: 72_000_00, paid_amount: 0, status: 'due' },
    { number: 4, due_date: '2026-04-05', amount: 216_000_00, paid_amount: 0, status: 'upcoming' },
  ],
};

signedInWorqTradeTests();
afterEach(async () => {
  await i18n.changeLanguage('tr');
});

function renderApproved() {
  const calls = serve({
    [`GET ${listUrl}`]: { status: 200, data: [application({ id: 'a-9', status: 'approved', step: 3, plan })] },
    'GET /application/a-9/repayments': { status: 200, data: repayments },
  });
  renderWorqTrade('/worq-trade', { list: <ApplicationsPage /> });
  return calls;
}

describe('the repayment schedule of an approved application', () => {
  it('shows due dates as dd.MM.yyyy, lira amounts, paid and remaining in Turkish', async () => {
    renderApproved();
    const schedule = await screen.findByRole('region', { name: 'Ödeme planı' });
    const rows = within(within(schedule).getByRole('table')).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(4);
    expect(within(rows[0]!).getByText('15.03.2026')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Ödendi')).toBeInTheDocument();
    expect(within(schedule).getByText('₺80.000,00')).toBeInTheDocument();
    expect(within(schedule).getByText('₺352.000,00')).toBeInTheDocument();
    // The approval at 00:30 Istanbul time is the 2nd of March there, whatever the browser's zone says of the UTC stamp.
    expect(within(schedule).getByText(/Onay tarihi:/)).toBeInTheDocument();
  });

  it('highlights the next installment and marks a late one', async () => {
    renderApproved();
    const schedule = await screen.findByRole('region', { name: 'Ödeme planı' });
    const rows = within(schedule).getAllByRole('row').slice(1);
    expect(rows[2]).toHaveAttribute('aria-current', 'step');
    expect(rows[2]!.className).toMatch(/nextRow/);
    expect(within(rows[2]!).getByText('Sıradaki')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Gecikti').closest('[data-color]')).toHaveAttribute('data-color', 'red');
    expect(within(rows[1]!).getByText('₺8.000,00 ödendi')).toBeInTheDocument();
    expect(rows.filter((row) => row.getAttribute('aria-current') === 'step')).toHaveLength(1);
    // The summary names the next payment: its date and what is still open on it.
    expect(within(schedule).getByText('29.03.2026 · ₺72.000,00')).toBeInTheDocument();
  });

  it('writes amounts and dates the English way in English', async () => {
    await i18n.changeLanguage('en');
    renderApproved();
    const schedule = await screen.findByRole('region', { name: 'Repayment schedule' });
    expect(within(schedule).getByText('15/03/2026')).toBeInTheDocument();
    expect(within(schedule).getByText('₺352.000,00')).toBeInTheDocument();
    expect(within(schedule).getByText('Late')).toBeInTheDocument();
  });

  it('prints the statement alone through the browser', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    renderApproved();
    await userEvent.click(await screen.findByRole('button', { name: 'Ekstreyi yazdır / PDF' }));
    expect(print).toHaveBeenCalledOnce();
    expect(document.body.classList.contains('printing-repayment-statement')).toBe(true);
    window.dispatchEvent(new Event('afterprint'));
    expect(document.body.classList.contains('printing-repayment-statement')).toBe(false);
  });

  it('asks for no schedule before approval', async () => {
    const calls = serve({ [`GET ${listUrl}`]: { status: 200, data: [application({ id: 'a-8', status: 'in_progress', step: 3 })] } });
    renderWorqTrade('/worq-trade', { list: <ApplicationsPage /> });
    await screen.findByRole('region', { name: 'Son başvurunuz' });
    expect(screen.queryByRole('region', { name: 'Ödeme planı' })).not.toBeInTheDocument();
    expect(calls.some((call) => call.url.includes('/repayments'))).toBe(false);
  });
});

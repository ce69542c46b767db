import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { serve } from '../../../test/http-test-kit.tsx';
import { istanbulToday, parseLira } from '../api/repayments.ts';
import type { SupportRequest } from '../api/support-requests.ts';
import { RepaymentPanel } from '../components/repayment-panel.tsx';
import { Component as SupportRequestsPage } from '../components/support-requests-page.tsx';
import { applicationId, callbackCustomer, renderAt, serveCallbackList, setUpExpertScreens } from './admin-test-kit.tsx';

setUpExpertScreens();

const request: SupportRequest = {
  id: '44444444-4444-4444-8444-444444444444',
  created_at: '2026-03-01T09:00:00.000Z',
  customer: callbackCustomer,
  topic: 'company_change',
  message: 'Şirket unvanımız değişti.',
  contact_preference: 'phone',
  handled_at: null,
  handled_by: null,
};

describe('support requests page', () => {
  it('lists requests to call back with topic and preference, and marks one as done', async () => {
    const user = userEvent.setup();
    const calls = serveCallbackList('/admin/support_requests', request, '2026-03-02T09:00:00.000Z');
    renderAt(<SupportRequestsPage />, '/admin/support-requests', '/admin/support-requests');
    const card = await screen.findByRole('article', { name: 'Mert Kaya' });
    expect(within(card).getByText('Şirket bilgisi değişikliği')).toBeInTheDocument();
    expect(within(card).getByText('Telefon')).toBeInTheDocument();
    expect(within(card).getByText('Şirket unvanımız değişti.')).toBeInTheDocument();
    expect(calls[0]?.params).toMatchObject({ handled: 'false', page: '0' });
    await user.click(within(card).getByRole('button', { name: 'Tamamlandı olarak işaretle' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(await screen.findByText('Bu süzgece uyan talep yok.')).toBeInTheDocument();
  });
});

describe('the repayment panel', () => {
  const schedule = {
    approved_at: '2026-03-01T21:30:00.000Z',
    total_payment_amount: 300_000,
    paid_amount: 0,
    remaining_amount: 300_000,
    installments: [
      { number: 1, due_date: '2026-03-15', amount: 100_000, paid_amount: 0, status: 'due' },
      { number: 2, due_date: '2026-03-22', amount: 200_000, paid_amount: 0, status: 'upcoming' },
    ],
  };

  it('records a payment typed the Turkish way, in kuruş, dated today in Istanbul', async () => {
    const user = userEvent.setup();
    const calls = serve({
      [`GET /admin/applications/${applicationId}/repayments`]: { status: 200, data: schedule },
      [`POST /admin/applications/${applicationId}/payments`]: {
        status: 200,
        data: { ...schedule, paid_amount: 125_050, remaining_amount: 174_950 },
      },
    });
    const onChanged = vi.fn(async () => {});
    renderAt(<RepaymentPanel applicationId={applicationId} onChanged={onChanged} />, '/admin/x', '/admin/x');
    expect(await screen.findByText('15.03.2026')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Tutar' }), '1.250,50');
    await user.click(screen.getByRole('button', { name: 'Ödemeyi kaydet' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ amount: 125_050, paid_at: istanbulToday() });
  });

  it('sends one idempotency key per submission: the same on a retry, a new one for the next payment', async () => {
    const user = userEvent.setup();
    const keys: (string | null)[] = [];
    let answers = 0;
    serve({
      [`GET /admin/applications/${applicationId}/repayments`]: { status: 200, data: schedule },
      [`POST /admin/applications/${applicationId}/payments`]: (_body, _call, { headers }) => {
        keys.push(headers.get('idempotency-key'));
        answers += 1;
        // The first answer is lost on the way (a gateway error): the expert sends the form again.
        return answers === 1
          ? { status: 502, data: { errors: { code: 'bad_gateway', message: 'Ağ geçidi hatası.' } } }
          : { status: 200, data: schedule };
      },
    });
    renderAt(<RepaymentPanel applicationId={applicationId} onChanged={async () => {}} />, '/admin/x', '/admin/x');
    const amount = await screen.findByRole('textbox', { name: 'Tutar' });
    await user.type(amount, '100');
    await user.click(screen.getByRole('button', { name: 'Ödemeyi kaydet' }));
    expect(await screen.findByText('Ağ geçidi hatası.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ödemeyi kaydet' }));
    await waitFor(() => expect(keys).toHaveLength(2));
    await waitFor(() => expect(amount).toHaveValue(''));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);

    await user.type(amount, '100');
    await user.click(screen.getByRole('button', { name: 'Ödemeyi kaydet' }));
    await waitFor(() => expect(keys).toHaveLength(3));
    expect(keys[2]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('refuses more than what is left before asking the server', async () => {
    const user = userEvent.setup();
    const calls = serve({ [`GET /admin/applications/${applicationId}/repayments`]: { status: 200, data: schedule } });
    renderAt(<RepaymentPanel applicationId={applicationId} onChanged={async () => {}} />, '/admin/x', '/admin/x');
    await user.type(await screen.findByRole('textbox', { name: 'Tutar' }), '3001');
    await user.click(screen.getByRole('button', { name: 'Ödemeyi kaydet' }));
    expect(screen.getByText('Tutar kalan borcu aşıyor; en fazla ₺3.000,00.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });
});

describe('parseLira', () => {
  it('reads Turkish and plain amounts as kuruş', () => {
    expect(parseLira('1.250,50')).toBe(125_050);
    expect(parseLira('₺ 1.250')).toBe(125_000);
    expect(parseLira('1250.5')).toBe(125_050);
    expect(parseLira('1250')).toBe(125_000);
    expect(parseLira('abc')).toBeNull();
    expect(parseLira('')).toBeNull();
  });
});

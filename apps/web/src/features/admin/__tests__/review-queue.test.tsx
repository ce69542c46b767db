import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { serve, type SeenCall } from '../../../test/http-test-kit.tsx';
import type { QueueItem } from '../api/review-queue.ts';
import { Component as ReviewQueuePage } from '../components/review-queue-page.tsx';
import { searchDebounceMs } from '../components/list-controls.tsx';
import { renderAt, setUpExpertScreens } from './admin-test-kit.tsx';

setUpExpertScreens();

afterEach(() => {
  vi.useRealTimers();
});

function item(id: string, firstName: string, status: QueueItem['status']): QueueItem {
  return {
    id,
    created_at: '2025-03-01T09:00:00.000Z',
    submitted_at: '2025-03-02T10:30:00.000Z',
    decided_at: null,
    status,
    reject_reason: null,
    step: 3,
    customer: { id: `c-${id}`, first_name: firstName, last_name: 'Satıcı', email: `${id}@example.com`, phone_number: '5321234567' },
    plan: { estimated_stock_purchase_amount: 40_000_000, total_payment_amount: 44_800_000, duration_weeks: 6 },
    store_count: 2,
    company_title: `${firstName} Ticaret`,
  };
}

const queueCalls = (calls: SeenCall[]) => calls.filter((call) => call.url === '/admin/applications');

function serveQueue() {
  return serve({
    'GET /admin/applications': (_body, call) => {
      const status = call.params.status;
      const items = status === 'approved' ? [item('b', 'Burak', 'approved')] : [item('a', 'Ayla', 'in_progress')];
      return { status: 200, data: { items, total: items.length } };
    },
  });
}

describe('review queue', () => {
  it('asks for applications under review first, then for the filter the expert picks', async () => {
    const user = userEvent.setup();
    const calls = serveQueue();
    const router = renderAt(<ReviewQueuePage />, '/admin', '/admin');
    expect(await screen.findByRole('link', { name: 'Ayla Satıcı başvurusunu aç' })).toBeInTheDocument();
    expect(queueCalls(calls)[0]?.params).toMatchObject({ status: 'in_progress', page: '0', pagesize: '20' });
    expect(screen.getByRole('button', { name: 'İncelemede' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Onaylandı' }));
    expect(await screen.findByRole('link', { name: 'Burak Satıcı başvurusunu aç' })).toBeInTheDocument();
    expect(queueCalls(calls).at(-1)?.params).toMatchObject({ status: 'approved', page: '0' });
    expect(router.state.location.search).toBe('?status=approved');
    expect(screen.getByRole('button', { name: 'Onaylandı' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('lists the columns of the queue with Turkish money and the duration in weeks', async () => {
    serveQueue();
    renderAt(<ReviewQueuePage />, '/admin', '/admin');
    const table = await screen.findByRole('table');
    const headers = Array.from(table.querySelectorAll('th')).map((th) => th.textContent);
    expect(headers).toEqual(['Gönderilme', 'Satıcı', 'Şirket', 'Stok alımı', 'Toplam ödeme', 'Süre', 'Mağaza', 'Durum']);
    expect(screen.getByText('₺400.000,00')).toBeInTheDocument();
    expect(screen.getByText('₺448.000,00')).toBeInTheDocument();
    expect(screen.getByText('6 hafta')).toBeInTheDocument();
    expect(screen.getByText('Ayla Ticaret')).toBeInTheDocument();
  });

  it('searches once typing pauses, not on every key', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const calls = serveQueue();
    renderAt(<ReviewQueuePage />, '/admin', '/admin');
    await screen.findByRole('link', { name: 'Ayla Satıcı başvurusunu aç' });
    const before = queueCalls(calls).length;

    await user.type(screen.getByRole('searchbox', { name: 'Başvurularda ara' }), 'ayla');
    expect(queueCalls(calls).length).toBe(before);
    await act(async () => {
      vi.advanceTimersByTime(searchDebounceMs);
    });
    await waitFor(() => expect(queueCalls(calls).at(-1)?.params).toMatchObject({ status: 'in_progress', q: 'ayla', page: '0' }));
    expect(queueCalls(calls).filter((call) => call.params.q !== undefined)).toHaveLength(1);
  });
});

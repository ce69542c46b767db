import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { serve, type SeenCall } from '../../../test/http-test-kit.tsx';
import { Component as ApplicationReviewPage } from '../components/application-review-page.tsx';
import { applicationId, renderAt, reviewFixture, setUpExpertScreens } from './admin-test-kit.tsx';

const detailUrl = `/admin/applications/${applicationId}`;
const decisionUrl = `${detailUrl}/decision`;

setUpExpertScreens();

function open() {
  renderAt(<ApplicationReviewPage />, detailUrl, '/admin/applications/:id');
}

const decisions = (calls: SeenCall[]) => calls.filter((call) => call.method === 'POST' && call.url === decisionUrl);

describe('application review page', () => {
  it('shows the seller, plan, stores and company of the application', async () => {
    serve({ [`GET ${detailUrl}`]: { status: 200, data: reviewFixture() } });
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Ayşe Yılmaz başvurusu' })).toBeInTheDocument();
    expect(screen.getByText('+90 532 123 4567')).toBeInTheDocument();
    expect(screen.getByText('Limited şirket')).toBeInTheDocument();
    expect(screen.getByText('Ayşe Butik')).toBeInTheDocument();
    // 40.000.000 kuruş of stock purchase is 400.000 lira, written the Turkish way.
    expect(screen.getByText('₺400.000,00')).toBeInTheDocument();
    const schedule = screen.getByRole('table', { name: 'Haftalık ödeme takvimi' });
    expect(within(schedule).getAllByRole('row')).toHaveLength(6);
    expect(screen.getByText('Başvuruyu gönderdi')).toBeInTheDocument();
  });

  it('requires a reason of at least ten characters before rejecting, then sends it', async () => {
    const user = userEvent.setup();
    const calls = serve({
      [`GET ${detailUrl}`]: { status: 200, data: reviewFixture() },
      [`POST ${decisionUrl}`]: { status: 200, data: {} },
    });
    open();
    await user.click(await screen.findByRole('button', { name: 'Reddet' }));
    const submit = screen.getByRole('button', { name: 'Başvuruyu reddet' });
    await user.click(submit);
    const reason = screen.getByLabelText(/Ret gerekçesi/);
    expect(reason).toHaveAccessibleDescription(expect.stringContaining('Ret gerekçesi boş bırakılamaz.'));
    expect(reason).toHaveFocus();
    await user.type(reason, 'Eksik');
    expect(reason).toHaveAccessibleDescription(expect.stringContaining('en az 10 karakter'));
    await user.click(submit);
    expect(decisions(calls)).toHaveLength(0);
    await user.type(reason, ' belge: vergi levhası okunmuyor.');
    expect(screen.getByText('37 / 1000 karakter')).toBeInTheDocument();
    await user.click(submit);
    await waitFor(() => expect(decisions(calls)).toHaveLength(1));
    expect(decisions(calls)[0]?.body).toEqual({ decision: 'rejected', reject_reason: 'Eksik belge: vergi levhası okunmuyor.' });
  });

  it('shows the server message for the reason on its field', async () => {
    const user = userEvent.setup();
    serve({
      [`GET ${detailUrl}`]: { status: 200, data: reviewFixture() },
      [`POST ${decisionUrl}`]: {
        status: 400,
        data: {
          errors: {
            code: 'validation_failed',
            message: 'Doğrulama hatası',
            fields: { reject_reason: 'Sunucu bu gerekçeyi kabul etmedi.' },
          },
        },
      },
    });
    open();
    await user.click(await screen.findByRole('button', { name: 'Reddet' }));
    await user.type(screen.getByLabelText(/Ret gerekçesi/), 'Yeterince uzun bir ret gerekçesi.');
    await user.click(screen.getByRole('button', { name: 'Başvuruyu reddet' }));
    expect(await screen.findByText('Sunucu bu gerekçeyi kabul etmedi.')).toBeInTheDocument();
  });

  it('approves only after the confirmation', async () => {
    const user = userEvent.setup();
    const calls = serve({
      [`GET ${detailUrl}`]: { status: 200, data: reviewFixture() },
      [`POST ${decisionUrl}`]: { status: 200, data: {} },
    });
    open();
    await user.click(await screen.findByRole('button', { name: 'Onayla' }));
    const dialog = screen.getByRole('dialog', { name: 'Başvuru onaylansın mı?' });
    expect(decisions(calls)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Evet, onayla' }));
    await waitFor(() => expect(decisions(calls)).toHaveLength(1));
    expect(decisions(calls)[0]?.body).toEqual({ decision: 'approved' });
  });

  it('shows a decided application with who and when, and no decision buttons', async () => {
    serve({
      [`GET ${detailUrl}`]: {
        status: 200,
        data: reviewFixture({
          status: 'rejected',
          reject_reason: 'Vergi levhası okunamıyor.',
          decided_at: '2025-03-03T08:00:00.000Z',
          decided_by: { id: 'expert-1', name: 'Deniz Uzman', email: 'uzman@worq.local' },
        }),
      },
    });
    open();
    const panel = await screen.findByRole('region', { name: 'Karar' });
    expect(within(panel).getByText('Deniz Uzman')).toBeInTheDocument();
    expect(within(panel).getByText('Vergi levhası okunamıyor.')).toBeInTheDocument();
    expect(within(panel).getByText('Reddedildi')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Onayla' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reddet' })).toBeNull();
  });

  it('reloads with a notice when another expert decided first', async () => {
    const user = userEvent.setup();
    let detailLoads = 0;
    serve({
      [`GET ${detailUrl}`]: () => {
        detailLoads += 1;
        return {
          status: 200,
          data:
            detailLoads === 1
              ? reviewFixture()
              : reviewFixture({
                  status: 'approved',
                  decided_at: '2025-03-03T08:00:00.000Z',
                  decided_by: { id: 'expert-2', name: 'Can Başka', email: 'can@worq.local' },
                }),
        };
      },
      [`POST ${decisionUrl}`]: { status: 409, data: { errors: { code: 'already_decided', message: 'Zaten karar verildi.' } } },
    });
    open();
    await user.click(await screen.findByRole('button', { name: 'Onayla' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Evet, onayla' }));
    expect(await screen.findByText('Bu başvuru için zaten karar verilmiş. Güncel hâli yüklendi.')).toBeInTheDocument();
    expect(await screen.findByText('Can Başka')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Onayla' })).toBeNull();
    expect(detailLoads).toBe(2);
  });
});

describe('audit trail', () => {
  it('names each action with who, in which role, and when; an action the web does not know still reads as a sentence', async () => {
    serve({
      [`GET ${detailUrl}`]: {
        status: 200,
        data: reviewFixture({
          events: [
            {
              id: 'e1',
              action: 'step_changed',
              actor: { id: 'c', name: 'Ayşe Yılmaz', email: 'ayse@example.com', role: 'customer' },
              detail: { from: 1, to: 2 },
              created_at: '2025-03-02T10:00:00.000Z',
            },
            {
              id: 'e2',
              action: 'archived' as never,
              actor: { id: null, name: null, email: null, role: 'system' },
              detail: {},
              created_at: '2025-03-02T11:00:00.000Z',
            },
          ],
        }),
      },
    });
    open();
    const trail = await screen.findByRole('region', { name: 'İşlem geçmişi' });
    const items = within(trail).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Adımı değiştirdi');
    expect(items[0]).toHaveTextContent('Ayşe Yılmaz (Satıcı)');
    expect(items[0]).toHaveTextContent('2. adım');
    expect(within(items[0]!).getByText(/2025/)).toHaveAttribute('datetime', '2025-03-02T10:00:00.000Z');
    expect(items[1]).toHaveTextContent('Bir işlem yaptı (archived)');
    expect(items[1]).toHaveTextContent('Sistem');
  });

  it('loads the rest of a long trail a page at a time with “Daha fazla göster”, and tells how many plan saves one event stands for', async () => {
    const user = userEvent.setup();
    const event = (id: string, minute: number) => ({
      id,
      action: 'step_changed' as const,
      actor: { id: 'c', name: 'Ayşe Yılmaz', email: 'ayse@example.com', role: 'customer' as const },
      detail: { from: 1, to: 2 },
      created_at: `2025-03-02T10:${String(minute).padStart(2, '0')}:00.000Z`,
    });
    const calls = serve({
      [`GET ${detailUrl}`]: {
        status: 200,
        data: reviewFixture({
          events: [
            {
              id: 'saved',
              action: 'plan_saved',
              actor: { id: 'c', name: 'Ayşe Yılmaz', email: 'ayse@example.com', role: 'customer' },
              detail: { saves: 14, first_saved_at: '2025-03-02T09:00:00.000Z' },
              created_at: '2025-03-02T09:40:00.000Z',
            },
            event('e1', 1),
          ],
          events_next_cursor: 'e1',
        }),
      },
      [`GET ${detailUrl}/events`]: (_body, call) =>
        call.params.cursor === 'e1'
          ? { status: 200, data: { events: [event('e2', 2), event('e3', 3)], next_cursor: 'e3' } }
          : { status: 200, data: { events: [event('e4', 4)], next_cursor: null } },
    });
    open();
    const trail = await screen.findByRole('region', { name: 'İşlem geçmişi' });
    expect(within(trail).getAllByRole('listitem')).toHaveLength(2);
    expect(within(trail).getAllByRole('listitem')[0]).toHaveTextContent(/tarihinden bu yana 14 kez kaydedildi/);

    await user.click(within(trail).getByRole('button', { name: 'Daha fazla göster' }));
    await waitFor(() => expect(within(trail).getAllByRole('listitem')).toHaveLength(4));
    await user.click(within(trail).getByRole('button', { name: 'Daha fazla göster' }));
    await waitFor(() => expect(within(trail).getAllByRole('listitem')).toHaveLength(5));
    expect(within(trail).queryByRole('button', { name: 'Daha fazla göster' })).toBeNull();
    const pages = calls.filter((call) => call.url === `${detailUrl}/events`);
    expect(pages.map((call) => call.params.cursor)).toEqual(['e1', 'e3']);
  });

  it('offers no more pages when the application page holds the whole trail', async () => {
    serve({ [`GET ${detailUrl}`]: { status: 200, data: reviewFixture() } });
    open();
    const trail = await screen.findByRole('region', { name: 'İşlem geçmişi' });
    expect(within(trail).getAllByRole('listitem')).toHaveLength(1);
    expect(within(trail).queryByRole('button', { name: 'Daha fazla göster' })).toBeNull();
  });
});

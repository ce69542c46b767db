import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import i18n, { i18nReady } from '../../../../lib/i18n.ts';
import type { OutboxMessage } from '../../api/get-outbox.ts';
import { Component as OutboxPage } from '../outbox-page.tsx';

const sms: OutboxMessage = {
  id: 'm1',
  channel: 'sms',
  to: '+905551234567',
  subject: null,
  body: 'WorqTrade doğrulama kodunuz: 482913',
  html: null,
  created_at: '2025-03-12T09:30:00.000Z',
};
const email: OutboxMessage = {
  id: 'm2',
  channel: 'email',
  to: 'ayse@example.com',
  subject: 'Şifrenizi yenileyin',
  body: 'Bağlantıyı açın.',
  html: '<p>Bağlantıyı açın.</p><script>parent.__pwned = true</script><img src=x onerror="parent.__pwned = true">',
  created_at: '2025-03-12T09:31:00.000Z',
};

function renderPage() {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <OutboxPage />
    </SWRConfig>,
  );
}

beforeAll(async () => {
  await i18nReady;
  await i18n.loadNamespaces(['common', 'ui', 'dev']);
  await i18n.changeLanguage('tr');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('OutboxPage', () => {
  it('lists SMS and e-mails with channel, recipient and the SMS code', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response(JSON.stringify([email, sms]))));
    renderPage();
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('E-posta')).toBeInTheDocument();
    expect(within(items[0]!).getByRole('heading', { name: 'Şifrenizi yenileyin' })).toBeInTheDocument();
    expect(within(items[1]!).getByText('SMS')).toBeInTheDocument();
    expect(within(items[1]!).getByText('+905551234567')).toBeInTheDocument();
    expect(within(items[1]!).getByRole('button', { name: 'Kodu kopyala: 482913' })).toBeInTheDocument();
  });

  it('shows e-mail HTML sanitized inside a sandboxed frame', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response(JSON.stringify([email]))));
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'HTML görünümü' }));
    const frame = screen.getByTitle('E-posta önizlemesi: Şifrenizi yenileyin');
    expect(frame).toHaveAttribute('sandbox', '');
    const srcDoc = frame.getAttribute('srcdoc') ?? '';
    expect(srcDoc).toContain('Bağlantıyı açın.');
    expect(srcDoc).not.toMatch(/<script/i);
    expect(srcDoc).not.toMatch(/onerror/i);
  });

  it('shows an empty state', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('[]')));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Henüz mesaj yok' })).toBeInTheDocument();
  });

  it('filters by recipient through the query string', async () => {
    const fetchMock = vi.fn().mockImplementation(async () => new Response('[]'));
    vi.stubGlobal('fetch', fetchMock);
    renderPage();
    await userEvent.type(screen.getByLabelText('Alıcıya göre süz'), 'ayse@example.com');
    expect(await screen.findByRole('heading', { name: 'Bu alıcıya mesaj yok' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/v1/dev/outbox?to=ayse%40example.com', expect.anything());
  });

  it('refreshes every five seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = vi.fn().mockImplementation(async () => new Response(JSON.stringify([sms])));
    vi.stubGlobal('fetch', fetchMock);
    renderPage();
    await screen.findByText('+905551234567');
    const before = fetchMock.mock.calls.length;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5100);
    });
    expect(fetchMock.mock.calls.length).toBeGreaterThan(before);
  });
});

import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n, { i18nReady } from '../../../lib/i18n.ts';
import { TermsModal } from '../terms-modal.tsx';

beforeAll(async () => {
  await i18nReady;
  await i18n.loadNamespaces(['common', 'ui']);
  await i18n.changeLanguage('tr');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const answer = (content: string) =>
  new Response(JSON.stringify({ term_type: 'more_info', content }), { status: 200, headers: { 'content-type': 'application/json' } });

describe('TermsModal', () => {
  it('fetches the more_info text in the current language', async () => {
    const fetchMock = vi.fn().mockResolvedValue(answer('<h2>Gizlilik</h2><p>Metin</p>'));
    vi.stubGlobal('fetch', fetchMock);
    render(<TermsModal open onClose={() => {}} />);
    expect(await screen.findByRole('heading', { name: 'Gizlilik' })).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/v1/customer/term_filter?term_type=more_info');
    expect((init.headers as Record<string, string>)['Accept-Language']).toBe('tr');
  });

  it('removes scripts and event handlers from the HTML', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(
        answer('<p>Güvenli metin</p><script>window.__pwned = true</script><img src="x" onerror="window.__pwned = true"><a href="javascript:alert(1)">bağlantı</a>'),
      ),
    );
    render(<TermsModal open onClose={() => {}} />);
    const content = await screen.findByTestId('terms-content');
    expect(within(content).getByText('Güvenli metin')).toBeInTheDocument();
    expect(content.innerHTML).not.toMatch(/<script/i);
    expect(content.innerHTML).not.toMatch(/onerror/i);
    expect(content.innerHTML).not.toMatch(/javascript:/i);
    expect(content.querySelector('img')?.getAttribute('onerror')).toBeFalsy();
    expect((window as unknown as { __pwned?: boolean }).__pwned).toBeUndefined();
  });

  it('shows a spinner while loading', async () => {
    let resolve: (value: Response) => void = () => {};
    vi.stubGlobal('fetch', vi.fn().mockReturnValue(new Promise<Response>((r) => (resolve = r))));
    render(<TermsModal open onClose={() => {}} />);
    expect(screen.getByRole('status')).toHaveTextContent('Metin yükleniyor…');
    await act(async () => resolve(answer('<p>Hazır</p>')));
    expect(await screen.findByText('Hazır')).toBeInTheDocument();
  });

  it('offers a retry after a failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const fetchMock = vi.fn().mockResolvedValueOnce(new Response('fail', { status: 500 })).mockResolvedValueOnce(answer('<p>İkinci deneme</p>'));
    vi.stubGlobal('fetch', fetchMock);
    render(<TermsModal open onClose={() => {}} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Metin yüklenemedi');
    await userEvent.click(screen.getByRole('button', { name: 'Tekrar dene' }));
    expect(await screen.findByText('İkinci deneme')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('does not fetch while closed', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    render(<TermsModal open={false} onClose={() => {}} />);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

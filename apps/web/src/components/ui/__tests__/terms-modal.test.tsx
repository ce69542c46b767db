import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n, { i18nReady } from '../../../lib/i18n.ts';
import { serve, type Route } from '../../../test/http-test-kit.tsx';
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

const answer = (content: string): Route => ({ status: 200, data: { term_type: 'more_info', content } });

describe('TermsModal', () => {
  it('fetches the more_info text in the current language, through the one HTTP client', async () => {
    let language: unknown;
    const calls = serve({
      'GET /customer/term_filter': (_body, _call, config) => {
        language = config.headers.get('Accept-Language');
        return { status: 200, data: { term_type: 'more_info', content: '<h2>Gizlilik</h2><p>Metin</p>' } };
      },
    });
    render(<TermsModal open onClose={() => {}} />);
    expect(await screen.findByRole('heading', { name: 'Gizlilik' })).toBeInTheDocument();
    expect(calls).toEqual([{ method: 'GET', url: '/customer/term_filter', body: undefined, params: { term_type: 'more_info' } }]);
    expect(language).toBe('tr');
  });

  it('removes scripts and event handlers from the HTML', async () => {
    serve({
      'GET /customer/term_filter': answer(
        '<p>Güvenli metin</p><script>window.__pwned = true</script><img src="x" onerror="window.__pwned = true"><a href="javascript:alert(1)">bağlantı</a>',
      ),
    });
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
    serve({ 'GET /customer/term_filter': answer('<p>Hazır</p>') });
    render(<TermsModal open onClose={() => {}} />);
    expect(screen.getByRole('status')).toHaveTextContent('Metin yükleniyor…');
    expect(await screen.findByText('Hazır')).toBeInTheDocument();
  });

  it('offers a retry after a failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let attempt = 0;
    const calls = serve({
      'GET /customer/term_filter': () =>
        ++attempt === 1
          ? { status: 500, data: 'fail' }
          : { status: 200, data: { term_type: 'more_info', content: '<p>İkinci deneme</p>' } },
    });
    render(<TermsModal open onClose={() => {}} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Metin yüklenemedi');
    await userEvent.click(screen.getByRole('button', { name: 'Tekrar dene' }));
    expect(await screen.findByText('İkinci deneme')).toBeInTheDocument();
    expect(calls).toHaveLength(2);
  });

  it('does not fetch while closed', () => {
    const calls = serve({});
    render(<TermsModal open={false} onClose={() => {}} />);
    expect(calls).toHaveLength(0);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

import { screen } from '@testing-library/react';
import i18n from '../../../../lib/i18n.ts';
import { Component as AmazonCallbackPage } from '../amazon-callback-page.tsx';
import { renderAt } from './connections-test-kit.tsx';

const query = '?spapi_oauth_code=code-1&state=st-1&selling_partner_id=A1SELLER';

beforeAll(async () => {
  await i18n.loadNamespaces(['connections']);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/amazon-callback', () => {
  it('posts the code, state and seller id to its opener on this origin only, then closes', async () => {
    const postMessage = vi.fn();
    vi.stubGlobal('opener', { postMessage });
    const close = vi.spyOn(window, 'close').mockImplementation(() => {});
    renderAt(`/amazon-callback${query}`, <AmazonCallbackPage />, '/amazon-callback');
    expect(await screen.findByText('Amazon bağlantısı başarılı, bu pencereyi kapatabilirsiniz')).toBeInTheDocument();
    expect(postMessage).toHaveBeenCalledWith(
      { type: 'amazon-authorization', spapi_oauth_code: 'code-1', state: 'st-1', selling_partner_id: 'A1SELLER' },
      window.location.origin,
    );
    expect(close).toHaveBeenCalled();
  });

  it('explains itself when it has no opener', async () => {
    vi.stubGlobal('opener', null);
    const close = vi.spyOn(window, 'close').mockImplementation(() => {});
    renderAt(`/amazon-callback${query}`, <AmazonCallbackPage />, '/amazon-callback');
    expect(await screen.findByRole('alert')).toHaveTextContent('Amazon yetkilendirmesi için açılan pencerede çalışır');
    expect(close).not.toHaveBeenCalled();
  });

  it('sends nothing when Amazon left out a parameter', async () => {
    const postMessage = vi.fn();
    vi.stubGlobal('opener', { postMessage });
    renderAt('/amazon-callback?state=st-1&selling_partner_id=A1SELLER', <AmazonCallbackPage />, '/amazon-callback');
    expect(await screen.findByRole('alert')).toHaveTextContent("Amazon'dan gerekli bilgiler gelmedi");
    expect(postMessage).not.toHaveBeenCalled();
  });
});

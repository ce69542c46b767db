import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { serve } from '../../../test/http-test-kit.tsx';
import type { LegalTextVersion } from '../api/legal-texts.ts';
import { Component as LegalTextsPage } from '../components/legal-texts-page.tsx';
import { renderAt, setUpExpertScreens } from './admin-test-kit.tsx';

setUpExpertScreens();

const version = (term_type: LegalTextVersion['term_type'], number: number, title: string): LegalTextVersion => ({
  term_type,
  version: number,
  published_at: '2026-11-20T09:00:00.000Z',
  published_by: null,
  tr: { title, content: `<h2>${title}</h2><p>Metin ${number}</p>`, change_note: null },
  en: { title: `${title} EN`, content: `<h2>${title} EN</h2><p>Text ${number}</p>`, change_note: null },
});

const history = [
  version('consent', 2, 'Açık Rıza Metni'),
  version('disclosure', 2, 'KVKK Aydınlatma Metni'),
  version('disclosure', 1, 'KVKK Aydınlatma Metni'),
  version('electronic_message', 2, 'Ticari Elektronik İleti Onayı'),
  version('more_info', 2, 'Gizlilik Politikası'),
];

describe('legal texts page', () => {
  it('shows each text with its current version and publishes a new one after confirmation', async () => {
    const user = userEvent.setup();
    const published: unknown[] = [];
    serve({
      'GET /admin/terms': () => ({ status: 200, data: published.length ? [{ ...history[1]!, version: 3 }, ...history] : history }),
      'POST /admin/terms': (body) => {
        published.push(body);
        return { status: 201, data: { ...history[1]!, version: 3 } };
      },
    });
    renderAt(<LegalTextsPage />, '/admin/legal-texts', '/admin/legal-texts');
    const card = await screen.findByRole('region', { name: 'KVKK Aydınlatma Metni' });
    expect(within(card).getAllByText(/Sürüm 2 ·/)[0]).toBeInTheDocument();
    expect(within(card).getAllByText(/Ürünle gelen metin/)).toHaveLength(3);
    expect(within(card).getByText('Sürüm geçmişi (2)')).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Yeni sürüm yayımla' }));
    const editor = within(card).getByRole('form', { name: 'KVKK Aydınlatma Metni: yeni sürüm' });
    // Starts from the current version in both languages.
    const [turkishText] = within(editor).getAllByRole('textbox', { name: 'Metin (HTML)' });
    expect(turkishText).toHaveValue('<h2>KVKK Aydınlatma Metni</h2><p>Metin 2</p>');
    await user.clear(turkishText!);
    await user.type(turkishText!, '<p>Yeni aktarım bölümü</p>');
    const [turkishNote] = within(editor).getAllByRole('textbox', { name: 'Değişiklik notu' });
    await user.type(turkishNote!, 'Aktarım bölümü güncellendi.');

    await user.click(within(editor).getByRole('button', { name: 'Yayımla' }));
    const confirm = await screen.findByRole('dialog', { name: 'KVKK Aydınlatma Metni, sürüm 3 yayımlansın mı?' });
    expect(within(confirm).getByText(/Sürüm 2 metnini onaylamış satıcılardan/)).toBeInTheDocument();
    expect(published).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Evet, yayımla' }));

    await waitFor(() => expect(published).toHaveLength(1));
    expect(published[0]).toEqual({
      term_type: 'disclosure',
      tr: { title: 'KVKK Aydınlatma Metni', content: '<p>Yeni aktarım bölümü</p>', change_note: 'Aktarım bölümü güncellendi.' },
      en: { title: 'KVKK Aydınlatma Metni EN', content: '<h2>KVKK Aydınlatma Metni EN</h2><p>Text 2</p>' },
    });
    expect(await screen.findByText('KVKK Aydınlatma Metni sürüm 3 yayımlandı.')).toBeInTheDocument();
    await waitFor(() => expect(within(card).queryByRole('form')).not.toBeInTheDocument());
  });

  it('does not send an empty text, and shows the server’s field errors where they belong', async () => {
    const user = userEvent.setup();
    const calls = serve({
      'GET /admin/terms': () => ({ status: 200, data: history }),
      'POST /admin/terms': () => ({
        status: 400,
        data: {
          errors: {
            code: 'validation_failed',
            message: 'Lütfen işaretli alanları düzeltin.',
            fields: { 'en.content': 'Metin boş bırakılamaz.' },
          },
        },
      }),
    });
    renderAt(<LegalTextsPage />, '/admin/legal-texts', '/admin/legal-texts');
    const card = await screen.findByRole('region', { name: 'Açık Rıza Metni' });
    await user.click(within(card).getByRole('button', { name: 'Yeni sürüm yayımla' }));
    const [turkishText, englishText] = within(card).getAllByRole('textbox', { name: 'Metin (HTML)' });
    await user.clear(turkishText!);
    await user.click(within(card).getByRole('button', { name: 'Yayımla' }));
    expect(turkishText).toHaveAccessibleDescription('Metin boş bırakılamaz.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.type(turkishText!, '<p>Rıza</p>');
    await user.click(within(card).getByRole('button', { name: 'Yayımla' }));
    await user.click(await screen.findByRole('button', { name: 'Evet, yayımla' }));
    await waitFor(() => expect(englishText).toHaveAccessibleDescription('Metin boş bırakılamaz.'));
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });
});

import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import i18n, { i18nReady } from '../../../../lib/i18n.ts';
import { Component as UiGalleryPage } from '../ui-gallery-page.tsx';

beforeAll(async () => {
  await i18nReady;
  await i18n.loadNamespaces(['common', 'ui', 'dev', 'feedback']);
  await i18n.changeLanguage('tr');
});

// The whole gallery is a large tree for jsdom.
describe('UiGalleryPage', { timeout: 20000 }, () => {
  it('lists every section in its table of contents, each with an anchor target', () => {
    render(
      <MemoryRouter>
        <UiGalleryPage />
      </MemoryRouter>,
    );
    const toc = screen.getByRole('navigation', { name: 'Galeri bölümleri' });
    const links = within(toc).getAllByRole('link');
    expect(links.length).toBeGreaterThanOrEqual(15);
    for (const link of links) {
      const id = link.getAttribute('href')!.slice(1);
      expect(document.getElementById(id)).toBeInstanceOf(HTMLElement);
    }
  });

  it('shows every button variant in each state', () => {
    render(
      <MemoryRouter>
        <UiGalleryPage />
      </MemoryRouter>,
    );
    const matrix = screen.getByRole('table', { name: 'Buton çeşitleri ve durumları' });
    expect(within(matrix).getAllByRole('row')).toHaveLength(8);
    expect(
      within(matrix)
        .getAllByRole('button')
        .filter((button) => button.hasAttribute('disabled')),
    ).toHaveLength(7);
    expect(
      within(matrix)
        .getAllByRole('button')
        .filter((button) => button.getAttribute('aria-busy') === 'true'),
    ).toHaveLength(14);
  });

  it('opens the modal from its demo', () => {
    render(
      <MemoryRouter>
        <UiGalleryPage />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Modal aç' }));
    expect(screen.getByRole('dialog', { name: 'Bilgilerinizi gönderin' })).toBeInTheDocument();
  });
});

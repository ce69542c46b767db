import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n, { i18nReady, languageStorageKey } from '../../../lib/i18n.ts';
import { startThemeSync, themeStorageKey } from '../../../lib/theme.ts';
import { LanguageSwitch } from '../language-switch.tsx';
import { ThemeToggle } from '../theme-toggle.tsx';

let stop: () => void = () => {};

beforeAll(async () => {
  await i18nReady;
  await i18n.loadNamespaces(['common', 'ui']);
  await i18n.changeLanguage('tr');
});

afterEach(async () => {
  stop();
  await act(() => i18n.changeLanguage('tr'));
});

describe('ThemeToggle', () => {
  it('switches to dark and back, storing the flag', async () => {
    localStorage.setItem(themeStorageKey, 'false');
    stop = startThemeSync();
    render(<ThemeToggle />);
    const toggle = screen.getByRole('switch', { name: 'Koyu tema' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(localStorage.getItem(themeStorageKey)).toBe('true');
    expect(document.documentElement.dataset.theme).toBe('dark');
    await userEvent.click(toggle);
    expect(document.documentElement.dataset.theme).toBe('light');
  });
});

describe('LanguageSwitch', () => {
  it('changes the language and remembers it', async () => {
    render(<LanguageSwitch />);
    expect(screen.getByRole('button', { name: 'TR – Türkçe' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'EN – English' }));
    await waitFor(() => expect(i18n.language).toBe('en'));
    expect(localStorage.getItem(languageStorageKey)).toBe('en');
    expect(await screen.findByRole('group', { name: 'Language' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'EN – English' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('names each button starting with the code it shows (WCAG 2.5.3, label in name)', () => {
    render(<LanguageSwitch />);
    for (const button of screen.getAllByRole('button')) {
      expect(button.getAttribute('aria-label')?.startsWith(button.textContent ?? '—')).toBe(true);
    }
  });
});

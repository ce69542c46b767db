import { act, renderHook } from '@testing-library/react';
import { applyStoredTheme, setDarkMode, startThemeSync, themeChangeEvent, themeStorageKey, useTheme } from '../theme.ts';

let style: HTMLStyleElement;
let stop: () => void = () => {};

beforeEach(() => {
  style = document.createElement('style');
  style.textContent = ":root, [data-theme='light'] { --color-base: #fefefe; } [data-theme='dark'] { --color-base: #15151f; }";
  document.head.appendChild(style);
  document.head.querySelectorAll('meta[name="theme-color"]').forEach((meta) => meta.remove());
  const meta = document.createElement('meta');
  meta.name = 'theme-color';
  meta.content = '#000000';
  document.head.appendChild(meta);
  delete document.documentElement.dataset.theme;
});

afterEach(() => {
  stop();
  style.remove();
});

const themeColour = () => document.querySelector<HTMLMetaElement>('meta[name="theme-color"]')?.content;

describe('theme', () => {
  it('writes light to storage when the flag is missing at start', () => {
    localStorage.removeItem(themeStorageKey);
    stop = startThemeSync();
    expect(localStorage.getItem(themeStorageKey)).toBe('false');
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it('keeps a stored dark flag at start', () => {
    localStorage.setItem(themeStorageKey, 'true');
    stop = startThemeSync();
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem(themeStorageKey)).toBe('true');
  });

  it('re-reads the theme from storage when themeChange is dispatched on the body', () => {
    localStorage.setItem(themeStorageKey, 'false');
    stop = startThemeSync();
    localStorage.setItem(themeStorageKey, 'true');
    expect(document.documentElement.dataset.theme).toBe('light');
    document.body.dispatchEvent(new Event(themeChangeEvent));
    expect(document.documentElement.dataset.theme).toBe('dark');
  });

  it('does not react to the event once sync is stopped', () => {
    localStorage.setItem(themeStorageKey, 'false');
    startThemeSync()();
    localStorage.setItem(themeStorageKey, 'true');
    document.body.dispatchEvent(new Event(themeChangeEvent));
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it('makes the theme-color meta follow the base layer colour', () => {
    localStorage.setItem(themeStorageKey, 'false');
    stop = startThemeSync();
    expect(themeColour()).toBe('#fefefe');
    setDarkMode(true);
    expect(themeColour()).toBe('#15151f');
    setDarkMode(false);
    expect(themeColour()).toBe('#fefefe');
  });

  it('setDarkMode writes the flag and announces the change', () => {
    stop = startThemeSync();
    const heard = vi.fn();
    document.body.addEventListener(themeChangeEvent, heard);
    setDarkMode(true);
    document.body.removeEventListener(themeChangeEvent, heard);
    expect(localStorage.getItem(themeStorageKey)).toBe('true');
    expect(heard).toHaveBeenCalledTimes(1);
    expect(document.documentElement.dataset.theme).toBe('dark');
  });

  it('useTheme re-renders with the new theme and toggles it', () => {
    localStorage.setItem(themeStorageKey, 'false');
    stop = startThemeSync();
    applyStoredTheme();
    const { result } = renderHook(() => useTheme());
    expect(result.current.isDark).toBe(false);
    act(() => result.current.toggleTheme());
    expect(result.current.theme).toBe('dark');
    expect(localStorage.getItem(themeStorageKey)).toBe('true');
  });
});

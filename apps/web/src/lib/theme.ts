/*
 * Light and dark theme (specification §4). The flag lives in localStorage as 'isDarkMode'
 * ('true' / 'false'); public/theme-boot.js applies it before the first paint with the same rules.
 * Anything may change the flag and then dispatch 'themeChange' on document.body: the theme is
 * re-read from storage, so every tab and widget agrees on one source of truth.
 */
import { useSyncExternalStore } from 'react';

export type ThemeName = 'light' | 'dark';

export const themeStorageKey = 'isDarkMode';
export const themeChangeEvent = 'themeChange';

// Used when the stylesheet has not been applied yet (tests, very early calls).
const fallbackBaseColour: Record<ThemeName, string> = { light: '#ffffff', dark: '#15151f' };

let currentTheme: ThemeName = 'light';
const listeners = new Set<() => void>();

/** Reads the stored flag; a missing or unreadable flag is written as light. */
export function readStoredDarkMode(): boolean {
  try {
    const stored = localStorage.getItem(themeStorageKey);
    if (stored === null) {
      localStorage.setItem(themeStorageKey, 'false');
      return false;
    }
    return stored === 'true';
  } catch {
    return false;
  }
}

function syncThemeColourMeta(theme: ThemeName): void {
  let meta = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'theme-color';
    document.head.appendChild(meta);
  }
  const base = getComputedStyle(document.documentElement).getPropertyValue('--color-base').trim();
  meta.content = base || fallbackBaseColour[theme];
}

/** Re-reads the flag and applies it to <html data-theme> and the theme-colour meta tag. */
export function applyStoredTheme(): ThemeName {
  const theme: ThemeName = readStoredDarkMode() ? 'dark' : 'light';
  document.documentElement.dataset.theme = theme;
  syncThemeColourMeta(theme);
  if (theme !== currentTheme) {
    currentTheme = theme;
    listeners.forEach((listener) => listener());
  }
  return theme;
}

/** Writes the flag and announces the change the same way any other part of the page would. */
export function setDarkMode(on: boolean): void {
  try {
    localStorage.setItem(themeStorageKey, on ? 'true' : 'false');
  } catch {
    // Storage unavailable: the event below still re-reads, falling back to light.
  }
  document.body.dispatchEvent(new Event(themeChangeEvent));
}

let stopSync: (() => void) | null = null;

/**
 * Applies the stored theme and starts listening for 'themeChange' on the body and for storage
 * changes from other tabs. Idempotent; returns a function that stops listening.
 */
export function startThemeSync(): () => void {
  applyStoredTheme();
  if (stopSync) return stopSync;
  const onThemeChange = () => applyStoredTheme();
  const onStorage = (event: StorageEvent) => {
    if (event.key === themeStorageKey || event.key === null) applyStoredTheme();
  };
  document.body.addEventListener(themeChangeEvent, onThemeChange);
  window.addEventListener('storage', onStorage);
  stopSync = () => {
    document.body.removeEventListener(themeChangeEvent, onThemeChange);
    window.removeEventListener('storage', onStorage);
    stopSync = null;
  };
  return stopSync;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getSnapshot(): ThemeName {
  return currentTheme;
}

export function useTheme() {
  const theme = useSyncExternalStore(subscribe, getSnapshot, () => 'light' as ThemeName);
  const isDark = theme === 'dark';
  return { theme, isDark, setDarkMode, toggleTheme: () => setDarkMode(!isDark) };
}

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { withFontFiles } from './theme-boot.ts';

// public/theme-boot.js as the build writes it into index.html, run against the page's storage.
const script = withFontFiles(readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../public/theme-boot.js'), 'utf8'), [
  'roboto-core-wght-x2.woff2',
  'roboto-turkish-wght-x3.woff2',
]);

describe('theme boot', () => {
  afterEach(() => {
    localStorage.clear();
    document.head.innerHTML = '';
  });

  it('preloads the font with the app when the pre-rendered page is not shown', () => {
    const preloaded = (stored: Record<string, string>) => {
      document.head.innerHTML = '';
      localStorage.clear();
      for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
      new Function(script)();
      return [...document.head.querySelectorAll('link[rel="preload"][as="font"]')].map((link) => {
        expect(link).toHaveAttribute('crossorigin', 'anonymous');
        return link.getAttribute('href');
      });
    };
    // Signed in: the page paints when the app does, so the fonts come with its code.
    expect(preloaded({ refresh_token: 'r1' })).toEqual(['/assets/roboto-core-wght-x2.woff2', '/assets/roboto-turkish-wght-x3.woff2']);
    expect(preloaded({ refresh_token: 'r1', preferredLanguage: 'en' })).toEqual(['/assets/roboto-core-wght-x2.woff2']);
    // The pre-rendered sign-in page asks for them itself.
    expect(preloaded({})).toEqual([]);
    localStorage.clear();
  });
});

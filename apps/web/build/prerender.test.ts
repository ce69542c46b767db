// @vitest-environment node
import { readFileSync } from 'node:fs';
import { renderSignInPage, inert } from '../src/prerender/sign-in-page.tsx';
import { assertNoPreloadOf, withoutPreloads, withPrerender } from './prerender.ts';
import { withFontFiles } from './theme-boot.ts';

const builtIndex =
  '<!doctype html><html lang="tr"><head><title>x</title></head><body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>';

describe('pre-rendered sign-in page', () => {
  it('renders the Turkish sign-in tab with both fields, none of them taking input', async () => {
    const markup = await renderSignInPage();
    expect(markup).toContain('<h1');
    expect(markup).toContain('Tekrar hoş geldiniz');
    expect(markup).toMatch(/<input readonly=""[^>]*name="email"/);
    expect(markup).toMatch(/<input readonly=""[^>]*name="password"/);
    expect(markup.match(/<input\b/g)?.length).toBe(markup.match(/<input readonly=""/g)?.length);
    // Without its script a submit button would send the password in the address.
    expect(markup).not.toContain('type="submit"');
    expect(markup).toContain('role="tablist"');
  });

  it('makes fields read-only and submit buttons plain', () => {
    expect(inert('<form><input name="a"/><button class="x" type="submit">Go</button></form>')).toBe(
      '<form><input readonly="" name="a"/><button class="x" type="button">Go</button></form>',
    );
  });

  it('puts the markup into an inert #root and the route stylesheet into the head', () => {
    const page = withPrerender(builtIndex, '<main>hello $& $1</main>', '.a{color:red}');
    expect(page).toContain('<div id="root" data-prerendered="sign-in" inert><main>hello $& $1</main></div>');
    expect(page.indexOf('<style data-prerendered>.a{color:red}')).toBeLessThan(page.indexOf('</head>'));
    expect(page).toContain("[data-theme='dark'] #root[data-prerendered] [role='switch'] svg { visibility: hidden; }");
    // Above the phone breakpoint the copy shows once its end marker, right after #root, is parsed.
    expect(page).toContain('</main></div><template id="prerendered-end"></template>');
    expect(page).toContain('@media (min-width: 769px) { body:not(:has(#prerendered-end))');
    // That width is where public-layout.module.css stops stacking the page for phones.
    const layoutCss = readFileSync(new URL('../src/app/layouts/public-layout.module.css', import.meta.url), 'utf8');
    expect(layoutCss).toMatch(/@media \(max-width: 768px\) \{\s*\.layout \{\s*grid-template-columns: minmax\(0, 1fr\);/);
  });

  it('takes the inlined stylesheets out of the preload lists and renumbers the rest', () => {
    // The shape Vite 7 writes (vite:build-import-analysis): one list of files, indices per import.
    const chunk =
      'const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["assets/a.js","assets/a.css","assets/b.js","assets/b.css"])))=>i.map(i=>d[i]);' +
      'x(()=>import("./a.js"),__vite__mapDeps([0,1]));y(()=>import("./b.js"),__vite__mapDeps([2,1,3]));';
    const rewritten = withoutPreloads(chunk, new Set(['assets/a.css']));
    expect(rewritten).toContain('m.f=["assets/a.js","assets/b.js","assets/b.css"]');
    expect(rewritten).toContain('__vite__mapDeps([0])');
    expect(rewritten).toContain('__vite__mapDeps([1,2])');
    expect(withoutPreloads(chunk, new Set(['assets/other.css']))).toBe(chunk);
    expect(withoutPreloads('no imports here', new Set(['assets/a.css']))).toBe('no imports here');
    // Rewritten, the chunk names the inlined stylesheet no more; in a shape the rewrite does not
    // read (here the list under another name), it still does, and the build stops.
    expect(() => assertNoPreloadOf('a.js', rewritten, new Set(['assets/a.css']))).not.toThrow();
    const otherShape = chunk.replaceAll('m.f', 'm.files');
    expect(withoutPreloads(otherShape, new Set(['assets/a.css']))).toBe(otherShape);
    expect(() => assertNoPreloadOf('a.js', otherShape, new Set(['assets/a.css']))).toThrow(/still preloads inlined assets\/a.css/);
  });

  it('fills in the font files the theme boot preloads when the pre-rendered page is not shown', () => {
    const script = readFileSync(new URL('../public/theme-boot.js', import.meta.url), 'utf8');
    const assets = [
      'index-a1.js',
      'roboto-latin-ext-wght-normal-x1.woff2',
      'roboto-latin-wght-normal-x2.woff2',
      'roboto-core-wght-x3.woff2',
      'roboto-turkish-wght-x4.woff2',
    ];
    const filled = withFontFiles(script, assets);
    // The cuts a Turkish or English page draws with, not the full latin face.
    expect(filled).toContain('var fonts = {"core":"/assets/roboto-core-wght-x3.woff2","turkish":"/assets/roboto-turkish-wght-x4.woff2"};');
    for (const face of ['roboto-core-wght-', 'roboto-turkish-wght-']) {
      const others = assets.filter((name) => !name.startsWith(face));
      expect(() => withFontFiles(script, others)).toThrow(face);
    }
    expect(() => withFontFiles('(function () {})();', assets)).toThrow(/font list/);
  });

  it('refuses a page whose #root is not the empty one the build writes', () => {
    expect(() => withPrerender(builtIndex.replace('<div id="root"></div>', '<div id="app"></div>'), 'x', '')).toThrow(/#root/);
  });
});

import path from 'node:path';
import type { OutputBundle, OutputChunk } from 'rollup';
import { bootPreloadScript, preloadTable, type FirstRoutePreloadOptions } from './first-route-preload.ts';

const src = path.join(path.sep, 'app', 'src');

function chunk(fileName: string, module: string | null, imports: string[] = [], css: string[] = [], isEntry = false): OutputChunk {
  return {
    type: 'chunk',
    fileName,
    facadeModuleId: module && path.join(src, module),
    moduleIds: module ? [path.join(src, module)] : [],
    imports,
    isEntry,
    viteMetadata: { importedCss: new Set(css), importedAssets: new Set() },
  } as unknown as OutputChunk;
}

// The shape of a real build: the entry, a shared chunk the entry also imports, per-language locale chunks.
const bundle = Object.fromEntries(
  [
    chunk('assets/index.js', 'main.tsx', [], [], true),
    chunk(
      'assets/login-page.js',
      'features/auth/components/login-page.tsx',
      ['assets/text-field.js', 'assets/index.js'],
      ['assets/login-page.css'],
    ),
    chunk('assets/text-field.js', null, ['assets/index.js'], ['assets/text-field.css']),
    chunk('assets/common-tr.js', 'locales/tr/common.json'),
    chunk('assets/common-en.js', 'locales/en/common.json'),
    chunk('assets/auth-tr.js', 'locales/tr/auth.json'),
    chunk('assets/auth-en.js', 'locales/en/auth.json'),
  ].map((item) => [item.fileName, item]),
) as OutputBundle;

const options: FirstRoutePreloadOptions = {
  themeBoot: 'unused',
  initialNamespaces: ['common'],
  routes: { '/': { modules: ['features/auth/components/login-page.tsx'], namespaces: ['auth'] } },
};

describe('first-route preload', () => {
  it('lists the route chunk, its static imports and stylesheets, never the entry', () => {
    const table = preloadTable(bundle, src, options);
    expect(table.languages).toEqual({ tr: ['/assets/common-tr.js'], en: ['/assets/common-en.js'] });
    expect(table.routes['/']!.tr).toEqual([
      '/assets/auth-tr.js',
      '/assets/login-page.css',
      '/assets/login-page.js',
      '/assets/text-field.css',
      '/assets/text-field.js',
    ]);
    expect(table.routes['/']!.en).toContain('/assets/auth-en.js');
  });

  it('fails the build when a configured route module has no chunk', () => {
    expect(() => preloadTable(bundle, src, { ...options, routes: { '/x': { modules: ['gone.tsx'], namespaces: [] } } })).toThrow(
      /no chunk for src\/gone\.tsx/,
    );
  });

  it('adds the stored language’s links for the current path in the browser', () => {
    const script = bootPreloadScript(preloadTable(bundle, src, options));
    const run = () => new Function(script)();
    document.head.innerHTML = '';
    localStorage.setItem('preferredLanguage', 'en');
    window.history.replaceState(null, '', '/');
    run();
    const links = [...document.head.querySelectorAll('link')].map((link) => [link.rel, link.getAttribute('href'), link.getAttribute('as')]);
    expect(links).toContainEqual(['modulepreload', '/assets/common-en.js', null]);
    expect(links).toContainEqual(['modulepreload', '/assets/auth-en.js', null]);
    expect(links).toContainEqual(['preload', '/assets/login-page.css', 'style']);
    expect(links.some(([, href]) => href === '/assets/common-tr.js')).toBe(false);

    document.head.innerHTML = '';
    window.history.replaceState(null, '', '/worq-trade/summary');
    localStorage.removeItem('preferredLanguage');
    run();
    expect([...document.head.querySelectorAll('link')].map((link) => link.getAttribute('href'))).toEqual(['/assets/common-tr.js']);
  });
});

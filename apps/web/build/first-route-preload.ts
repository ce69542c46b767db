import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { OutputBundle, OutputChunk } from 'rollup';
import type { Plugin } from 'vite';

/** A page worth starting early: its route modules (relative to src/) and its text namespaces. */
export interface FirstRoute {
  modules: string[];
  namespaces: string[];
}

export interface FirstRoutePreloadOptions {
  /** Namespaces every page loads at start (lib/i18n.ts initialNamespaces). */
  initialNamespaces: readonly string[];
  /** Exact path → what that page needs; other paths get the initial namespaces only. */
  routes: Record<string, FirstRoute>;
  /** The theme boot script, which the build script replaces and extends. */
  themeBoot: string;
}

/**
 * Without help a first visit loads in three hops: index.html, then the entry script, then (once it
 * runs) the route's lazy chunk and its translations. This plugin writes one hashed boot script in
 * place of `/theme-boot.js`: the theme boot as before, then `<link rel="modulepreload">` (and style preloads) for the
 * translation chunks of the stored language and, on a known path, the route's chunks and their
 * imports, so they download beside the entry script. A classic script in the head (no inline code:
 * the CSP allows only 'self'), fetched as early as the theme boot already was.
 */
export function firstRoutePreload(options: FirstRoutePreloadOptions): Plugin {
  let root = '';
  return {
    name: 'worq-first-route-preload',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_output, bundle) {
      const html = bundle['index.html'];
      if (!html || html.type !== 'asset') return;
      const table = preloadTable(bundle, path.join(root, 'src'), options);
      const themeBoot = readFileSync(options.themeBoot, 'utf8');
      const source = `${themeBoot}\n${bootPreloadScript(table)}`;
      const fileName = `assets/boot-${createHash('sha256').update(source).digest('base64url').slice(0, 8)}.js`;
      this.emitFile({ type: 'asset', fileName, source });
      const before = String(html.source);
      html.source = before.replace('<script src="/theme-boot.js"></script>', `<script src="/${fileName}"></script>`);
      if (html.source === before) this.error('index.html has no <script src="/theme-boot.js"> to replace');
    },
  };
}

export interface PreloadTable {
  /** language → chunk URLs of the initial namespaces */
  languages: Record<string, string[]>;
  /** path → language → chunk URLs of the route's modules, their imports and its namespaces */
  routes: Record<string, Record<string, string[]>>;
}

export function preloadTable(bundle: OutputBundle, srcDir: string, options: FirstRoutePreloadOptions): PreloadTable {
  const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
  const byModule = new Map(chunks.filter((chunk) => chunk.facadeModuleId).map((chunk) => [path.normalize(chunk.facadeModuleId!), chunk]));
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const entries = new Set(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));

  const chunkOf = (relative: string): OutputChunk => {
    const id = path.join(srcDir, relative);
    // A module another chunk imports statically lives inside that chunk rather than in its own.
    const chunk = byModule.get(id) ?? chunks.find((candidate) => candidate.moduleIds.some((moduleId) => path.normalize(moduleId) === id));
    if (!chunk) throw new Error(`first-route-preload: no chunk for src/${relative}`);
    return chunk;
  };
  /** The chunk and everything it imports statically, without the entry (already loading). */
  const withImports = (chunk: OutputChunk, into: Set<string>) => {
    if (entries.has(chunk.fileName) || into.has(chunk.fileName)) return;
    into.add(chunk.fileName);
    // Stylesheets Vite would add when the chunk loads (`viteMetadata.importedCss`).
    for (const css of chunk.viteMetadata?.importedCss ?? []) into.add(css);
    for (const imported of chunk.imports) {
      const dependency = byFile.get(imported);
      if (dependency) withImports(dependency, into);
    }
  };
  const localeFiles = (language: string, namespaces: readonly string[]) => {
    const files = new Set<string>();
    for (const namespace of namespaces) withImports(chunkOf(`locales/${language}/${namespace}.json`), files);
    return files;
  };
  const urls = (files: Set<string>) => [...files].sort().map((file) => `/${file}`);

  const languages: PreloadTable['languages'] = {};
  const routes: PreloadTable['routes'] = {};
  for (const language of ['tr', 'en']) {
    languages[language] = urls(localeFiles(language, options.initialNamespaces));
    for (const [routePath, route] of Object.entries(options.routes)) {
      const files = localeFiles(language, route.namespaces);
      for (const module of route.modules) withImports(chunkOf(module), files);
      (routes[routePath] ??= {})[language] = urls(files);
    }
  }
  return { languages, routes };
}

/** The browser side: pick the stored language (lib/i18n.ts rules) and the path, add the links. */
export function bootPreloadScript(table: PreloadTable): string {
  return `// First-route preload (build/first-route-preload.ts): the chunks this page will ask for, started now.
(function () {
  var table = ${JSON.stringify(table)};
  var language = 'tr';
  try { if (localStorage.getItem('preferredLanguage') === 'en') language = 'en'; } catch (e) { /* Turkish */ }
  var route = table.routes[location.pathname.replace(/\\/+$/, '') || '/'];
  var files = table.languages[language].concat(route ? route[language] : []);
  for (var i = 0; i < files.length; i += 1) {
    var link = document.createElement('link');
    var css = /\\.css$/.test(files[i]);
    link.rel = css ? 'preload' : 'modulepreload';
    if (css) link.setAttribute('as', 'style');
    link.href = files[i];
    link.crossOrigin = '';
    document.head.appendChild(link);
  }
})();
`;
}

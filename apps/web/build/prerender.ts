import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';
import type { OutputBundle, OutputChunk } from 'rollup';
import { firstVisitScreens } from './chunks.ts';
import { withFontFiles } from './theme-boot.ts';

/** The route modules whose markup is pre-rendered, and whose stylesheets that markup needs: the sign-in page's first visit. */
const firstRouteModules = firstVisitScreens.public;
const serverEntry = 'src/prerender/sign-in-page.tsx';

/**
 * Puts the sign-in page (`/`) into the built index.html as static markup, with the stylesheets of
 * its route inlined, so the first visit paints before any script has run (issue 14; see
 * src/prerender/sign-in-page.tsx). The markup comes from a server build of the same components
 * (CSS Modules name classes the same way in both builds); it is rendered once per build.
 */
export function prerenderSignIn(): Plugin {
  let root = '';
  let outDir = '';
  /** The first route's stylesheets (routeStylesheets), found once per build in generateBundle. */
  let routeCss: string[] = [];
  return {
    name: 'worq-prerender-sign-in',
    apply: (config, env) => env.command === 'build' && !config.build?.ssr,
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After Vite has written each chunk's preload lists (vite:build-import-analysis).
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        routeCss = routeStylesheets(bundle, root);
        const inlined = new Set(routeCss);
        for (const item of Object.values(bundle)) {
          if (item.type !== 'chunk') continue;
          item.code = withoutPreloads(item.code, inlined);
          assertNoPreloadOf(item.fileName, item.code, inlined);
        }
      },
    },
    async writeBundle() {
      const markup = await renderServerSide(root);
      const css = routeCss.map((file) => readFileSync(path.join(outDir, file), 'utf8')).join('\n');
      const indexFile = path.join(outDir, 'index.html');
      const inlined = inlineHead(readFileSync(indexFile, 'utf8'), outDir, path.join(root, 'public'));
      writeFileSync(indexFile, withPrerender(inlined, markup, css));
    },
  };
}

/**
 * The head's render-blocking files written into the page: the entry stylesheet and the theme boot
 * script. On a slow link each is one more round trip before the first paint; together they are
 * about 5 kB compressed. The server allows the inline script by its hash (apps/api plugins/spa.ts).
 */
function inlineHead(index: string, outDir: string, publicDir: string): string {
  const stylesheet = /<link rel="stylesheet" crossorigin href="(\/assets\/index-[\w-]+\.css)">/.exec(index);
  if (!stylesheet) throw new Error('prerender: index.html links no entry stylesheet');
  const boot = '<script src="/theme-boot.js"></script>';
  if (!index.includes(boot)) throw new Error('prerender: index.html has no theme boot script');
  const css = readFileSync(path.join(outDir, stylesheet[1]!), 'utf8');
  const script = withFontFiles(
    readFileSync(path.join(publicDir, 'theme-boot.js'), 'utf8').trim(),
    readdirSync(path.join(outDir, 'assets')),
  );
  return index
    .replace(stylesheet[0], () => `<style>${css.replaceAll('</style', '<\\/style')}</style>`)
    .replace(boot, () => `<script>${script}</script>`);
}

/** The copy is rendered in the light theme; on a dark page its theme switch would show the wrong icon for a moment. */
const darkThemeRule = "\n[data-theme='dark'] #root[data-prerendered] [role='switch'] svg { visibility: hidden; }";

/** The element written right after #root: its presence tells the stylesheet the whole copy is parsed. */
const copyEndId = 'prerendered-end';

/**
 * A browser paints a page it is still parsing, and the copy arrives in pieces on a slow link. Above
 * the phone breakpoint of public-layout.module.css the form and the brand panel are centred
 * vertically, so each piece moved everything already shown: there the copy stays hidden until its
 * last element is parsed. On a phone it is
 * top-aligned, and its first pieces show at once. Browsers without :has() show it as before.
 */
const wholeCopyRule = `\n@media (min-width: 769px) { body:not(:has(#${copyEndId})) #root[data-prerendered] { visibility: hidden; } }`;

/** index.html with the markup in #root (inert until the live page replaces it) and the route's CSS before </head>. */
export function withPrerender(index: string, markup: string, css: string): string {
  if (!index.includes('<div id="root"></div>')) throw new Error('prerender: index.html has no empty #root');
  return index
    .replace(
      '</head>',
      () => `<style data-prerendered>${css.replaceAll('</style', '<\\/style')}${darkThemeRule}${wholeCopyRule}</style>\n  </head>`,
    )
    .replace(
      '<div id="root"></div>',
      () => `<div id="root" data-prerendered="sign-in" inert>${markup}</div><template id="${copyEndId}"></template>`,
    );
}

/**
 * A chunk's code with `files` taken out of its dynamic imports' preload lists. Every page is
 * index.html, whose head holds the first route's stylesheets inline (withPrerender), so a later
 * `<link rel="stylesheet">` for one of them would fetch and apply the same rules again, and the
 * import would wait for it. Vite writes the lists as one array of file names, `m.f=[...]`, and
 * each import as `__vite__mapDeps([indices])`; both are rewritten, the indices renumbered.
 */
export function withoutPreloads(code: string, files: ReadonlySet<string>): string {
  const list = /m\.f=(\[[^\]]*\])/.exec(code);
  if (!list) return code;
  const names = JSON.parse(list[1]!) as string[];
  const kept = names.filter((name) => !files.has(name));
  if (kept.length === names.length) return code;
  const renumbered = new Map(kept.map((name, index) => [names.indexOf(name), index]));
  return code
    .replace(list[0], () => `m.f=${JSON.stringify(kept)}`)
    .replace(/__vite__mapDeps\(\[([\d,]*)\]\)/g, (_call, indices: string) => {
      const next = indices.split(',').flatMap((index) => {
        const moved = renumbered.get(Number(index));
        return moved === undefined ? [] : [moved];
      });
      return `__vite__mapDeps([${next.join(',')}])`;
    });
}

/**
 * Stops the build when a chunk still names an inlined stylesheet after withoutPreloads: Vite wrote
 * its preload lists in a shape the rewrite no longer reads, and a route would fetch that stylesheet
 * again (the byte budget, e2e/budget.json, would show it only as more requests).
 */
export function assertNoPreloadOf(fileName: string, code: string, files: ReadonlySet<string>): void {
  const named = [...files].filter((file) => code.includes(`"${file}"`));
  if (named.length > 0) {
    throw new Error(
      `prerender: ${fileName} still preloads inlined ${named.join(', ')}; Vite's preload lists changed shape (withoutPreloads)`,
    );
  }
}

/** The stylesheets the first route's chunks import, its static imports included, in load order (the entry's own is linked already). */
function routeStylesheets(bundle: OutputBundle, root: string): string[] {
  const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const entryCss = new Set(chunks.filter((chunk) => chunk.isEntry).flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]));
  const seen = new Set<string>();
  const css: string[] = [];
  const visit = (chunk: OutputChunk) => {
    if (seen.has(chunk.fileName) || chunk.isEntry) return;
    seen.add(chunk.fileName);
    for (const imported of chunk.imports) {
      const next = byFile.get(imported);
      if (next) visit(next);
    }
    for (const file of chunk.viteMetadata?.importedCss ?? []) if (!entryCss.has(file) && !css.includes(file)) css.push(file);
  };
  for (const module of firstRouteModules) {
    // A first visit's screen may share a chunk with others (build/chunks.ts), so it is looked up by its modules.
    const chunk = chunks.find((item) => item.moduleIds.includes(path.join(root, module)));
    if (!chunk) throw new Error(`prerender: no chunk for ${module}`);
    visit(chunk);
  }
  return css;
}

/** Builds the server entry into a scratch folder, imports it and renders the page. */
async function renderServerSide(root: string): Promise<string> {
  const scratch = mkdtempSync(path.join(tmpdir(), 'worq-prerender-'));
  try {
    await build({
      root,
      configFile: false,
      logLevel: 'warn',
      plugins: [react()],
      build: { ssr: path.join(root, serverEntry), outDir: scratch, emptyOutDir: true, target: 'node20' },
      ssr: { noExternal: true },
    });
    const entry = pathToFileURL(path.join(scratch, 'sign-in-page.js')).href;
    const module = (await import(entry)) as { renderSignInPage: () => Promise<string> };
    return await module.renderSignInPage();
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

// @vitest-environment node
import { initialNamespaces } from '../src/lib/i18n.ts';
import { existsSync } from 'node:fs';
import {
  chunkRule,
  firstVisitOf,
  firstVisits,
  missingChunkPaths,
  screenArea,
  startUpTextsChunk,
  type ModuleFacts,
  type ModuleGraph,
} from './chunks.ts';

const web = '/repo/apps/web';
const lib = (path: string) => `/repo/node_modules/${path}`;
const src = (path: string) => `${web}/src/${path}`;

/** A module graph as Rollup reports it, from each module's static and dynamic imports. */
function graphOf(modules: Record<string, { imports?: string[]; dynamic?: string[]; code?: string }>, entry: string): ModuleGraph {
  const facts = new Map<string, ModuleFacts & { importers: string[]; dynamicImporters: string[] }>();
  const factsOf = (id: string) => {
    let known = facts.get(id);
    if (!known) facts.set(id, (known = { isEntry: id === entry, importers: [], dynamicImporters: [], importedIds: [] }));
    return known;
  };
  for (const [id, { imports = [], dynamic = [], code }] of Object.entries(modules)) {
    factsOf(id).importedIds = imports;
    factsOf(id).code = code ?? null;
    for (const imported of imports) factsOf(imported).importers.push(id);
    for (const imported of dynamic) factsOf(imported).dynamicImporters.push(id);
  }
  return { getModuleInfo: (id) => facts.get(id) ?? null, getModuleIds: () => facts.keys() };
}

const html = `${web}/index.html`;
const screens = {
  layout: src('app/layouts/signed-in-layout.tsx'),
  applications: src('features/worq-trade/components/applications-page.tsx'),
  dashboard: src('features/insight/components/dashboard-page.tsx'),
  publicLayout: src('app/layouts/public-layout.tsx'),
  login: src('features/auth/components/login-page.tsx'),
  signUp: src('features/auth/components/sign-up-form.tsx'),
  forgotPassword: src('features/auth/components/forgot-password-page.tsx'),
  gallery: src('features/dev/components/ui-gallery-page.tsx'),
  review: src('features/admin/components/review-queue-page.tsx'),
  decisions: src('features/admin/components/application-review-page.tsx'),
  contactForms: src('features/admin/components/contact-forms-page.tsx'),
};
const graph = graphOf(
  {
    [html]: { imports: [src('main.tsx')] },
    [src('main.tsx')]: {
      imports: [lib('react/index.js'), src('lib/http-client.ts'), '\0vite/preload-helper.js', src('styles/global.css')],
      dynamic: [src('app/app.tsx'), src('lib/i18n.ts')],
    },
    [src('lib/http-client.ts')]: { imports: [src('lib/token-storage.ts')], dynamic: [src('lib/http-transport.ts')] },
    [src('lib/i18n.ts')]: { imports: [lib('react/index.js'), src('lib/translator.ts')] },
    [src('app/app.tsx')]: {
      imports: [src('lib/theme.ts'), src('components/ui/button.tsx')],
      dynamic: [...Object.values(screens), src('app/analytics/analytics-wiring.ts')],
    },
    // Loaded after consent on every page; listens for the sign-in screens' events.
    [src('app/analytics/analytics-wiring.ts')]: { imports: [src('lib/analytics/auth-events.ts')], dynamic: [src('lib/format.ts')] },
    [src('components/ui/button.tsx')]: { imports: [lib('react/index.js'), src('components/ui/button.module.css')] },
    [screens.applications]: {
      imports: [
        src('components/ui/card.tsx'),
        src('components/ui/single.tsx'),
        src('features/x/chart.tsx'),
        src('features/x/a.tsx'),
        src('features/x/uses-transport.ts'),
      ],
    },
    [screens.dashboard]: {
      imports: [
        src('components/ui/card.tsx'),
        src('features/x/chart.tsx'),
        src('features/x/a.tsx'),
        src('features/x/uses-transport.ts'),
        src('features/x/dev-and-one.tsx'),
      ],
    },
    [screens.layout]: {
      imports: [src('components/ui/icon.tsx'), src('components/ui/card.tsx'), src('app/layouts/side-menu.tsx'), src('lib/format.ts')],
    },
    // The layout's own part, and through it a module the back-office uses too.
    [src('app/layouts/side-menu.tsx')]: { imports: [src('app/layouts/side-menu.module.css'), src('features/x/with-admin.ts')] },
    [src('features/x/with-admin.ts')]: { imports: [src('lib/format.ts')] },
    [screens.login]: {
      imports: [
        src('components/ui/icon.tsx'),
        src('components/ui/form.tsx'),
        src('features/auth/components/heading.tsx'),
        src('lib/analytics/auth-events.ts'),
      ],
      dynamic: [screens.signUp],
    },
    [screens.signUp]: {
      imports: [
        src('features/auth/components/heading.tsx'),
        src('features/auth/components/consent.tsx'),
        src('components/ui/code-input.tsx'),
      ],
    },
    // The sign-up form and a page a first visit does not open share the code input.
    [screens.forgotPassword]: { imports: [src('components/ui/code-input.tsx'), src('features/auth/components/heading.tsx')] },
    [src('components/ui/code-input.tsx')]: { imports: [lib('react/index.js')] },
    [screens.publicLayout]: { imports: [src('components/ui/form.tsx'), src('features/auth/components/consent.tsx')] },
    // Both take their texts from the start-up's i18n module; the consent boxes render <Trans> too.
    [src('features/auth/components/heading.tsx')]: { imports: [src('lib/i18n.ts')] },
    [src('features/auth/components/consent.tsx')]: { imports: [src('lib/i18n.ts'), src('lib/trans.tsx')] },
    [src('lib/trans.tsx')]: { imports: [lib('react/index.js'), src('lib/translator.ts')] },
    [screens.gallery]: { imports: [src('components/ui/icon.tsx'), src('features/x/dev-and-one.tsx')] },
    [screens.review]: { imports: [src('components/ui/form.tsx'), src('features/x/with-admin.ts'), src('features/x/admin-only.ts')] },
    [screens.decisions]: { imports: [src('features/x/admin-only.ts'), src('features/x/admin-later.ts')] },
    // The back-office's opening screen shares it with a later one; it imports the shared formatting.
    [src('features/x/admin-only.ts')]: { imports: [src('lib/format.ts')] },
    [screens.contactForms]: { imports: [src('features/x/admin-later.ts')] },
    [src('features/x/admin-later.ts')]: { imports: [lib('react/index.js')] },
    [src('components/ui/card.tsx')]: {
      imports: [lib('react/index.js'), src('lib/i18n.ts'), src('components/ui/button.tsx'), src('components/ui/card.module.css')],
    },
    [src('components/ui/form.tsx')]: { imports: [lib('react-hook-form/dist/index.esm.mjs')] },
    [src('features/x/chart.tsx')]: { imports: [lib('recharts/es6/index.js')] },
    // An import cycle with a library behind one side: neither may join a shared chunk.
    [src('features/x/a.tsx')]: { imports: [src('features/x/b.tsx')] },
    [src('features/x/b.tsx')]: { imports: [src('features/x/a.tsx'), lib('recharts/es6/index.js')] },
    [src('lib/http-transport.ts')]: { imports: [src('features/x/uses-transport.ts')] },
  },
  html,
);
const chunkOf = chunkRule(graph);

describe('build chunks', () => {
  it("names the start-up's chunks, its libraries one per step", () => {
    expect(chunkOf(lib('react/index.js'))).toBe('react');
    expect(chunkOf(src('lib/i18n.ts'))).toBe('i18n');
    expect(chunkOf(src('lib/translator.ts'))).toBe('i18n');
    expect(chunkOf('\0vite/preload-helper.js')).toBe('preload-helper');
    expect(chunkOf(src('lib/token-storage.ts'))).toBe('http-client');
    expect(chunkOf(src('lib/http-client.ts'))).toBe('http-client');
    expect(chunkOf(src('lib/theme.ts'))).toBe('app');
    expect(chunkOf(src('components/ui/button.tsx'))).toBe('app');
    // The entry's own script and stylesheet stay the entry chunk's.
    expect(chunkOf(src('main.tsx'))).toBeUndefined();
    expect(chunkOf(src('styles/global.css'))).toBeUndefined();
  });

  it('groups what several screens share by the first visits reaching it, else by the areas using it', () => {
    // The signed-in layout and the opening screen use the card: only a signed-in first visit loads it.
    expect(chunkOf(src('components/ui/card.tsx'))).toBe('first-signed-in');
    expect(chunkOf(src('components/ui/card.module.css'))).toBe('first-signed-in');
    // The sign-in page and the signed-in layout both show the icons.
    expect(chunkOf(src('components/ui/icon.tsx'))).toBe('first-public-signed-in');
    // The sign-in page's heading, which the sign-up form and the password reset use too.
    expect(chunkOf(src('features/auth/components/heading.tsx'))).toBe('first-public');
    // The back-office's opening screen and the portal's layout (through its side menu).
    expect(chunkOf(src('features/x/with-admin.ts'))).toBe('first-signed-in-admin');
    // What only screens after a first visit use stays grouped by area: the sign-up form's code
    // input, a module two later back-office screens share, and one the developer gallery shares.
    expect(chunkOf(src('components/ui/code-input.tsx'))).toBe('shared-public');
    expect(chunkOf(src('features/x/admin-later.ts'))).toBe('shared-admin');
    expect(chunkOf(src('features/x/dev-and-one.tsx'))).toBe('shared-signed-in');
  });

  it('groups a module whose imports have named chunks of their own (the formatting, the start-up)', () => {
    expect(chunkOf(src('lib/format.ts'))).toBe('format');
    expect(chunkOf(src('features/x/admin-only.ts'))).toBe('first-admin');
  });

  it('puts no module into a chunk a first visit loads unless that visit reaches it', () => {
    const grouped = [...graph.getModuleIds()].map((id) => [id, chunkOf(id)] as const);
    for (const visit of firstVisits) {
      const reached = new Set<string>();
      const queue = [...graph.getModuleIds()].filter((id) => firstVisitOf(id) === visit);
      for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
        if (reached.has(id)) continue;
        reached.add(id);
        queue.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
      }
      const loaded = new Set(grouped.filter(([id, chunk]) => reached.has(id) && chunk?.startsWith('first-')).map(([, chunk]) => chunk));
      expect(loaded.size).toBeGreaterThan(0);
      const unreached = grouped.filter(([id, chunk]) => loaded.has(chunk) && !reached.has(id)).map(([id]) => id);
      expect({ visit, unreached }).toEqual({ visit, unreached: [] });
    }
  });

  it('keeps the analytics events of the sign-in screens with the start-up, which the analytics wiring loads after', () => {
    expect(chunkOf(src('lib/analytics/auth-events.ts'))).toBe('app');
  });

  it("puts a first visit's screens into its chunk only when nothing they reach would come along for other screens", () => {
    // The opening screen reaches a chart the dashboard uses too, which has no chunk of its own.
    expect(chunkOf(screens.applications)).toBeUndefined();
    // The layout's own side menu reaches a module the back-office shares with the portal, which
    // has a chunk (first-signed-in-admin): the layout may join.
    expect(chunkOf(screens.layout)).toBe('first-signed-in');
    // The sign-in page reaches the form stack, which has no chunk of its own.
    expect(chunkOf(screens.login)).toBeUndefined();
    expect(chunkOf(screens.publicLayout)).toBeUndefined();
    expect(chunkOf(screens.review)).toBeUndefined();
    expect(chunkOf(src('features/worq-trade/format.ts'))).toBe('format');
    expect(chunkOf(screens.dashboard)).toBeUndefined();
  });

  it('leaves to Rollup a screen, what one screen alone uses, and what a dynamic import other than a screen reaches', () => {
    expect(chunkOf(screens.dashboard)).toBeUndefined();
    expect(chunkOf(src('components/ui/single.tsx'))).toBeUndefined();
    expect(chunkOf(src('features/x/uses-transport.ts'))).toBeUndefined();
    expect(chunkOf(src('lib/http-transport.ts'))).toBeUndefined();
  });

  it('keeps out what would bring another library to every screen of its area, also through an import cycle', () => {
    expect(chunkOf(src('features/x/chart.tsx'))).toBeUndefined();
    expect(chunkOf(src('components/ui/form.tsx'))).toBeUndefined();
    expect(chunkOf(src('features/x/a.tsx'))).toBeUndefined();
    expect(chunkOf(src('features/x/b.tsx'))).toBeUndefined();
    expect(chunkOf(lib('recharts/es6/index.js'))).toBeUndefined();
  });

  it('groups <Trans> with the screens rendering it, not with the start-up', () => {
    expect(chunkOf(src('features/auth/components/heading.tsx'))).toBe('first-public');
    expect(chunkOf(src('lib/trans.tsx'))).toBe(chunkOf(src('features/auth/components/consent.tsx')));
    expect(chunkOf(src('lib/trans.tsx'))).toMatch(/^(first|shared)-/);
  });

  it("puts each language's start-up texts into one chunk and leaves a screen's texts alone", () => {
    for (const namespace of initialNamespaces) {
      expect(chunkOf(src(`locales/tr/${namespace}.json`))).toBe('texts-tr');
      expect(chunkOf(src(`locales/en/${namespace}.json`))).toBe('texts-en');
    }
    expect(startUpTextsChunk(src('locales/tr/worq-trade.json'))).toBeUndefined();
    expect(startUpTextsChunk(src('locales/en/auth.json'))).toBeUndefined();
  });

  it('tells the areas apart by path', () => {
    expect(screenArea(screens.review)).toBe('admin');
    expect(screenArea(screens.login)).toBe('public');
    expect(screenArea(screens.layout)).toBe('signed-in');
    expect(screenArea(src('features/worq-trade/api/first-reads.ts'))).toBe('signed-in');
    expect(screenArea(src('app/layouts/dev-layout.tsx'))).toBe('dev');
    expect(screenArea(src('lib/http-transport.ts'))).toBeNull();
    expect(firstVisitOf(screens.layout)).toBe('signed-in');
    expect(firstVisitOf(screens.applications)).toBe('signed-in');
    expect(firstVisitOf(src('features/worq-trade/api/first-reads.ts'))).toBe('signed-in');
    expect(firstVisitOf(screens.login)).toBe('public');
    expect(firstVisitOf(screens.publicLayout)).toBe('public');
    expect(firstVisitOf(screens.review)).toBe('admin');
    expect(firstVisitOf(src('features/admin/components/admin-login-page.tsx'))).toBe('admin');
    expect(firstVisitOf(screens.signUp)).toBeUndefined();
    expect(firstVisitOf(screens.dashboard)).toBeUndefined();
    expect(screenArea('C:\\repo\\apps\\web\\src\\features\\auth\\components\\login-page.tsx')).toBe('public');
  });
});

describe('the paths build/chunks.ts names', () => {
  const named = [
    'src/app/app.tsx',
    'src/app/router-library.ts',
    'src/app/layouts/public-layout.tsx',
    'src/features/auth/components/login-page.tsx',
  ];

  it('are files of the web app today', () => {
    const everything = missingChunkPaths([]);
    expect(everything).toEqual(expect.arrayContaining(named));
    for (const file of everything) expect(existsSync(new URL(`../${file}`, import.meta.url)), file).toBe(true);
  });

  it('reports each one a build no longer has, so the build stops (vite.config.ts)', () => {
    const all = missingChunkPaths([]).map((file) => `${web}/${file}`);
    expect(missingChunkPaths(all)).toEqual([]);
    expect(missingChunkPaths(all.filter((id) => !id.endsWith('/login-page.tsx')))).toEqual(['src/features/auth/components/login-page.tsx']);
  });
});

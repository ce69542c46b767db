/*
 * How the build cuts the app into chunks (Rollup's `manualChunks`, vite.config.ts).
 *
 * The start-up gets the chunks Rollup would give it, named so that nothing else is merged into
 * them: one per library step of src/main.tsx (React, React DOM, React Router, the texts), the
 * entry's own imports ("http-client": the HTTP client's front, the token storage), Vite's preload
 * helper, and the app's step ("app": the router table, the session, the toasts). The texts every
 * screen needs are one file per language ("texts-tr", "texts-en").
 *
 * Modules shared by screens are grouped (issue 14). Left to itself, Rollup gives every set of
 * screens sharing a module a chunk of its own: a signed-in first visit of /worq-trade asked for
 * about forty files of one or two kilobytes each (a card, a tag, a page header, their stylesheets),
 * six at a time over HTTP/1.1, each with its headers, and Vite's preload helper appended a link for
 * every one of them in one long task. Here a module shared by two or more screens goes into one
 * chunk per combination of the areas using it (the sign-in pages, the signed-in portal, the
 * back-office), named after them: "shared-signed-in", "shared-public-signed-in". A screen then
 * loads its own chunk, its layout's and a few shared ones; the cost is code of the shared chunk the
 * screen does not use.
 *
 * What a first visit loads is cut apart from that rest, per first visit: the sign-in page (its
 * layout and page), a signed-in visit (the portal's layout and the screen it opens on, /worq-trade)
 * and the back-office's (its layout, review queue and sign-in). A shared module one of those
 * reaches goes into a chunk named after the first visits reaching it ("first-public",
 * "first-public-signed-in-admin"), so that no first visit fetches code only other screens run:
 * area groups made the sign-in page fetch the portal's dialogs and the sign-up form's code input,
 * and a signed-in visit the sign-in fields. A first visit's screens join their own chunk when
 * nothing they reach would drag other screens' code in with them: such a visit then loads one
 * script and one stylesheet for its screens instead of seven files.
 *
 * Rollup puts every static dependency of a grouped module that has no chunk of its own into the
 * group too, so a module is grouped only when each of its imports is grouped as well or is one of
 * the start-up's libraries. What the start-up loads is left alone (a module the entry or one of
 * its steps reaches is not a screen's), and so is a module reached from a dynamic import that is
 * not a screen (the HTTP transport, a text namespace, the PDF writer) or one importing any other
 * library (a chart, the form stack), which would otherwise reach every screen of its area.
 */

/** The parts of Rollup's module info this needs (the `getModuleInfo` of `manualChunks`). */
export interface ModuleFacts {
  isEntry: boolean;
  importers: readonly string[];
  dynamicImporters: readonly string[];
  importedIds: readonly string[];
  /** The module's code as transformed (Rollup's ModuleInfo.code). */
  code?: string | null;
}

/** The module graph as `manualChunks` sees it. */
export interface ModuleGraph {
  getModuleInfo(id: string): ModuleFacts | null;
  getModuleIds(): IterableIterator<string>;
}

const slashes = (id: string) => id.replace(/\\/g, '/');

/** The start-up's libraries, a chunk each: each step of src/main.tsx loads one. */
export function startUpLibraryChunk(id: string): string | undefined {
  const path = slashes(id);
  // React itself goes with the entry; named, or Rollup would put it into one of the chunks below.
  if (path.includes('/node_modules/react/')) return 'react';
  if (/\/node_modules\/(react-dom|scheduler)\//.test(path)) return 'react-dom';
  if (path.includes('/node_modules/react-router/') || path.endsWith('/src/app/router-library.ts')) return 'react-router';
  if (/\/src\/lib\/(i18n|translator)\.ts$/.test(path)) return 'i18n';
  return undefined;
}

/** Which part of the product a screen module belongs to, by its path; null for any other dynamic import. */
export function screenArea(id: string): string | null {
  const path = slashes(id);
  if (path.includes('/node_modules/')) return null;
  if (/\/src\/features\/admin\/components\/[^/]+\.tsx$/.test(path)) return 'admin';
  if (/\/src\/(app\/layouts\/dev-layout|features\/dev\/components\/[^/]+)\.tsx$/.test(path)) return 'dev';
  if (/\/src\/(app\/layouts\/public-layout|features\/auth\/components\/[^/]+)\.tsx$/.test(path)) return 'public';
  if (
    /\/src\/(app\/layouts\/signed-in-layout|features\/(profile|connections|insight|worq-trade|support)\/components\/[^/]+)\.tsx$/.test(path)
  ) {
    return 'signed-in';
  }
  // A screen's first reads load with the screen (app/router.tsx readsOnFirstLoad).
  if (/\/src\/features\/[^/]+\/api\/first-reads\.ts$/.test(path)) return 'signed-in';
  return null;
}

/**
 * The screens each first visit loads, by path in the web app: the sign-in page's layout and page
 * (`/`); the portal's layout and the screen it opens on (/worq-trade, with its first reads); the
 * back-office's layout, its opening screen and its sign-in page (/admin loads all three when
 * signed out). The keys' order is the order chunks are named in.
 */
export const firstVisitScreens = {
  public: ['src/app/layouts/public-layout.tsx', 'src/features/auth/components/login-page.tsx'],
  'signed-in': [
    'src/app/layouts/signed-in-layout.tsx',
    'src/features/worq-trade/components/applications-page.tsx',
    'src/features/worq-trade/api/first-reads.ts',
  ],
  admin: [
    'src/features/admin/components/admin-layout.tsx',
    'src/features/admin/components/review-queue-page.tsx',
    'src/features/admin/components/admin-login-page.tsx',
  ],
} as const;
export type FirstVisit = keyof typeof firstVisitScreens;

/**
 * The paths this module names (the first visits' screens, the app step) that are missing from a
 * build's modules: each is moved or renamed, and its chunks would silently fall back to Rollup's
 * (vite.config.ts fails the build on any).
 */
export function missingChunkPaths(moduleIds: Iterable<string>): string[] {
  const ids = [...moduleIds].map(slashes);
  const named = ['src/app/app.tsx', 'src/app/router-library.ts', ...Object.values(firstVisitScreens).flat()];
  return named.filter((file) => !ids.some((id) => id.endsWith(`/${file}`)));
}
export const firstVisits = Object.keys(firstVisitScreens) as FirstVisit[];

/** Which first visit loads a screen module, if one does. */
export function firstVisitOf(id: string): FirstVisit | undefined {
  const path = slashes(id);
  return firstVisits.find((visit) => firstVisitScreens[visit].some((screen) => path.endsWith(`/${screen}`)));
}

/** The chunk of what exactly these first visits load. */
const firstVisitChunk = (visits: readonly FirstVisit[]) => `first-${visits.join('-')}`;

/**
 * The texts every screen needs from the start (`initialNamespaces` of src/lib/i18n.ts), one chunk
 * per language: a first visit asks for one file instead of three.
 */
export function startUpTextsChunk(id: string): string | undefined {
  const match = /\/src\/locales\/(\w+)\/(common|feedback|ui)\.json$/.exec(slashes(id));
  return match ? `texts-${match[1]}` : undefined;
}

/**
 * The number, money and date formatting of the portal's screens, the back-office and the charts (a
 * dynamic import that is not a screen, so no shared chunk takes it): a small chunk of its own.
 */
function formatChunk(id: string): string | undefined {
  return /\/src\/(lib|features\/worq-trade)\/format\.ts$/.test(slashes(id)) ? 'format' : undefined;
}

/**
 * The sign-in screens' analytics events (a window event and its names, a few hundred bytes): the
 * analytics wiring, loaded after consent, listens for them, so no screen's chunk may hold them (the
 * wiring would load that chunk). They go with the app's step instead of being a request of their own.
 */
function authEventsChunk(id: string): string | undefined {
  return slashes(id).endsWith('/src/lib/analytics/auth-events.ts') ? 'app' : undefined;
}

/** A module loaded on its own: the entry, or the target of a dynamic import. */
function isRoot(facts: ModuleFacts): boolean {
  return facts.isEntry || facts.dynamicImporters.length > 0;
}

/** Every module reached from `start` by following `next` (start included). */
function reach(start: string, next: (id: string) => readonly string[]): Set<string> {
  const seen = new Set([start]);
  const queue = [start];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    for (const other of next(id)) {
      if (seen.has(other)) continue;
      seen.add(other);
      queue.push(other);
    }
  }
  return seen;
}

/**
 * The chunks of the start-up's own code: "http-client" for what the entry imports (less the entry
 * itself and its stylesheet), "app" for what the app's step imports and the entry does not. The
 * walk stops at the library chunks, whose own imports stay theirs.
 */
function startUpChunks(graph: ModuleGraph): Map<string, string> {
  const chunks = new Map<string, string>();
  const ids = [...graph.getModuleIds()];
  const ownImports = (id: string) => (startUpLibraryChunk(id) === undefined ? (graph.getModuleInfo(id)?.importedIds ?? []) : []);
  const entry = ids.find((id) => graph.getModuleInfo(id)?.isEntry);
  const app = ids.find((id) => slashes(id).endsWith('/src/app/app.tsx'));
  const withEntry = entry === undefined ? new Set<string>() : reach(entry, ownImports);
  const ours = (id: string) => startUpLibraryChunk(id) === undefined && !id.startsWith('\0') && !/\.css($|\?)/.test(id);
  if (app !== undefined) for (const id of reach(app, ownImports)) if (!withEntry.has(id) && ours(id)) chunks.set(id, 'app');
  // Vite's entry is index.html; the script it loads (src/main.tsx) stays the entry chunk's head.
  const heads = new Set(
    entry === undefined ? [] : [entry, ...(entry.endsWith('.html') ? (graph.getModuleInfo(entry)?.importedIds ?? []) : [])],
  );
  for (const id of withEntry) if (!heads.has(id) && ours(id)) chunks.set(id, 'http-client');
  return chunks;
}

/** The `manualChunks` rule: a chunk's name for a module, or undefined to leave it to Rollup. */
export function chunkRule(graph: ModuleGraph): (id: string) => string | undefined {
  const factsOf = (id: string) => graph.getModuleInfo(id);
  const importersOf = (id: string) => factsOf(id)?.importers ?? [];
  let startUp: Map<string, string> | undefined;
  /** What each first visit's screens reach through static imports. */
  let firstVisitReach: Map<FirstVisit, Set<string>> | undefined;

  /** The chunk of a module of the start-up, if it is one. */
  const startUpChunk = (id: string): string | undefined => {
    const library = startUpLibraryChunk(id);
    if (library !== undefined) return library;
    if (id.includes('vite/preload-helper')) return 'preload-helper';
    if (slashes(id).includes('/node_modules/swr/')) return 'swr';
    startUp ??= startUpChunks(graph);
    return startUp.get(id);
  };

  /** The shared chunk of the areas whose screens load a module with themselves, if it has one. */
  const areasChunk = (id: string): string | undefined => {
    const facts = factsOf(id);
    // A screen stays the head of its own chunk; a library is left where Rollup puts it.
    if (!facts || isRoot(facts) || slashes(id).includes('/node_modules/') || id.startsWith('\0')) return undefined;
    const roots = [...reach(id, importersOf)].filter((other) => {
      const otherFacts = factsOf(other);
      return otherFacts !== null && isRoot(otherFacts);
    });
    if (roots.length < 2) return undefined;
    const areas = new Set<string>();
    for (const root of roots) {
      const area = screenArea(root);
      if (area === null) return undefined;
      // The developer pages (a gallery of every component) would tie every area to every other.
      if (area !== 'dev') areas.add(area);
    }
    if (areas.size === 0) return undefined;
    firstVisitReach ??= new Map(
      firstVisits.map((visit) => {
        const screens = [...graph.getModuleIds()].filter((root) => firstVisitOf(root) === visit);
        return [visit, new Set(screens.flatMap((root) => [...reach(root, (other) => factsOf(other)?.importedIds ?? [])]))];
      }),
    );
    const visits = firstVisits.filter((visit) => firstVisitReach?.get(visit)?.has(id));
    return visits.length > 0 ? firstVisitChunk(visits) : `shared-${[...areas].sort().join('-')}`;
  };

  /** The chunks named by path or by the start-up, whatever else uses the module. */
  const namedChunk = (id: string) => startUpChunk(id) ?? startUpTextsChunk(id) ?? formatChunk(id) ?? authEventsChunk(id);

  const grouped = new Map<string, string | undefined>();
  /** `areasChunk`, when every import of the module has a chunk of its own too. */
  const sharedChunk = (id: string): string | undefined => {
    if (grouped.has(id)) return grouped.get(id);
    // Ungrouped while its imports are checked, so that the modules of an import cycle stay out
    // together (each would otherwise pull the other into its chunk).
    grouped.set(id, undefined);
    let chunk = areasChunk(id);
    const imports = factsOf(id)?.importedIds ?? [];
    if (chunk !== undefined && !imports.every((imported) => namedChunk(imported) !== undefined || sharedChunk(imported) !== undefined)) {
      chunk = undefined;
    }
    grouped.set(id, chunk);
    return chunk;
  };

  /**
   * A screen of a first visit joins the chunk of what that visit alone loads, with the modules only
   * it uses (Rollup brings them along), so that the visit loads one script and one stylesheet
   * instead of one per screen. Only when everything else it reaches has a chunk of its own: Rollup
   * would otherwise pull a module other screens use into the chunk too, and those screens would
   * then load the whole chunk for it.
   */
  const startScreenChunk = (id: string): string | undefined => {
    const visit = firstVisitOf(id);
    if (visit === undefined) return undefined;
    const hasChunk = (other: string) => (namedChunk(other) ?? sharedChunk(other)) !== undefined;
    const own = reach(id, (other) => (factsOf(other)?.importedIds ?? []).filter((imported) => !hasChunk(imported)));
    const usedElsewhere = [...own].some((other) => other !== id && importersOf(other).some((importer) => !own.has(importer)));
    return usedElsewhere ? undefined : firstVisitChunk([visit]);
  };

  return (id) => namedChunk(id) ?? startScreenChunk(id) ?? sharedChunk(id);
}

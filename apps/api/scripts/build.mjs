#!/usr/bin/env node
/**
 * Compiles the API for `npm start` and production: src/server.ts and src/cluster.ts become ES
 * modules in dist/ with source maps, so the server starts without compiling TypeScript at run time
 * (tsx stays for development and tests). Our own code, @worq/domain and the npm dependencies are
 * bundled: resolving and loading about a thousand files from node_modules was half a second of
 * every cold start (bench/cold-start). The bundle is split where the code calls import(), so the
 * entry starts PGlite's compile before the rest is parsed and PostgreSQL's driver loads only when
 * used. Packages that find files next to themselves stay in node_modules (`keepExternal`); the API
 * reference page is bundled too, and app.ts tells it where its static files are. The migrations
 * are copied next to the bundle, where db/client.ts looks for them.
 */
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const apiDir = fileURLToPath(new URL('..', import.meta.url));
/**
 * PGlite and augurs load their WebAssembly (and PGlite its data files) from their own folder; esbuild and tsx are build
 * tools; pg-native is pg's optional native binding, not installed.
 */
const keepExternal = ['@electric-sql/pglite', '@bsull/augurs', 'esbuild', 'tsx', 'pg-native'];
const { dependencies } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
for (const name of keepExternal) {
  if (name !== 'pg-native' && !(name in dependencies)) throw new Error(`${name} is no longer a dependency; update keepExternal`);
}

const started = performance.now();
rmSync(`${apiDir}/dist`, { recursive: true, force: true });
await build({
  absWorkingDir: apiDir,
  entryPoints: ['src/server.ts', 'src/cluster.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  // server.ts loads the rest of the server with import(): a chunk of its own, parsed while the
  // entry's WebAssembly compile runs. Chunks sit next to the entries, where import.meta.url-relative
  // paths (migrations, the web build) expect them.
  splitting: true,
  chunkNames: '[name]-[hash]',
  target: 'node20.19',
  sourcemap: true,
  sourcesContent: false,
  minifyWhitespace: true,
  minifySyntax: true,
  external: [...keepExternal, ...keepExternal.map((name) => `${name}/*`)],
  // Bundled CommonJS packages call require() and read __dirname, which an ES module lacks.
  banner: {
    js: [
      "import { createRequire as __worqCreateRequire } from 'node:module';",
      "import { dirname as __worqDirname } from 'node:path';",
      "import { fileURLToPath as __worqFileURLToPath } from 'node:url';",
      'const require = __worqCreateRequire(import.meta.url);',
      'const __filename = __worqFileURLToPath(import.meta.url);',
      'const __dirname = __worqDirname(__filename);',
    ].join('\n'),
  },
  logLevel: 'warning',
  legalComments: 'none',
});
cpSync(`${apiDir}/src/db/migrations`, `${apiDir}/dist/migrations`, { recursive: true });
console.log(`API compiled into apps/api/dist in ${Math.round(performance.now() - started)} ms`);

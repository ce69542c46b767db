#!/usr/bin/env node
/**
 * Compiles the API for `npm start` and production: src/server.ts and src/cluster.ts become ES
 * modules in dist/ with source maps, so the server starts without compiling TypeScript at run time
 * (tsx stays for development and tests). Our own code and @worq/domain (TypeScript sources) are
 * bundled; every npm dependency stays in node_modules. The migrations are copied next to the
 * bundle, where db/client.ts looks for them.
 */
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const apiDir = fileURLToPath(new URL('..', import.meta.url));
const { dependencies } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const external = Object.keys(dependencies).filter((name) => !name.startsWith('@worq/'));

const started = performance.now();
rmSync(`${apiDir}/dist`, { recursive: true, force: true });
await build({
  absWorkingDir: apiDir,
  entryPoints: ['src/server.ts', 'src/cluster.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  // Packages and their subpaths (drizzle-orm/pg-core, …) load from node_modules as they are.
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: 'warning',
  legalComments: 'none',
});
cpSync(`${apiDir}/src/db/migrations`, `${apiDir}/dist/migrations`, { recursive: true });
console.log(`API compiled into apps/api/dist in ${Math.round(performance.now() - started)} ms`);

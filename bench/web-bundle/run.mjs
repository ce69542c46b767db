// Bundle-weight benchmark: what a first visit to the login route `/` downloads (gzip -9), compared
// with a bare Vite + React + React Router page built by the same toolchain. Target: at most 1.3×
// the bare page. Writes the result into bench/README.md and exits non-zero above target.
// Usage: node bench/web-bundle/run.mjs   (or npm run bench)
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import { writeBareApp } from './bare-app.mjs';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const webRoot = path.join(repoRoot, 'apps/web');
const workDir = path.join(repoRoot, 'bench/.work');
const readmeFile = path.join(repoRoot, 'bench/README.md');
const target = 1.3;

/** Source modules of the lazy routes that render `/`: the public layout and the login page. */
const loginRouteModules = ['src/app/layouts/public-layout.tsx', 'src/features/auth/components/login-page.tsx'];

async function viteBuild(root, outDir, extra = {}) {
  const output = await build({
    root,
    logLevel: 'warn',
    ...extra,
    build: { outDir, emptyOutDir: true, manifest: true, target: 'es2022', sourcemap: false },
  });
  const chunks = (Array.isArray(output) ? output : [output]).flatMap((result) => result.output ?? []);
  const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8'));
  return { manifest, chunks };
}

/** Where the counted JavaScript comes from, by npm package, to show what dominates when over target. */
function printOrigins(chunks, files) {
  const counted = new Set(files);
  const bytesByOrigin = new Map();
  for (const chunk of chunks) {
    if (chunk.type !== 'chunk' || !counted.has(chunk.fileName)) continue;
    for (const [id, module] of Object.entries(chunk.modules)) {
      const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id.replaceAll('\\', '/'));
      const origin = match ? match[1] : 'project source';
      bytesByOrigin.set(origin, (bytesByOrigin.get(origin) ?? 0) + module.renderedLength);
    }
  }
  const sorted = [...bytesByOrigin].sort((a, b) => b[1] - a[1]).slice(0, 12);
  console.log('  by origin (rendered kB before minification; shares, not sizes):');
  for (const [origin, bytes] of sorted) console.log(`  ${kB(bytes).padStart(8)} kB  ${origin}`);
}

/**
 * Files the browser fetches for the given manifest entries: each chunk, its static imports
 * (which Vite preloads with it) and their CSS, plus what index.html itself references; a
 * stylesheet whose rules index.html already holds inline is counted once, in index.html.
 */
function filesFor(outDir, manifest, entryKeys) {
  const files = new Set(['index.html']);
  const html = readFileSync(path.join(outDir, 'index.html'), 'utf8');
  for (const match of html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="\/([^"]+)"[^>]*>/g)) {
    const tag = match[0];
    const isCode = tag.startsWith('<script') || /rel="(?:modulepreload|stylesheet)"/.test(tag);
    if (isCode && /\.(?:m?js|css)$/.test(match[1])) files.add(match[1]);
  }
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The Vite manifest has no entry for ${key}`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of entryKeys) visit(key);
  // A stylesheet the build wrote into index.html (the app's pre-rendered first route) is not fetched again.
  const inlined = (file) => file.endsWith('.css') && html.includes(readFileSync(path.join(outDir, file), 'utf8').trim());
  return [...files].filter((file) => /\.(?:html|m?js|css)$/.test(file) && !inlined(file));
}

/**
 * The manifest keys of the chunks holding these source modules. A screen that shares a chunk with
 * others (apps/web/build/chunks.ts joins a first visit's screens) has no key of its own.
 */
function manifestKeysOf({ manifest, chunks }, modules) {
  return modules.map((module) => {
    const chunk = chunks.find((item) => item.type === 'chunk' && item.moduleIds.includes(path.join(webRoot, module)));
    const key = chunk && Object.keys(manifest).find((name) => manifest[name].file === chunk.fileName);
    if (!key) throw new Error(`No chunk of the build holds ${module}`);
    return key;
  });
}

function measure(outDir, files) {
  const rows = files.map((file) => {
    const content = readFileSync(path.join(outDir, file));
    return { file, raw: content.length, gzip: gzipSync(content, { level: 9 }).length };
  });
  rows.sort((a, b) => b.gzip - a.gzip);
  return { rows, gzip: rows.reduce((sum, row) => sum + row.gzip, 0), raw: rows.reduce((sum, row) => sum + row.raw, 0) };
}

const kB = (bytes) => (bytes / 1000).toFixed(2);

function printMeasurement(title, result) {
  console.log(`\n${title}: ${kB(result.gzip)} kB gzip (${kB(result.raw)} kB raw)`);
  for (const row of result.rows) console.log(`  ${kB(row.gzip).padStart(8)} kB  ${row.file}`);
}

function updateReadme(row) {
  const start = '<!-- results:start -->';
  const end = '<!-- results:end -->';
  const header = '| date | app, login route (kB gzip) | bare page (kB gzip) | ratio | target | result |\n|---|---|---|---|---|---|';
  let readme = existsSync(readmeFile) ? readFileSync(readmeFile, 'utf8') : '# Benchmarks\n';
  if (!readme.includes(start)) readme += `\n## Results\n\n${start}\n${header}\n${end}\n`;
  const [before, rest] = readme.split(start);
  const after = rest.split(end)[1];
  // The latest run only: earlier figures are in git and bench/HISTORY.md.
  const line = `| ${row.date} | ${row.app} | ${row.bare} | ${row.ratio} | ≤ ${target}× | ${row.result} |`;
  writeFileSync(readmeFile, `${before}${start}\n${header}\n${line}\n${end}${after}`);
}

const tmp = mkdtempSync(path.join(os.tmpdir(), 'worq-bench-'));
try {
  // (a) the product's web app with its own vite.config.ts
  const appOut = path.join(tmp, 'app');
  const appBuild = await viteBuild(webRoot, appOut, { configFile: path.join(webRoot, 'vite.config.ts') });
  const appFiles = filesFor(appOut, appBuild.manifest, ['index.html', ...manifestKeysOf(appBuild, loginRouteModules)]);
  const app = measure(appOut, appFiles);

  // (b) a bare page: one route, one tiny component, same Vite and React plugin
  const bareRoot = path.join(workDir, 'bare');
  writeBareApp(bareRoot);
  const bareOut = path.join(tmp, 'bare');
  const bareBuild = await viteBuild(bareRoot, bareOut, { configFile: false, plugins: [react()] });
  const bareFiles = filesFor(bareOut, bareBuild.manifest, ['index.html']);
  const bare = measure(bareOut, bareFiles);

  printMeasurement('App, login route `/` (entry, static imports, CSS, public layout and login page chunks)', app);
  printOrigins(appBuild.chunks, appFiles);
  printMeasurement('Bare Vite + React + React Router page', bare);
  printOrigins(bareBuild.chunks, bareFiles);

  const ratio = app.gzip / bare.gzip;
  const pass = ratio <= target;
  console.log(`\nRatio: ${ratio.toFixed(2)}× (target ≤ ${target}×): ${pass ? 'PASS' : 'FAIL'}`);
  updateReadme({
    date: new Date().toISOString().slice(0, 10),
    app: kB(app.gzip),
    bare: kB(bare.gzip),
    ratio: `${ratio.toFixed(2)}×`,
    result: pass ? 'pass' : 'fail',
  });
  console.log(`Recorded in ${path.relative(repoRoot, readmeFile)}.`);
  process.exitCode = pass ? 0 : 1;
} finally {
  rmSync(tmp, { recursive: true, force: true });
}

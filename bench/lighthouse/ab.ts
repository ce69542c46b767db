// Lighthouse A/B of the web start-up's speed mechanisms (issue 37): is each worth its complexity?
// Builds the web app once per variant: `current` and one variant per mechanism with only that mechanism
// replaced by its simpler form (a patch in ./variants), serves each build from a product of its
// own, and measures `/` and a cold signed-in `/worq-trade` of every build with Lighthouse (./run.ts's
// settings), in alternating order, BENCH_AB_RUNS rounds (7), with the bare page of bench/web-bundle
// once a round as the yardstick. Writes the table into bench/README.md (lighthouse-ab markers);
// BENCH_AB_DRY=1 only prints it. How the verdict is read: bench/README.md.
// Usage: npm run build -w apps/api && npm run bench:lighthouse-ab
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import { createVerifiedCustomer, signInThroughApi, type Customer } from '../../e2e/fixtures/accounts.ts';
import { chromiumFlags } from '../../e2e/fixtures/browser.ts';
import { startProduct, type Product } from '../../e2e/fixtures/product.ts';
import { buildBarePage, measure, signIn, type PageResult } from './run.ts';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const readmeFile = path.join(repoRoot, 'bench/README.md');
/** Inside the repository, so the variants' builds resolve their packages from its node_modules (bench/.work is ignored). */
const work = path.join(repoRoot, 'bench/.work/lighthouse-ab');
const rounds = Number(process.env.BENCH_AB_RUNS ?? 7);
const dry = Boolean(process.env.BENCH_AB_DRY);

interface Variant {
  name: string;
  /** The mechanism this variant takes out, and the simpler form it puts in its place. */
  mechanism?: string;
  /** A patch of the repository's apps/web, in ./variants. */
  patch?: string;
}

const allVariants: Variant[] = [
  { name: 'current' },
  {
    name: 'chunks-default',
    mechanism: "folder-regex chunking (`build/chunks.ts`) → Rollup's default plus react, react-dom, react-router",
    patch: 'chunks-default.patch',
  },
  {
    name: 'preloads-vite',
    mechanism: "preload-map rewrite (`withoutPreloads`, `build/prerender.ts`) → Vite's own preloads, the route's stylesheets linked",
    patch: 'preloads-vite.patch',
  },
];

/**
 * BENCH_AB_VARIANTS (comma-separated names) measures only those variants, `current` always among
 * them: `current` alone is the product against the bare page, at a third of a full round's time.
 */
const variants = selectVariants(process.env.BENCH_AB_VARIANTS);

function selectVariants(list: string | undefined): Variant[] {
  if (!list) return allVariants;
  const names = new Set(['current', ...list.split(',').map((name) => name.trim())]);
  const unknown = [...names].filter((name) => !allVariants.some((variant) => variant.name === name));
  if (unknown.length > 0) throw new Error(`BENCH_AB_VARIANTS: no variant ${unknown.join(', ')}`);
  return allVariants.filter((variant) => names.has(variant.name));
}

const pages = [
  { name: '/', path: '/', signedIn: false },
  { name: '/worq-trade (signed in)', path: '/worq-trade', signedIn: true },
] as const;
const bareName = 'bare page';

/**
 * A copy of the working tree's apps/web (without its node_modules and dist) with the variant's
 * patch applied; `git apply` refuses a patch that no longer applies, and the run stops there.
 */
function prepareSource(variant: Variant): string {
  const dir = path.join(work, variant.name);
  rmSync(dir, { recursive: true, force: true });
  const web = path.join(repoRoot, 'apps/web');
  const skipped = new Set([path.join(web, 'node_modules'), path.join(web, 'dist')]);
  cpSync(web, path.join(dir, 'apps/web'), { recursive: true, filter: (source) => !skipped.has(source) });
  // apps/web/tsconfig.json extends it, and Vite's TypeScript transform reads that.
  cpSync(path.join(repoRoot, 'tsconfig.base.json'), path.join(dir, 'tsconfig.base.json'));
  if (variant.patch) {
    const patch = path.join(repoRoot, 'bench/lighthouse/variants', variant.patch);
    try {
      execFileSync('git', ['apply', `--directory=${path.relative(repoRoot, dir)}`, patch], { cwd: repoRoot, stdio: 'pipe' });
    } catch (error) {
      const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? '';
      throw new Error(`${variant.patch} no longer applies to apps/web; bring it up to date with the code.\n${stderr}`);
    }
  }
  return dir;
}

/** `vite build` of a variant's copy with the repository's own Vite, into `<variant>-dist`. */
async function buildVariant(variant: Variant): Promise<string> {
  const source = prepareSource(variant);
  const outDir = path.join(work, `${variant.name}-dist`);
  const vite = path.join(repoRoot, 'node_modules/vite/bin/vite.js');
  const started = Date.now();
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
      cwd: path.join(source, 'apps/web'),
      stdio: 'inherit',
    });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`vite build of ${variant.name} exited with ${code}`))));
  });
  const assets = readdirSync(path.join(outDir, 'assets'));
  console.log(
    `built ${variant.name} in ${((Date.now() - started) / 1000).toFixed(0)} s: ${assets.filter((file) => file.endsWith('.js')).length} scripts, ${assets.filter((file) => file.endsWith('.css')).length} stylesheets`,
  );
  return outDir;
}

interface Subject {
  variant: string;
  page: string;
  url: string;
  product: Product;
  customer?: Customer;
}

/** The value at quantile `q` of sorted `values`, interpolated between neighbours. */
function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const at = (sorted.length - 1) * q;
  const below = Math.floor(at);
  const above = Math.ceil(at);
  return sorted[below]! + (sorted[above]! - sorted[below]!) * (at - below);
}

interface Summary {
  runs: number;
  score: { median: number; min: number; max: number; iqr: number };
  tbtMs: number;
  lcpMs: number;
  fcpMs: number;
}

function summarise(results: readonly PageResult[]): Summary {
  const sorted = (pick: (result: PageResult) => number) => results.map(pick).sort((a, b) => a - b);
  const scores = sorted((result) => result.scores.performance);
  return {
    runs: results.length,
    score: {
      median: quantile(scores, 0.5),
      min: scores[0] ?? Number.NaN,
      max: scores.at(-1) ?? Number.NaN,
      iqr: quantile(scores, 0.75) - quantile(scores, 0.25),
    },
    tbtMs: quantile(
      sorted((result) => result.tbtMs),
      0.5,
    ),
    lcpMs: quantile(
      sorted((result) => result.lcpMs),
      0.5,
    ),
    fcpMs: quantile(
      sorted((result) => result.fcpMs),
      0.5,
    ),
  };
}

/**
 * A mechanism pays on a page when `current`'s median score beats its simpler form's by more than
 * the run-to-run spread: the larger of the two interquartile ranges, and never less than the one
 * point a score is rounded to. It costs when the simpler form wins by as much.
 */
function verdict(current: Summary, simpler: Summary): { gain: number; spread: number; verdict: string } {
  const gain = current.score.median - simpler.score.median;
  const spread = Math.max(current.score.iqr, simpler.score.iqr, 1);
  return { gain, spread, verdict: gain > spread ? 'pays' : gain < -spread ? 'costs' : 'within the spread' };
}

const points = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function tables(results: Map<string, PageResult[]>, heading: string): string {
  const summaries = new Map([...results].map(([key, list]) => [key, summarise(list)]));
  const key = (variant: string, page: string) => `${variant} ${page}`;
  const lines = [
    heading,
    '',
    '| variant | page | runs | performance (median) | min–max | IQR | TBT | LCP | FCP |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  const row = (variant: string, page: string) => {
    const summary = summaries.get(key(variant, page));
    if (!summary) return;
    lines.push(
      `| ${variant} | ${page} | ${summary.runs} | ${points(summary.score.median)} | ${summary.score.min}–${summary.score.max} | ${points(summary.score.iqr)} | ${Math.round(summary.tbtMs)} ms | ${seconds(summary.lcpMs)} | ${seconds(summary.fcpMs)} |`,
    );
  };
  for (const page of pages) for (const variant of variants) row(variant.name, page.name);
  row(bareName, '/');
  lines.push(
    '',
    '| mechanism (→ simpler form) | page | current | simpler | gain (points) | spread | TBT current / simpler | verdict |',
    '|---|---|---|---|---|---|---|---|',
  );
  for (const variant of variants) {
    if (!variant.mechanism) continue;
    for (const page of pages) {
      const current = summaries.get(key('current', page.name));
      const simpler = summaries.get(key(variant.name, page.name));
      if (!current || !simpler) continue;
      const judged = verdict(current, simpler);
      lines.push(
        `| ${variant.mechanism} | ${page.name} | ${points(current.score.median)} | ${points(simpler.score.median)} | ${judged.gain > 0 ? '+' : ''}${points(judged.gain)} | ${points(judged.spread)} | ${Math.round(current.tbtMs)} / ${Math.round(simpler.tbtMs)} ms | ${judged.verdict} |`,
      );
    }
  }
  return lines.join('\n');
}

function updateReadme(block: string): void {
  const start = '<!-- lighthouse-ab:start -->';
  const end = '<!-- lighthouse-ab:end -->';
  const readme = readFileSync(readmeFile, 'utf8');
  if (!readme.includes(start) || !readme.includes(end)) throw new Error('bench/README.md has no lighthouse-ab markers');
  const [before, rest] = readme.split(start);
  const after = rest!.split(end)[1];
  writeFileSync(readmeFile, `${before}${start}\n${block}\n${end}${after}`);
}

async function main(): Promise<void> {
  const startedAt = new Date();
  const load = os.loadavg().map((value) => value.toFixed(2));
  if (!existsSync(path.join(repoRoot, 'apps/api/dist/server.js'))) throw new Error('run `npm run build -w apps/api` first');
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const dists = new Map<string, string>();
  for (const variant of variants) dists.set(variant.name, await buildVariant(variant));
  const bareDist = await buildBarePage(path.join(work, 'bare'));

  const products: Product[] = [];
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: chromiumFlags });
  try {
    const productOf = new Map<string, Product>();
    for (const variant of variants) {
      const product = await startProduct({ env: { WEB_DIST_DIR: dists.get(variant.name)! } });
      products.push(product);
      productOf.set(variant.name, product);
    }
    const subjects: Subject[] = [];
    for (const page of pages) {
      for (const variant of variants) {
        const product = productOf.get(variant.name)!;
        const customer = page.signedIn ? await createVerifiedCustomer(product.baseUrl, { language: 'tr' }) : undefined;
        subjects.push({ variant: variant.name, page: page.name, url: `${product.baseUrl}${page.path}`, product, customer });
      }
    }
    const bare = await startProduct({ env: { WEB_DIST_DIR: bareDist } });
    products.push(bare);
    subjects.push({ variant: bareName, page: '/', url: `${bare.baseUrl}/`, product: bare });

    // A first run in a fresh browser is slower; whichever subject drew it would carry that.
    await measure(chrome.port, `${bare.baseUrl}/`, 'warm-up', false);
    const results = new Map<string, PageResult[]>();
    for (let round = 0; round < rounds; round++) {
      const roundStarted = Date.now();
      // Each round starts one place further along the list, so no subject always runs first or last.
      const shift = round % subjects.length;
      const order = [...subjects.slice(shift), ...subjects.slice(0, shift)];
      for (const subject of order) {
        if (subject.customer) {
          // A signed-out run clears the origin's storage (run.ts `measure`), so the seller signs in again before each run.
          await signIn(chrome.port, subject.product.baseUrl, await signInThroughApi(subject.product.baseUrl, subject.customer));
        }
        const result = await measure(chrome.port, subject.url, subject.page, subject.customer !== undefined);
        const key = `${subject.variant} ${subject.page}`;
        results.set(key, [...(results.get(key) ?? []), result]);
        console.log(
          `round ${round + 1}/${rounds} ${subject.variant} ${subject.page}: performance ${result.scores.performance}, TBT ${Math.round(result.tbtMs)} ms, LCP ${seconds(result.lcpMs)}`,
        );
      }
      console.log(
        `round ${round + 1} took ${((Date.now() - roundStarted) / 60_000).toFixed(1)} min (load average ${os.loadavg()[0]!.toFixed(2)})`,
      );
    }

    const heading = `${startedAt.toISOString().slice(0, 10)}, ${rounds} alternated round${rounds === 1 ? '' : 's'}, load average at start ${load.join(' / ')} (1/5/15 min), ${os.cpus().length} cores.`;
    const block = tables(results, heading);
    console.log(`\n${block}`);
    if (dry) console.log('\nBENCH_AB_DRY: bench/README.md left as it was.');
    else updateReadme(block);
  } finally {
    await chrome.kill();
    for (const product of products) await product.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

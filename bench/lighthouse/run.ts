// Lighthouse (issue 14): the product as a phone user on a slow connection meets it. Lighthouse
// 12.2.3 (pinned: 13 wants Node 22) with its default mobile settings (Moto G Power emulation,
// simulated slow 4G, 4× CPU slowdown) drives Debian's Chromium through chrome-launcher.
// Pages: `/` (sign-in) and a signed-in `/worq-trade`, then the bare Vite + React + React Router page
// of bench/web-bundle served by the same server (precompressed the same way), whose bytes on the
// wire are the yardstick of the first visit. Each page is the median-performance run of
// BENCH_LIGHTHOUSE_RUNS (3). Writes its table into bench/README.md; exits 1 when a target is missed.
// BENCH_LIGHTHOUSE_REPORTS=<folder> also keeps every run's Lighthouse JSON there (LCP element,
// request chains and the trace-derived diagnostics), for finding where a page's time goes, and
// BENCH_LIGHTHOUSE_EXPLAIN=1 prints, for each page's median run, what Lighthouse's model counted in
// its simulated FCP, LCP and TBT (./explain.ts).
// Usage: npm run build && npm run bench:lighthouse
import { mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { build } from 'vite';
import { precompress } from '../../apps/web/build/precompress.ts';
import { createVerifiedCustomer, signInThroughApi, type TokenPair } from '../../e2e/fixtures/accounts.ts';
import { chromiumFlags } from '../../e2e/fixtures/browser.ts';
import { startProduct, type Product } from '../../e2e/fixtures/product.ts';
import { writeBareApp } from '../web-bundle/bare-app.mjs';
import { explainRun, type RunArtifacts } from './explain.ts';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const readmeFile = path.join(repoRoot, 'bench/README.md');
const runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const reportDir = process.env.BENCH_LIGHTHOUSE_REPORTS;
const explain = Boolean(process.env.BENCH_LIGHTHOUSE_EXPLAIN);
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof categories)[number];

export interface PageResult {
  name: string;
  scores: Record<Category, number>;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** What the browser received (transfer sizes, headers included) for the whole load. */
  bytes: number;
  failing: string[];
  /** The largest transfers, for the README's "what each kilobyte buys". */
  largest: Array<{ url: string; bytes: number }>;
  /** What the run left for ./explain.ts (BENCH_LIGHTHOUSE_EXPLAIN); only the median run's is explained. */
  run?: RunArtifacts;
}

/** Minimum scores per page (issue 14). */
const targets: Record<string, Partial<Record<Category, number>>> = {
  '/': { performance: 98, accessibility: 100, 'best-practices': 100, seo: 100 },
  '/worq-trade (signed in)': { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 },
};
const bytesRatioTarget = 1.3;

/** Builds the bare page into `work`/dist (inside the repository, so the build resolves React from its node_modules; bench/.work is ignored). */
export async function buildBarePage(work = path.join(repoRoot, 'bench/.work/lighthouse')): Promise<string> {
  const root = path.join(work, 'src');
  writeBareApp(root);
  const outDir = path.join(work, 'dist');
  await build({
    root,
    logLevel: 'warn',
    configFile: false,
    plugins: [react(), precompress()],
    build: { outDir, emptyOutDir: true, target: 'es2022' },
  });
  return outDir;
}

/** One Lighthouse run; a trace Chromium failed to record (NO_NAVSTART and kin) is run again, twice at most. */
export async function lighthouseRun(port: number, url: string, keepStorage: boolean) {
  for (let attempt = 1; ; attempt++) {
    const answer = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...categories],
      disableStorageReset: keepStorage,
    });
    if (!answer) throw new Error(`lighthouse gave no result for ${url}`);
    if (!answer.lhr.runtimeError) return answer;
    if (attempt === 3) throw new Error(`${url}: ${answer.lhr.runtimeError.message}`);
    console.log(`  ${url}: ${answer.lhr.runtimeError.code}, running again`);
  }
}

/**
 * One Lighthouse run of a page as a first visit, its figures read from the report. With
 * `keepStorage` (a signed-in page) the cache is cleared first, as Lighthouse's storage reset would.
 * Without it the origin's local and session storage are cleared as well: Lighthouse 12's storage
 * reset leaves them (its `clearStorageTypes` are file systems, shader cache, service workers and
 * cache storage), so a signed-out page measured after a signed-in run of the same origin would be a
 * signed-in visit (`/` redirecting to /worq-trade). A run that ends on another address than the one
 * asked for stops the measurement (`assertLandedOn`).
 */
export async function measure(port: number, url: string, name: string, keepStorage: boolean, reportFile?: string): Promise<PageResult> {
  if (keepStorage) await clearCache(port);
  else await clearOriginStorage(port, url);
  const { lhr, artifacts } = await lighthouseRun(port, url, keepStorage);
  assertLandedOn(url, lhr.finalDisplayedUrl, name);
  if (reportFile) {
    mkdirSync(path.dirname(reportFile), { recursive: true });
    writeFileSync(reportFile, JSON.stringify(lhr));
  }
  const numeric = (id: string) => Number(lhr.audits[id]?.numericValue ?? Number.NaN);
  const scores = Object.fromEntries(
    categories.map((category) => [category, Math.round((lhr.categories[category]?.score ?? 0) * 100)]),
  ) as Record<Category, number>;
  const failing = Object.values(lhr.audits)
    .filter((item) => item.score !== null && item.score < 1 && item.scoreDisplayMode === 'binary')
    .map((item) => item.id);
  return {
    name,
    scores,
    fcpMs: numeric('first-contentful-paint'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    bytes: numeric('total-byte-weight'),
    failing,
    largest: (
      (lhr.audits['network-requests']?.details as { items?: Array<{ url: string; transferSize?: number }> } | undefined)?.items ?? []
    )
      .map((item) => ({ url: new URL(item.url).pathname, bytes: item.transferSize ?? 0 }))
      .sort((a, b) => b.bytes - a.bytes)
      .slice(0, 12),
    run: explain ? { artifacts: artifacts as RunArtifacts['artifacts'], settings: lhr.configSettings } : undefined,
  };
}

async function audit(port: number, url: string, name: string, keepStorage: boolean): Promise<PageResult> {
  const results: PageResult[] = [];
  for (let run = 0; run < runs; run++) {
    const reportFile = reportDir ? path.join(reportDir, `${name.replace(/[^a-z0-9]+/gi, '-')}-${run + 1}.json`) : undefined;
    results.push(await measure(port, url, name, keepStorage, reportFile));
  }
  results.sort((a, b) => a.scores.performance - b.scores.performance);
  return results[Math.floor(results.length / 2)]!;
}

export async function clearCache(port: number): Promise<void> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  const page = await browser.newPage();
  const session = await page.createCDPSession();
  await session.send('Network.clearBrowserCache');
  await page.close();
  await browser.disconnect();
}

/** Everything the origin keeps in the browser (local and session storage, cookies, IndexedDB …), as on a first visit. */
export async function clearOriginStorage(port: number, url: string): Promise<void> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  const page = await browser.newPage();
  const session = await page.createCDPSession();
  await session.send('Storage.clearDataForOrigin', { origin: new URL(url).origin, storageTypes: 'all' });
  await page.close();
  await browser.disconnect();
}

/**
 * Stops the run when the page Lighthouse measured is not the one asked for: the app redirected (a
 * stored session sends `/` to /worq-trade, a lost one sends /worq-trade to `/`), and the figures
 * would be another page's under this page's name.
 */
export function assertLandedOn(asked: string, landed: string, name: string): void {
  if (new URL(landed).pathname !== new URL(asked).pathname) {
    throw new Error(
      `${name}: Lighthouse was asked for ${asked} and measured ${landed}; the visit was not the one intended (storage left from another run?)`,
    );
  }
}

/** Puts the seller's tokens in the origin's storage, as a sign-in leaves them. */
export async function signIn(port: number, baseUrl: string, tokens: TokenPair): Promise<void> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  const page = await browser.newPage();
  await page.goto(`${baseUrl}/404-storage-only`, { waitUntil: 'domcontentloaded' });
  await page.evaluate(
    ([jwt, refresh]) => {
      localStorage.setItem('jwt_token', jwt!);
      localStorage.setItem('refresh_token', refresh!);
    },
    [tokens.jwt_token, tokens.refresh_token],
  );
  await page.close();
  await browser.disconnect();
}

function updateReadme(rows: string[]): void {
  const start = '<!-- lighthouse:start -->';
  const end = '<!-- lighthouse:end -->';
  const readme = readFileSync(readmeFile, 'utf8');
  if (!readme.includes(start)) throw new Error('bench/README.md has no lighthouse markers');
  const [before, rest] = readme.split(start);
  const after = rest!.split(end)[1];
  const header =
    '| date | page | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS | bytes received | result |\n|---|---|---|---|---|---|---|---|---|---|---|---|';
  writeFileSync(readmeFile, `${before}${start}\n${header}\n${rows.join('\n')}\n${end}${after}`);
}

async function main(): Promise<void> {
  const bareDist = await buildBarePage();
  const products: Product[] = [];
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: chromiumFlags });
  try {
    const app = await startProduct();
    products.push(app);
    const bare = await startProduct({ env: { WEB_DIST_DIR: bareDist } });
    products.push(bare);
    const tokens = await signInThroughApi(app.baseUrl, await createVerifiedCustomer(app.baseUrl, { language: 'tr' }));

    const signIn_ = await audit(chrome.port, `${app.baseUrl}/`, '/', false);
    await signIn(chrome.port, app.baseUrl, tokens);
    const applications = await audit(chrome.port, `${app.baseUrl}/worq-trade`, '/worq-trade (signed in)', true);
    const barePage = await audit(chrome.port, `${bare.baseUrl}/`, 'bare Vite + React + React Router page', false);

    const date = new Date().toISOString().slice(0, 10);
    const missed: string[] = [];
    const rows: string[] = [];
    for (const result of [signIn_, applications, barePage]) {
      const wanted = targets[result.name] ?? {};
      const misses = Object.entries(wanted).filter(([category, minimum]) => result.scores[category as Category] < minimum!);
      for (const [category, minimum] of misses)
        missed.push(`${result.name} ${category} ${result.scores[category as Category]} < ${minimum}`);
      const verdict = Object.keys(wanted).length === 0 ? 'yardstick' : misses.length === 0 ? 'pass' : 'fail';
      console.log(
        `${result.name}: ${categories.map((category) => `${category} ${result.scores[category]}`).join(', ')}; FCP ${Math.round(result.fcpMs)} ms, LCP ${Math.round(result.lcpMs)} ms, TBT ${Math.round(result.tbtMs)} ms, CLS ${result.cls.toFixed(3)}; ${(result.bytes / 1000).toFixed(1)} kB received${result.failing.length ? `; failing audits: ${result.failing.join(', ')}` : ''}`,
      );
      for (const item of result.largest) console.log(`    ${(item.bytes / 1000).toFixed(1).padStart(7)} kB  ${item.url}`);
      if (result.run) console.log(await explainRun(result.run));
      rows.push(
        `| ${date} | ${result.name} | ${result.scores.performance} | ${result.scores.accessibility} | ${result.scores['best-practices']} | ${result.scores.seo} | ${(result.fcpMs / 1000).toFixed(1)} s | ${(result.lcpMs / 1000).toFixed(1)} s | ${Math.round(result.tbtMs)} ms | ${result.cls.toFixed(3)} | ${(result.bytes / 1000).toFixed(1)} kB | ${verdict} |`,
      );
    }
    const ratio = signIn_.bytes / barePage.bytes;
    const ratioVerdict = ratio <= bytesRatioTarget ? 'pass' : 'fail';
    if (ratioVerdict === 'fail') missed.push(`first visit bytes ${ratio.toFixed(2)}× the bare page > ${bytesRatioTarget}×`);
    rows.push(
      `| ${date} | first visit of \`/\` ÷ bare page, bytes received | | | | | | | | | ${ratio.toFixed(2)}× (target ≤ ${bytesRatioTarget}×) | ${ratioVerdict} |`,
    );
    console.log(`first visit of / received ${ratio.toFixed(2)}× the bare page's bytes (target ≤ ${bytesRatioTarget}×)`);
    updateReadme(rows);
    for (const line of missed) console.log(`Missed: ${line}`);
    process.exitCode = missed.length > 0 ? 1 : 0;
  } finally {
    await chrome.kill();
    for (const product of products) await product.stop();
    rmSync(path.dirname(bareDist), { recursive: true, force: true });
  }
}

// Run as a script; ./ab.ts imports the pieces above.
if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}

// WorqInsight and offer figures benchmark (issues 12 and 35). On PostgreSQL with 10,000,000 orders in
// the table (bench/insight/seed.ts: one measured seller with three stores and about 200,000 orders
// over 13 months, thousands of other sellers interleaved with it), against the real app:
// - GET /api/v1/insight/overview over HTTP (auth, validation, every query, serialisation) for the
//   default range, 20 measured requests after 3 warm-ups: target p95 ≤ 100 ms; the tips, a year's
//   overview and the plan suggestion the same way, for information;
// - the forecast recomputation for the seller alone (sellerFigures in this process: every read and
//   the model fits), 12 measured runs after 2 warm-ups: target p95 ≤ 500 ms;
// - the offer after an import: a store's import ends (its sync claimed, a page of new orders saved
//   with the sync's own upsert, the sync released as ok, as insight/sync.ts does), then
//   GET /api/v1/gpp/offer, timed from the release to the answer, 10 times: target ≤ 1 s (p95);
// - recompute only for sellers whose orders changed: another seller's import leaves the measured
//   seller's offer as it was (the same computed_at), its own import computes it anew.
// Writes its section of bench/README.md and exits non-zero when a target is missed.
// Usage: npm run bench:insight [-- --orders N] [-- --runs N]   (root, PostgreSQL binaries, or BENCH_DATABASE_URL)
// Knobs: --orders (default 10,000,000; BENCH_INSIGHT_ORDERS), --runs (overview requests, default 20;
// BENCH_INSIGHT_RUNS), BENCH_DATABASE_URL (that server instead of a throwaway cluster).
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { addDays, istanbulToday } from '@worq/domain/calendar';
import type { OfferView } from '@worq/domain/wire/offer';
import { buildApp } from '../../apps/api/src/app.ts';
import type { MarketplaceOrder } from '../../apps/api/src/connectors/types.ts';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { sellerFigures } from '../../apps/api/src/modules/insight/forecast.ts';
import { claimSync, releaseSync, upsertOrders } from '../../apps/api/src/modules/insight/sync-repository.ts';
import { benchConfig, count, listenLocally, readmeFile, withThrowawayPostgres } from '../common.ts';
import { seedOrders, type Seeded } from './seed.ts';

const whole = (label: string, raw: string | undefined, fallback: number, min: number, max: number): number => {
  if (!raw) return fallback;
  const value = Number(raw.replaceAll('_', ''));
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`${label} must be a whole number from ${min} to ${max}`);
  return value;
};
const { values: args } = parseArgs({ options: { orders: { type: 'string' }, runs: { type: 'string' } } });
const totalOrders = whole('--orders', args.orders ?? process.env.BENCH_INSIGHT_ORDERS, 10_000_000, 10_000, 50_000_000);
const runs = whole('--runs', args.runs ?? process.env.BENCH_INSIGHT_RUNS, 20, 20, 500);
const sellerOrders = Math.min(200_000, Math.round(totalOrders / 5));
const forecastRuns = 12;
const offerRuns = 10;
const importedPerRun = 50;
const targets = { overviewMs: 100, forecastMs: 500, offerMs: 1_000 };

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;
const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' / ');

interface Row {
  name: string;
  times: number[];
  target: number | null;
}

async function main(): Promise<void> {
  const loadAtStart = load();
  await withThrowawayPostgres('insight', async (server, dataDir) => {
    const database = await openDatabase({ url: server.url, pgliteDir: 'memory://' });
    const db = database.db;
    // Starting the app migrates the database and seeds the reference data (marketplaces) the fill needs.
    const config = benchConfig(dataDir, {
      NODE_ENV: 'test',
      IP_RATE_LIMIT_PER_MINUTE: '100000',
      // The measured seller reads far more than a person would (customerRateLimits.insightRead).
      CUSTOMER_RATE_LIMIT_FACTOR: '1000',
    });
    const app = await buildApp({ config, database, logger: false });
    const base = await listenLocally(app);

    console.log(`filling ${count(totalOrders)} orders on ${server.description} …`);
    const fillStarted = performance.now();
    const seeded: Seeded = await seedOrders(server.url, { orders: totalOrders, sellerOrders, now: new Date() });
    const fillSeconds = (performance.now() - fillStarted) / 1000;
    console.log(`filled in ${fillSeconds.toFixed(0)} s: ${count(seeded.orders)} orders, the seller ${count(seeded.sellerOrders)}`);

    const token = await app.signAccessToken({
      customer_id: seeded.sellerId,
      email: seeded.sellerEmail,
      first_name: 'Bench',
      last_name: 'Seller',
      is_phone_verified: true,
    });
    const get = async (url: string): Promise<{ ms: number; body: unknown }> => {
      const started = performance.now();
      const response = await fetch(`${base}${url}`, { headers: { authorization: `Bearer ${token}`, 'accept-language': 'tr' } });
      const text = await response.text();
      const elapsed = performance.now() - started;
      if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${text.slice(0, 300)}`);
      return { ms: elapsed, body: JSON.parse(text) as unknown };
    };
    const measure = async (url: string, times = runs): Promise<number[]> => {
      const out: number[] = [];
      for (let index = 0; index < times + 3; index++) {
        const answer = await get(url);
        if (index >= 3) out.push(answer.ms);
      }
      return out;
    };

    const loadBeforeMeasures = load();
    const rows: Row[] = [];
    console.log('overview and the other WorqInsight reads over HTTP …');
    const today = istanbulToday();
    const yearAgo = addDays(today, -365);
    rows.push({
      name: 'GET /insight/overview, last 30 days (default)',
      times: await measure('/insight/overview'),
      target: targets.overviewMs,
    });
    rows.push({ name: 'GET /insight/tips, last 30 days (default)', times: await measure('/insight/tips'), target: null });
    rows.push({
      name: 'GET /insight/overview, 366 days',
      times: await measure(`/insight/overview?from=${yearAgo}&to=${today}`),
      target: null,
    });
    rows.push({ name: 'GET /gpp/suggestion (3 full months)', times: await measure('/gpp/suggestion'), target: null });

    console.log('forecast recomputation in this process …');
    const forecastTimes: number[] = [];
    let firstForecastMs = 0;
    for (let index = 0; index < forecastRuns + 2; index++) {
      const started = performance.now();
      const figures = await sellerFigures(db, seeded.sellerId, new Date(), config.storeHostSuffixes);
      const elapsed = performance.now() - started;
      if (!figures.forecast) throw new Error('the measured seller has no forecast');
      if (index === 0) firstForecastMs = elapsed;
      if (index >= 2) forecastTimes.push(elapsed);
    }
    rows.push({ name: 'forecast recomputation, one seller (sellerFigures in process)', times: forecastTimes, target: targets.forecastMs });

    // An import of `importedPerRun` new orders of the last hour into one store, ended as the sync ends it.
    let imported = 0;
    const importEnds = async (customerId: string, integrationId: string): Promise<void> => {
      const owner = `bench-import-${imported}`;
      if (!(await claimSync(db, integrationId, owner, 600))) throw new Error('the store sync is leased');
      const orders: MarketplaceOrder[] = Array.from({ length: importedPerRun }, (_, index) => {
        const id = `bench-import-${imported}-${index}`;
        const amount = 5_000 + ((imported * 7919 + index * 104_729) % 195_000);
        return {
          id,
          orderNumber: id,
          orderedAt: new Date(Date.now() - (index + 1) * 60_000).toISOString(),
          status: 'created',
          totalAmount: amount,
          currency: 'TRY',
          lines: [{ sku: `SKU-${index % 60}`, name: `Ürün ${index % 60}`, quantity: 1, amount }],
        };
      });
      imported++;
      const saved = await upsertOrders(db, customerId, integrationId, orders);
      await releaseSync(db, integrationId, owner, {
        state: 'ok',
        lastSyncedAt: new Date(),
        newOrders: saved.inserted,
        updatedOrders: saved.updated,
        message: null,
        messageParams: null,
      });
    };
    const offer = async () => (await get('/gpp/offer')) as { ms: number; body: OfferView };

    console.log('the offer after an import ends …');
    await offer(); // the model's WebAssembly is compiled by the forecast runs above; this fills the cache once
    const offerTimes: number[] = [];
    for (let index = 0; index < offerRuns; index++) {
      await importEnds(seeded.sellerId, seeded.sellerStores[index % seeded.sellerStores.length]!.integrationId);
      const started = performance.now();
      const answer = await offer();
      offerTimes.push(performance.now() - started);
      if (answer.body.status !== 'pre_qualified') throw new Error(`the measured seller's offer is ${answer.body.status}`);
    }
    rows.push({ name: 'GET /gpp/offer right after an import ends (cold: first computation)', times: offerTimes, target: targets.offerMs });
    rows.push({ name: 'GET /gpp/offer again, nothing changed (kept)', times: await measure('/gpp/offer'), target: null });

    // Only the sellers whose orders changed are recomputed.
    const before = (await offer()).body.computed_at;
    await importEnds(seeded.other.customerId, seeded.other.integrationId);
    const afterOther = (await offer()).body.computed_at;
    await new Promise((resolve) => setTimeout(resolve, 5));
    await importEnds(seeded.sellerId, seeded.sellerStores[0]!.integrationId);
    const afterOwn = (await offer()).body.computed_at;
    const onlyChanged = afterOther === before && afterOwn !== before;
    const loadAtEnd = load();
    await app.close();
    await database.close();

    const met = (row: Row) => row.target === null || percentile(row.times, 95) <= row.target;
    const passed = rows.every(met) && onlyChanged;
    const table = [
      `Last run ${new Date().toISOString().slice(0, 10)}: ${count(seeded.orders)} orders in the table, ${count(seeded.sellers)} sellers, ${count(seeded.stores)} stores; the measured seller ${count(seeded.sellerOrders)} orders in ${seeded.sellerStores.length} stores; ${server.description}.`,
      `Filled in ${fillSeconds.toFixed(0)} s (${seeded.timings.map((timing) => `${timing.label} ${(timing.ms / 1000).toFixed(1)} s`).join('; ')}).`,
      `First forecast computation of the process (WebAssembly compile included): ${ms(firstForecastMs)}.`,
      '',
      '| measure | p50 | p95 | max | target | |',
      '|---|---|---|---|---|---|',
      ...rows.map(
        (row) =>
          `| ${row.name} | ${ms(percentile(row.times, 50))} | ${ms(percentile(row.times, 95))} | ${ms(Math.max(...row.times))} | ${
            row.target === null ? 'none' : `p95 ≤ ${count(row.target)} ms`
          } | ${row.target === null ? '' : met(row) ? 'met' : '**missed**'} |`,
      ),
      `| recompute only for sellers whose orders changed: after another seller's import the offer's computed_at is ${
        afterOther === before ? 'unchanged' : 'changed'
      }, after its own import ${afterOwn !== before ? 'changed' : 'unchanged'} | | | | both | ${onlyChanged ? 'met' : '**missed**'} |`,
      '',
      `${os.cpus().length} cores shared with other work; load average (1 / 5 / 15 min) ${loadAtStart} at the start, ${loadBeforeMeasures} before the measures, ${loadAtEnd} at the end.`,
    ].join('\n');
    writeTable(table);
    console.log(table);
    if (!passed) process.exitCode = 1;
  });
}

const markers = { start: '<!-- insight:start -->', end: '<!-- insight:end -->' };

/** Replaces the figures between this benchmark's markers in bench/README.md (the method around them is written by hand). */
function writeTable(table: string): void {
  const readme = readFileSync(readmeFile, 'utf8');
  const start = readme.indexOf(markers.start);
  const end = readme.indexOf(markers.end);
  if (start < 0 || end < start) throw new Error(`bench/README.md has no ${markers.start} … ${markers.end} block`);
  writeFileSync(readmeFile, `${readme.slice(0, start + markers.start.length)}\n${table}\n${readme.slice(end)}`);
}

await main();

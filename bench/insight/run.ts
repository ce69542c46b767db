// WorqInsight figures benchmark (issue 12): GET /api/v1/insight/overview and /insight/tips for one
// seller with 200,000 orders over 12 months, on PostgreSQL with 1,000,000 orders in the table (the
// other 800,000 belong to 40 other sellers). Each request goes over HTTP to the real app (auth,
// validation, every query, serialisation); 20 measured runs after 3 warm-up runs, for the default
// range (the last 30 days) and for a full year. Target: p95 ≤ 100 ms for the default range.
// Writes its section of bench/README.md and exits non-zero when the target is missed.
// Usage: node --import tsx bench/insight/run.ts   (or npm run bench:insight)
// Knobs: BENCH_DATABASE_URL (use that server instead of a throwaway cluster), BENCH_INSIGHT_ORDERS
// (orders in the table, default 1,000,000), BENCH_INSIGHT_RUNS (default 20).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { addDays, istanbulToday } from '@worq/domain/calendar';
import { buildApp } from '../../apps/api/src/app.ts';
import { loadConfig } from '../../apps/api/src/config.ts';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { startPostgres } from '../api-read/postgres.ts';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const readmeFile = path.join(repoRoot, 'bench/README.md');
const heading = '## WorqInsight figures (`npm run bench:insight`)';

const wholeEnv = (name: string, fallback: number, min: number, max: number): number => {
  const raw = process.env[name];
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`${name} must be a whole number from ${min} to ${max}`);
  return value;
};

const totalOrders = wholeEnv('BENCH_INSIGHT_ORDERS', 1_000_000, 10_000, 10_000_000);
const runs = wholeEnv('BENCH_INSIGHT_RUNS', 20, 5, 500);
const sellerOrders = Math.round(totalOrders / 5);
const otherSellers = 40;
const targetMs = 100;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

async function main(): Promise<void> {
  const availability = await startPostgres();
  if ('skipped' in availability) {
    console.log(`skipped: ${availability.skipped}`);
    return;
  }
  const server = availability.server;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'worq-bench-insight-'));
  try {
    const database = await openDatabase({ url: server.url, pgliteDir: 'memory://' });
    const db = database.db;
    // The app seeds the reference data (marketplaces) the fill needs.
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      IP_RATE_LIMIT_PER_MINUTE: '100000',
      // The measured seller reads far more than a person would (customerRateLimits.insightRead).
      CUSTOMER_RATE_LIMIT_FACTOR: '1000',
    });
    const app = await buildApp({ config, database, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    console.log(`filling ${totalOrders.toLocaleString('en')} orders on ${server.description} …`);
    const fillStarted = Date.now();
    // Sellers, one Trendyol store each; the first seller is the one measured.
    await db.execute(sql`
      insert into customers (first_name, last_name, email, is_phone_verified, consents)
      select 'Bench', 'Seller ' || n, 'bench-' || n || '@example.com', true, '{"disclosure":true}'::jsonb
      from generate_series(0, ${otherSellers}) n`);
    await db.execute(sql`
      insert into integrations (customer_id, marketplace_id, store_name, public_fields)
      select c.id, (select id from marketplaces where code = 'trendyol'), 'Store ' || c.last_name, '{}'::jsonb
      from customers c where c.email like 'bench-%'`);
    // Orders spread over 365 Istanbul days with a weekly rhythm, several products, 5 % cancelled and
    // 4 % returned; generated in the database so filling a million rows takes seconds.
    const fill = async (email: string, count: number) =>
      db.execute(sql`
        insert into marketplace_orders (integration_id, customer_id, external_id, order_number, ordered_at, order_day, status, total_amount, currency, units, lines)
        select i.id, i.customer_id, 'p' || g, 'o' || g, t, (t at time zone 'Europe/Istanbul')::date,
          case when g % 20 = 0 then 'cancelled' when g % 25 = 1 then 'returned' else 'delivered' end,
          10000 + (g * 7919) % 200000, 'TRY', 1 + g % 3,
          jsonb_build_array(jsonb_build_object('sku', 'SKU-' || (g % 40), 'name', 'Ürün ' || (g % 40), 'quantity', 1 + g % 3, 'amount', 10000 + (g * 7919) % 200000))
        from integrations i join customers c on c.id = i.customer_id,
          generate_series(1, ${count}) g,
          lateral (select now() - ((g::double precision / ${count}) * 365 * interval '1 day') - ((g % 7) * interval '1 hour') as t) ts
        where c.email = ${email}`);
    await fill('bench-0@example.com', sellerOrders);
    const perOther = Math.floor((totalOrders - sellerOrders) / otherSellers);
    for (let n = 1; n <= otherSellers; n++) await fill(`bench-${n}@example.com`, perOther);
    await db.execute(sql`analyze marketplace_orders`);
    const fillSeconds = (Date.now() - fillStarted) / 1000;
    const sellerRows = (await db.execute(sql`select id from customers where email = 'bench-0@example.com'`)) as unknown as {
      rows: { id: string }[];
    };
    const sellerId = sellerRows.rows[0]!.id;
    const counted = Number(
      ((await db.execute(sql`select count(*) as n from marketplace_orders`)) as unknown as { rows: { n: string }[] }).rows[0]!.n,
    );

    const token = await app.signAccessToken({
      customer_id: sellerId,
      email: 'bench-0@example.com',
      first_name: 'Bench',
      last_name: 'Seller',
      is_phone_verified: true,
    });

    const measure = async (url: string): Promise<{ p50: number; p95: number; max: number }> => {
      const times: number[] = [];
      for (let index = 0; index < runs + 3; index++) {
        const started = performance.now();
        const response = await fetch(`http://127.0.0.1:${port}/api/v1${url}`, {
          headers: { authorization: `Bearer ${token}`, 'accept-language': 'tr' },
        });
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
        if (index >= 3) times.push(performance.now() - started);
      }
      return { p50: percentile(times, 50), p95: percentile(times, 95), max: Math.max(...times) };
    };
    const today = istanbulToday();
    const yearAgo = addDays(today, -365);
    const results = [
      { name: 'overview, last 30 days (default)', gate: true, ...(await measure('/insight/overview')) },
      { name: 'tips, last 30 days (default)', gate: true, ...(await measure('/insight/tips')) },
      { name: 'overview, 366 days', gate: false, ...(await measure(`/insight/overview?from=${yearAgo}&to=${today}`)) },
      { name: 'tips, 366 days', gate: false, ...(await measure(`/insight/tips?from=${yearAgo}&to=${today}`)) },
      { name: 'plan suggestion (3 full months)', gate: false, ...(await measure('/gpp/suggestion')) },
    ];
    await app.close();
    await database.close();

    const passed = results.filter((result) => result.gate).every((result) => result.p95 <= targetMs);
    const ms = (value: number) => `${value.toFixed(1)} ms`;
    const section = [
      heading,
      '',
      `One seller with ${sellerOrders.toLocaleString('en')} orders over 12 months, ${counted.toLocaleString('en')} orders in the table`,
      `(${otherSellers} other sellers), ${server.description}; filled in ${fillSeconds.toFixed(0)} s. Each figure is ${runs} HTTP requests`,
      'to the real app after 3 warm-up requests, one at a time. Target: p95 ≤ 100 ms for the default range.',
      '',
      '| request | p50 | p95 | max | target |',
      '|---|---|---|---|---|',
      ...results.map(
        (result) =>
          `| ${result.name} | ${ms(result.p50)} | ${ms(result.p95)} | ${ms(result.max)} | ${result.gate ? (result.p95 <= targetMs ? 'met' : '**missed**') : 'none'} |`,
      ),
      '',
      `Measured ${new Date().toISOString().slice(0, 10)} on this machine (${os.cpus().length} cores).`,
      '',
    ].join('\n');
    writeSection(section);
    console.log(section);
    if (!passed) process.exitCode = 1;
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function writeSection(section: string): void {
  const readme = readFileSync(readmeFile, 'utf8');
  const start = readme.indexOf(heading);
  if (start < 0) {
    writeFileSync(readmeFile, `${readme.trimEnd()}\n\n${section}`);
    return;
  }
  const next = readme.indexOf('\n## ', start + heading.length);
  writeFileSync(readmeFile, `${readme.slice(0, start)}${section}${next < 0 ? '' : readme.slice(next + 1)}`);
}

await main();

// Funded sellers' portfolio benchmark (issue 36): "the portfolio page answers within 300 ms p95 with
// 5,000 funded sellers and 10 million orders on PostgreSQL". A throwaway PostgreSQL is migrated by
// starting the API, then filled with set-based SQL: sellers with a Trendyol store, a company, an
// approved application and its plan, a recent (or stale) order sync, and orders over the last 13
// months. The watch then checks every application in this process (the job's cost on the order-sync
// schedule: a first check that adopts the application and fixes its schedule, then a steady one),
// and GET /api/v1/admin/portfolio is measured over HTTP with an expert's token.
// Writes its section of bench/README.md and exits non-zero when the target is missed.
// Usage: npm run bench:portfolio   (root; PostgreSQL binaries or BENCH_DATABASE_URL)
// Knobs: BENCH_PORTFOLIO_SELLERS (5,000), BENCH_PORTFOLIO_ORDERS (10,000,000),
// BENCH_PORTFOLIO_REQUESTS (200 a variant), BENCH_PORTFOLIO_CONCURRENCY (4), BENCH_DATABASE_URL.
import os from 'node:os';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { DurationWeeks, PaymentStartWeek } from '@worq/domain/plan';
import { buildApp } from '../../apps/api/src/app.ts';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { claimDueWatches, checkFundedApplication, type WatchContext } from '../../apps/api/src/modules/funding/watch.ts';
import { planRow } from '../../apps/api/src/modules/gpp/service.ts';
import {
  benchConfig,
  bulkFillOrders,
  cancelledShare,
  count,
  generatedOrderStatus,
  listenLocally,
  returnedShare,
  timed,
  uniform,
  wholeEnv,
  withThrowawayPostgres,
  writeSection,
  type Timing,
} from '../common.ts';

const heading = "## Funded sellers' portfolio (`npm run bench:portfolio`)";

const sellerCount = wholeEnv('BENCH_PORTFOLIO_SELLERS', 5_000, 10, 100_000);
const orderCount = wholeEnv('BENCH_PORTFOLIO_ORDERS', 10_000_000, 1_000, 50_000_000);
const requestCount = wholeEnv('BENCH_PORTFOLIO_REQUESTS', 200, 10, 10_000);
const concurrency = wholeEnv('BENCH_PORTFOLIO_CONCURRENCY', 4, 1, 64);
const targetMs = 300;
const warmups = 5;
const historyDays = 395;
const approvalSpreadDays = 70;
const ordersPerStatement = 250_000;
/** Seller k gets a share of the orders growing towards k = 1: 1 + floor(S · u^skew) for uniform u. */
const skew = 1.6;
/** Mean order amount in kuruş (uniform 50–2,000 TL). */
const meanAmount = 5_000 + 195_000 / 2;
const expert = { email: 'portfolio-expert@example.com', password: 'Uzman-Bench-1' };
const pageSize = 20;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const ms = (value: number) => `${value.toFixed(1)} ms`;

/** The share of all orders that seller k (1-based) receives under the skew above. */
const orderShare = (k: number) => (k / sellerCount) ** (1 / skew) - ((k - 1) / sellerCount) ** (1 / skew);

interface Seeded {
  applications: { k: number; applicationId: string }[];
  orders: number;
  timings: Timing[];
}

/**
 * Fills the migrated database on a connection of its own. Orders are generated in time order with the
 * sellers interleaved, as ongoing syncs write them; the order table's indexes are built after the
 * fill (as a bulk load would) and its foreign-key triggers are off for it (the rows are consistent by
 * construction), else 10 million rows take far longer than the benchmark's subject.
 */
async function seed(url: string, now: Date, expertId: string): Promise<Seeded> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const timings: Seeded['timings'] = [];
  try {
    await client.query(`set maintenance_work_mem = '512MB'`);
    const at = now.toISOString();
    await timed(timings, `${count(sellerCount)} sellers, stores, companies, approved applications, order syncs`, async () => {
      await client.query('create temp table bench_sellers (k int primary key, customer_id uuid, company_id uuid, integration_id uuid)');
      const consent = { accepted: true, term_version: 1, accepted_at: at };
      await client.query(
        `insert into customers (first_name, last_name, email, phone_number, is_phone_verified, is_email_verified, consents, created_at)
         select (array['Ayşe','Mehmet','Zeynep','Mustafa','Elif','Ahmet','Fatma','Emre','Deniz','Can'])[1 + k % 10],
           (array['Yılmaz','Kaya','Demir','Şahin','Çelik','Yıldız','Aydın','Öztürk','Arslan','Doğan'])[1 + (k / 10) % 10],
           'satici-' || k || '@example.com', '5' || lpad(k::text, 9, '0'), true, true, $2::jsonb, $3::timestamptz - interval '420 days'
         from generate_series(1, $1::int) k`,
        [sellerCount, JSON.stringify({ disclosure: consent, explicit_consent: consent, commercial_electronic_message: consent }), at],
      );
      await client.query(`insert into bench_sellers (k, customer_id)
        select split_part(split_part(email, '@', 1), '-', 2)::int, id from customers where email like 'satici-%@example.com'`);
      await client.query(`with made as (
          insert into companies (customer_id, type, tax_number, official_full_name, trade_name, tax_office)
          select s.customer_id, 2, (1000000000 + s.k)::text, t.title || ' Anonim Şirketi', t.title, 'Kadıköy'
          from bench_sellers s, lateral (select (array['Anadolu','Boğaziçi','Ege','Karadeniz','Marmara','Toros','Kapadokya','Akdeniz'])[1 + s.k % 8]
            || ' ' || (array['Tekstil','Kozmetik','Elektronik','Ev Gereçleri','Oyuncak','Spor'])[1 + (s.k / 8) % 6] || ' ' || s.k as title) t
          returning customer_id, id)
        update bench_sellers s set company_id = made.id from made where made.customer_id = s.customer_id`);
      await client.query(
        `with made as (
          insert into integrations (customer_id, marketplace_id, store_name, store_link, public_fields, company_id, connected_at)
          select s.customer_id, (select id from marketplaces where code = 'trendyol'), 'Mağaza ' || s.k,
            'https://www.trendyol.com/magaza/magaza-' || s.k, jsonb_build_object('seller_id', (100000 + s.k)::text), s.company_id,
            $1::timestamptz - interval '410 days'
          from bench_sellers s
          returning customer_id, id)
        update bench_sellers s set integration_id = made.id from made where made.customer_id = s.customer_id`,
        [at],
      );
      // Approvals spread over the last ten weeks; a few within the last day take the baseline from today's orders.
      await client.query(
        `insert into applications (customer_id, status, step, reached_step_two, submitted_snapshot, submitted_at, decided_at, decided_by, created_at)
         select s.customer_id, 'approved', 3, true,
           jsonb_build_object('company', jsonb_build_object('id', c.id, 'trade_name', c.trade_name, 'tax_number', c.tax_number),
             'integrations', jsonb_build_array(jsonb_build_object('id', s.integration_id, 'marketplace_code', 'trendyol', 'store_name', 'Mağaza ' || s.k, 'company_id', c.id))),
           d.decided_at - interval '2 days', d.decided_at, $2::uuid, d.decided_at - interval '3 days'
         from bench_sellers s join companies c on c.id = s.company_id,
           lateral (select $1::timestamptz - ${uniform('s.k', 7)} * interval '${approvalSpreadDays} days' as decided_at) d`,
        [at, expertId],
      );
      // One store in 25 last synced five days ago (stale); the others within the last half hour.
      await client.query(
        `insert into order_syncs (integration_id, customer_id, state, last_synced_at, oldest_order_at, next_run_at)
         select s.integration_id, s.customer_id, 'ok',
           case when s.k % 25 = 0 then $1::timestamptz - interval '5 days' else $1::timestamptz - (s.k % 30) * interval '1 minute' end,
           $1::timestamptz - interval '${historyDays} days', $1::timestamptz + interval '1 hour'
         from bench_sellers s`,
        [at],
      );
    });

    const applications = (
      await client.query<{ k: number; application_id: string; customer_id: string }>(
        'select s.k, a.id as application_id, a.customer_id from bench_sellers s join applications a on a.customer_id = s.customer_id order by s.k',
      )
    ).rows;
    await timed(timings, 'plans (the plan calculator, one statement)', async () => {
      // Each plan asks for 0.8–1.4 times what the seller's share of the orders sells a week, so some run behind.
      const weeksOfHistory = historyDays / 7;
      const plans = applications.map(({ k, application_id: applicationId, customer_id: customerId }) => {
        const weekly = (orderCount * orderShare(k) * (1 - cancelledShare - returnedShare) * meanAmount) / weeksOfHistory;
        const durationWeeks = ([4, 6, 8] as const)[k % 3] as DurationWeeks;
        const paymentStartWeek = ([1, 2, 3] as const)[Math.floor(k / 3) % 3] as PaymentStartWeek;
        const factor = 0.8 + 0.6 * (((k * 37) % 100) / 100);
        const sales = Math.max(1_000_000, Math.round(weekly * durationWeeks * factor));
        const row = planRow(applicationId, customerId, {
          averageMonthlyTurnover: Math.round(weekly * 4.3),
          estimatedStockPurchase: Math.round(sales * 0.6),
          estimatedSalesTurnover: sales,
          durationWeeks,
          paymentStartWeek,
        });
        return {
          application_id: row.applicationId,
          customer_id: row.customerId,
          average_monthly_turnover: row.averageMonthlyTurnover,
          estimated_stock_purchase_amount: row.estimatedStockPurchaseAmount,
          estimated_sales_turnover: row.estimatedSalesTurnover,
          duration_weeks: row.durationWeeks,
          payment_start_week: row.paymentStartWeek,
          provider_share_rate_bps: row.providerShareRateBps,
          provider_share_amount: row.providerShareAmount,
          your_share_amount: row.yourShareAmount,
          total_payment_amount: row.totalPaymentAmount,
          installment_count: row.installmentCount,
          installment_amount: row.installmentAmount,
          schedule: row.schedule,
        };
      });
      await client.query(
        `insert into plans (application_id, customer_id, average_monthly_turnover, estimated_stock_purchase_amount, estimated_sales_turnover,
           duration_weeks, payment_start_week, provider_share_rate_bps, provider_share_amount, your_share_amount, total_payment_amount,
           installment_count, installment_amount, schedule)
         select * from jsonb_to_recordset($1::jsonb) as p(application_id uuid, customer_id uuid, average_monthly_turnover bigint,
           estimated_stock_purchase_amount bigint, estimated_sales_turnover bigint, duration_weeks smallint, payment_start_week smallint,
           provider_share_rate_bps integer, provider_share_amount bigint, your_share_amount bigint, total_payment_amount bigint,
           installment_count smallint, installment_amount bigint, schedule jsonb)`,
        [JSON.stringify(plans)],
      );
    });

    await bulkFillOrders(client, timings, {
      label: `${count(orderCount)} orders generated (before the rules below drop some)`,
      total: orderCount,
      perStatement: ordersPerStatement,
      insert: async (from, to) => {
        // g in time order (older first); the seller, the hour, the status and the amount hashed from g.
        // One seller in 40 stopped selling two weeks ago; a stale store has nothing after its last sync.
        await client.query(
          `insert into marketplace_orders (integration_id, customer_id, external_id, order_number, ordered_at, order_day, status,
             total_amount, currency, units, lines, first_seen_at, updated_at)
           select s.integration_id, s.customer_id, 'TY' || g, 'ON' || g, o.t, (o.t at time zone 'Europe/Istanbul')::date,
             ${generatedOrderStatus('o.h', 'o.t', '$4::timestamptz')},
             o.amount, 'TRY', o.units,
             jsonb_build_array(jsonb_build_object('sku', 'SKU-' || (g % 60), 'name', 'Ürün ' || (g % 60), 'quantity', o.units, 'amount', o.amount)),
             o.t, o.t
           from generate_series($1::bigint, $2::bigint) g
             cross join lateral (select 1 + floor($3::int * power(${uniform('g', 1)}, ${skew}))::int as k,
               $4::timestamptz - (($5::bigint - g)::float8 / $5::bigint) * interval '${historyDays} days' - ${uniform('g', 2)} * interval '1 day' as t,
               ${uniform('g', 3)} as h, 5000 + (hashint8extended(g, 4) & 2147483647) % 195000 as amount, 1 + (g % 3)::int as units) o
             join bench_sellers s on s.k = o.k
           where not (s.k % 40 = 0 and o.t > $4::timestamptz - interval '14 days')
             and not (s.k % 25 = 0 and o.t > $4::timestamptz - interval '5 days')`,
          [from, to, sellerCount, at, orderCount],
        );
      },
    });
    await timed(timings, 'analyze', () => client.query('analyze'));
    const orders = Number((await client.query<{ n: string }>('select count(*) as n from marketplace_orders')).rows[0]!.n);
    return { applications: applications.map((row) => ({ k: row.k, applicationId: row.application_id })), orders, timings };
  } finally {
    await client.end();
  }
}

/** Pays every installment already due, except for one seller in eight, who is then late. */
async function payDueInstallments(url: string, now: Date): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `update repayment_installments set paid_amount = amount
       where due_date < ($1::timestamptz at time zone 'Europe/Istanbul')::date and abs(hashtext(application_id::text)) % 8 <> 0`,
      [now.toISOString()],
    );
  } finally {
    await client.end();
  }
}

interface WatchPass {
  times: number[];
  totalMs: number;
}

const summarise = (pass: WatchPass) =>
  `${count(pass.times.length)} | ${ms(percentile(pass.times, 50))} | ${ms(percentile(pass.times, 95))} | ${ms(Math.max(...pass.times))} | ${seconds(pass.totalMs)}`;

interface Latency {
  name: string;
  times: number[];
  bytes: number;
  wallMs: number;
  gate: boolean;
}

async function main(): Promise<void> {
  const loadAtStart = os.loadavg();
  await withThrowawayPostgres('portfolio', async (server, dataDir) => {
    // Starting the app migrates the database, seeds the reference data and creates the expert.
    const database = await openDatabase({ url: server.url, pgliteDir: 'memory://' });
    const config = benchConfig(dataDir, {
      NODE_ENV: 'test',
      IP_RATE_LIMIT_PER_MINUTE: '1000000',
      CUSTOMER_RATE_LIMIT_FACTOR: '1000',
      DATABASE_URL: server.url,
      BOOTSTRAP_EXPERT_EMAIL: expert.email,
      BOOTSTRAP_EXPERT_PASSWORD: expert.password,
    });
    const app = await buildApp({ config, database, logger: false });
    const base = await listenLocally(app);
    const expertRow = (await database.db.execute(sql`select id from customers where email = ${expert.email}`)) as unknown as {
      rows: { id: string }[];
    };

    console.log(`seeding ${count(sellerCount)} sellers and ${count(orderCount)} orders on ${server.description} …`);
    const now = new Date();
    const seeded = await seed(server.url, now, expertRow.rows[0]!.id);

    // The watch, in this process, one application after another as the job runs it.
    const ctx: WatchContext = {
      db: database.db,
      hostSuffixes: config.storeHostSuffixes,
      publicUrl: config.publicUrl,
      log: app.log,
      intervalMinutes: config.orderSyncIntervalMinutes || 60,
    };
    console.log('first check of every application (adopts it, fixes its repayment schedule) …');
    const first: WatchPass = { times: [], totalMs: 0 };
    const firstStarted = performance.now();
    const firstNow = new Date();
    for (const { applicationId } of seeded.applications) {
      const started = performance.now();
      await checkFundedApplication(ctx, applicationId, firstNow);
      first.times.push(performance.now() - started);
    }
    first.totalMs = performance.now() - firstStarted;
    await payDueInstallments(server.url, firstNow);

    console.log('steady check: claim what is due, check each (runFundingWatch without the adoption) …');
    const steady: WatchPass = { times: [], totalMs: 0 };
    const steadyStarted = performance.now();
    const steadyNow = new Date();
    for (;;) {
      const due = await claimDueWatches(ctx, steadyNow);
      if (due.length === 0) break;
      for (const applicationId of due) {
        const started = performance.now();
        await checkFundedApplication(ctx, applicationId, steadyNow);
        steady.times.push(performance.now() - started);
      }
    }
    steady.totalMs = performance.now() - steadyStarted;

    const state = (
      (await database.db
        .execute(sql`select count(*) filter (where state = 'active') as active, count(*) filter (where state = 'repaid') as repaid,
        count(*) filter (where jsonb_array_length(open_warnings) > 0) as warned from funding_watch`)) as unknown as {
        rows: { active: string; repaid: string; warned: string }[];
      }
    ).rows[0]!;

    // The expert signs in as the back-office does.
    const login = await fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(expert),
    });
    if (!login.ok) throw new Error(`login answered ${login.status}: ${await login.text()}`);
    const { jwt_token: token } = (await login.json()) as { jwt_token: string };
    const get = async (url: string): Promise<{ ms: number; bytes: number; body: Buffer }> => {
      const started = performance.now();
      const response = await fetch(`${base}${url}`, { headers: { authorization: `Bearer ${token}`, 'accept-language': 'tr' } });
      const body = Buffer.from(await response.arrayBuffer());
      const elapsed = performance.now() - started;
      if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${body.toString().slice(0, 300)}`);
      return { ms: elapsed, bytes: body.length, body };
    };
    const sequential = async (name: string, url: string, runs: number, gate: boolean): Promise<Latency> => {
      for (let index = 0; index < warmups; index++) await get(url);
      const times: number[] = [];
      let bytes = 0;
      const started = performance.now();
      for (let index = 0; index < runs; index++) {
        const answer = await get(url);
        times.push(answer.ms);
        bytes = answer.bytes;
      }
      console.log(`  ${name}: p95 ${ms(percentile(times, 95))}`);
      return { name, times, bytes, wallMs: performance.now() - started, gate };
    };

    const loadBeforeHttp = os.loadavg();
    const firstPage = JSON.parse((await get('/admin/portfolio')).body.toString()) as { total: number };
    const deepPage = Math.max(0, Math.ceil(firstPage.total / pageSize) - 1);
    const variants = [
      { name: 'default (active, sort=risk), page 1', url: '/admin/portfolio' },
      { name: 'sort=sales_4w', url: '/admin/portfolio?sort=sales_4w' },
      { name: 'risk=any_warning', url: '/admin/portfolio?risk=any_warning' },
      { name: 'q=yıldız (name, e-mail or company)', url: `/admin/portfolio?q=${encodeURIComponent('yıldız')}` },
      { name: `deep page (page=${deepPage}, the last)`, url: `/admin/portfolio?page=${deepPage}` },
      { name: 'state=all, sort=remaining', url: '/admin/portfolio?state=all&sort=remaining' },
    ];
    console.log(`HTTP: ${requestCount} sequential requests a variant after ${warmups} warm-ups …`);
    const results: Latency[] = [];
    for (const variant of variants) results.push(await sequential(variant.name, variant.url, requestCount, true));

    // Several experts at once: every variant in turn, `concurrency` requests in flight.
    const mixed: number[] = [];
    const mixedStarted = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        for (let index = next++; index < requestCount; index = next++) mixed.push((await get(variants[index % variants.length]!.url)).ms);
      }),
    );
    results.push({
      name: `all six above mixed, ${concurrency} in flight`,
      times: mixed,
      bytes: 0,
      wallMs: performance.now() - mixedStarted,
      gate: true,
    });
    results.push(await sequential('GET /admin/portfolio/summary (badge)', '/admin/portfolio/summary', requestCount, false));
    const csvRuns = 5;
    const csv = await sequential('GET /admin/portfolio.csv?state=all (every row)', '/admin/portfolio.csv?state=all', csvRuns, false);
    results.push(csv);

    await app.close();
    await database.close();

    const passed = results.filter((result) => result.gate).every((result) => percentile(result.times, 95) <= targetMs);
    const load = (values: number[]) => values.map((value) => value.toFixed(1)).join(' / ');
    const cpu = os.cpus()[0]?.model.trim() ?? 'cpu';
    const seedMs = seeded.timings.reduce((sum, timing) => sum + timing.ms, 0);
    const section = [
      heading,
      '',
      `\`bench/portfolio/run.ts\`: ${count(sellerCount)} funded sellers (one Trendyol store, a company, an approved`,
      `application with its plan, approvals spread over the last ${approvalSpreadDays / 7} weeks) and ${count(seeded.orders)} orders over the`,
      `last ${historyDays} days, on ${server.description}. Orders are generated in time order with the sellers interleaved;`,
      `a seller's share grows towards the first sellers (from about ${count(Math.round(orderCount * orderShare(sellerCount)))} to`,
      `${count(Math.round(orderCount * orderShare(1)))} orders), ${cancelledShare * 100} % are cancelled and ${returnedShare * 100} % returned; one store in 25 last synced five days ago,`,
      'one seller in 40 stopped selling two weeks ago, one in 8 leaves its due installments unpaid. Filled in',
      `${seconds(seedMs)} (${seeded.timings.map((timing) => `${timing.label} ${seconds(timing.ms)}`).join('; ')}).`,
      '',
      '**The watch** (`checkFundedApplication` in this process, one application after another, as the job runs it; the',
      'job claims 50 due rows a statement). The first check adopts the application (its `funding_watch` row and',
      'baseline; an approval within the last day computes the offer from the orders) and fixes its repayment',
      'schedule; the steady check is what every order-sync interval costs.',
      '',
      '| pass | applications | p50 | p95 | max | total |',
      '|---|---|---|---|---|---|',
      `| first check | ${summarise(first)} |`,
      `| steady check (claim + check) | ${summarise(steady)} |`,
      '',
      `After it: ${count(Number(state.active))} active, ${count(Number(state.repaid))} repaid, ${count(Number(state.warned))} with an open warning.`,
      '',
      `**The portfolio over HTTP** with an expert's token (signed in through \`POST /auth/login\`): ${requestCount} requests`,
      `a row one at a time after ${warmups} warm-ups, page size ${pageSize} as the screen asks; the mixed row sends the six`,
      `page variants ${concurrency} at a time; the CSV ${csvRuns} times. Target: p95 ≤ ${targetMs} ms for every page row.`,
      '',
      '| request | p50 | p95 | p99 | max | bytes | target |',
      '|---|---|---|---|---|---|---|',
      ...results.map(
        (result) =>
          `| ${result.name} | ${ms(percentile(result.times, 50))} | ${ms(percentile(result.times, 95))} | ${ms(percentile(result.times, 99))} | ${ms(Math.max(...result.times))} | ${result.bytes ? count(result.bytes) : ''} | ${result.gate ? (percentile(result.times, 95) <= targetMs ? 'met' : '**missed**') : 'none'} |`,
      ),
      '',
      `Measured ${new Date().toISOString().slice(0, 10)} on this machine (${os.availableParallelism()} cores, ${cpu}), shared with other`,
      `developers' work: load average ${load(loadAtStart)} (1 / 5 / 15 min) at the start, ${load(loadBeforeHttp)} before the HTTP runs.`,
      'The app, PostgreSQL and the client share these cores.',
      '',
    ].join('\n');
    writeSection(heading, section);
    console.log(section);
    if (!passed) process.exitCode = 1;
  });
}

await main();

// API read-path benchmark: requests per second and p99 latency of GET /api/v1/customer/get_user_info
// on the real app (auth preHandler verifying the JWT, the customer query, zod-checked serialisation,
// every global hook) against two yardsticks running the same primary-key read: a minimal Fastify
// handler going through the app's Drizzle database (PGlite and PostgreSQL), and, on PostgreSQL only,
// the field's bare stack: Fastify + `pg` with a pg.Pool of its own (PGlite has no `pg` equivalent).
// Writes the result into bench/README.md; a missed target is printed and recorded, and fails the
// exit code only with BENCH_STRICT=1.
// Usage: node --import tsx bench/api-read/run.ts   (or npm run bench:api-read)
// Knobs: BENCH_DATABASE_URL (use that server instead of a throwaway cluster), BENCH_DURATION_MS,
// BENCH_WARMUP_MS, BENCH_CONCURRENCY, BENCH_ROUNDS, BENCH_ONLY=pglite|postgres, BENCH_STRICT=1.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../apps/api/src/app.ts';
import { openDatabase, type Database } from '../../apps/api/src/db/client.ts';
import { customers } from '../../apps/api/src/db/schema.ts';
import { findCustomerById } from '../../apps/api/src/modules/auth/customer-repository.ts';
import { accessClaimsOf } from '../../apps/api/src/modules/auth/sessions.ts';
import { runLoadInChild, type LoadRequest, type Run } from './load.ts';
import { benchConfig, benchOnly, Cleanups, postgresOrSkipped, productionEnv, wholeEnv } from '../common.ts';
import { seededTermsVersion } from '../../apps/api/src/db/terms-content.ts';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const readmeFile = path.join(repoRoot, 'bench/README.md');
/** Issue 14: the app's rate against the minimal handler's, and on PostgreSQL its p99 in milliseconds. */
const minimalRatioTarget = 0.7;
const p99TargetMs = 20;
/** Issue 38: against bare Fastify + pg, the app's rate at least this share, its p99 at most this multiple. */
const bareRatioTarget = 0.7;
const bareP99Target = 1.5;

// Issue 14 measures at 64 connections.
const concurrency = wholeEnv('BENCH_CONCURRENCY', 64, 1, 256);
const warmupMs = wholeEnv('BENCH_WARMUP_MS', 2_000, 0, 60_000);
const durationMs = wholeEnv('BENCH_DURATION_MS', 8_000, 500, 120_000);
/** Each target is measured this many times, alternating with the others; the best run counts. */
const rounds = wholeEnv('BENCH_ROUNDS', 2, 1, 10);
const strict = process.env.BENCH_STRICT === '1';
const seededCustomers = 1_000;
/** Customers the load cycles through (one signed token each). */
const queriedCustomers = 100;
const maxRequestsPerRun = 2_000_000;

const appPath = '/api/v1/customer/get_user_info';

type TargetName = 'app' | 'minimal' | 'bare';

interface Target {
  name: TargetName;
  port: number;
  requests: LoadRequest[];
}

interface Measurement {
  database: Database['kind'];
  description: string;
  /** 1-minute load average when this database's runs began. */
  loadAverage: number;
  app: Run;
  minimal: Run;
  /** Bare Fastify + pg: PostgreSQL only. */
  bare: Run | undefined;
}

interface Check {
  label: string;
  passed: boolean;
}

/** Rows written straight through the schema, the way registration would leave them. */
async function seedCustomers(database: Database): Promise<Array<typeof customers.$inferSelect>> {
  const acceptedAt = new Date().toISOString();
  const consent = { accepted: true, term_version: seededTermsVersion, accepted_at: acceptedAt };
  const batch = 250;
  for (let start = 0; start < seededCustomers; start += batch) {
    const values = Array.from({ length: Math.min(batch, seededCustomers - start) }, (_, offset) => {
      const n = start + offset;
      return {
        firstName: 'Ayşe',
        lastName: `Yılmaz ${n}`,
        email: `bench-${n}@example.com`,
        passwordHash: null,
        phoneNumber: `53${String(n).padStart(8, '0')}`,
        isPhoneVerified: true,
        isEmailVerified: n % 2 === 0,
        consents: {
          disclosure: consent,
          explicit_consent: consent,
          commercial_electronic_message: { accepted: false, term_version: null, accepted_at: null },
        },
      };
    });
    await database.db.insert(customers).values(values);
  }
  return database.db.select().from(customers).limit(queriedCustomers);
}

/** No plugins, no hooks, no schema: the same query and Fastify's default JSON.stringify. */
async function buildMinimal(database: Database): Promise<FastifyInstance> {
  const minimal = Fastify({ logger: false });
  minimal.get<{ Params: { id: string } }>('/customer/:id', async (request, reply) => {
    const customer = await findCustomerById(database.db, request.params.id);
    if (!customer) return reply.status(404).send({ error: 'not found' });
    return customer;
  });
  return minimal;
}

/** The field's bare stack: Fastify, a pg.Pool (pg's default size, 10, as the app's) and the query by hand. */
function buildBare(url: string): FastifyInstance {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client the server drops (the throwaway cluster stopping) emits 'error' on the pool; as
  // any pg application must, the bare stack listens, or the whole bench process dies with it.
  pool.on('error', (error) => console.warn(`bare pool: ${error.message}`));
  const bare = Fastify({ logger: false });
  bare.get<{ Params: { id: string } }>('/customer/:id', async (request, reply) => {
    const { rows } = await pool.query('select * from customers where id = $1', [request.params.id]);
    if (rows.length === 0) return reply.status(404).send({ error: 'not found' });
    return rows[0];
  });
  bare.addHook('onClose', () => pool.end());
  return bare;
}

async function listen(server: FastifyInstance): Promise<number> {
  await server.listen({ host: '127.0.0.1', port: 0 });
  const address = server.server.address();
  if (!address || typeof address !== 'object') throw new Error('server has no port');
  return address.port;
}

/** Each target answers 200 for the first customer, and all read the same one. */
async function checkTargets(targets: Target[]): Promise<void> {
  const ids = await Promise.all(
    targets.map(async (current) => {
      const [first] = current.requests;
      const response = await fetch(`http://127.0.0.1:${current.port}${first!.path}`, { headers: first!.headers });
      if (response.status !== 200) throw new Error(`${current.name} answered ${response.status}: ${await response.text()}`);
      const body = (await response.json()) as { customer_id?: string; id?: string };
      return body.customer_id ?? body.id;
    }),
  );
  if (!ids[0] || ids.some((id) => id !== ids[0])) throw new Error(`the targets read different customers: ${ids.join(', ')}`);
}

async function measure(database: Database, description: string, dataDir: string, bareUrl?: string): Promise<Measurement> {
  const config = benchConfig(dataDir, productionEnv);
  const app = await buildApp({ config, database, logger: false });
  const minimal = await buildMinimal(database);
  const bare = bareUrl === undefined ? undefined : buildBare(bareUrl);
  try {
    const rows = await seedCustomers(database);
    const tokens = await Promise.all(rows.map((row) => app.signAccessToken(accessClaimsOf(row))));
    const appTarget: Target = {
      name: 'app',
      port: await listen(app),
      requests: tokens.map((token) => ({ path: appPath, headers: { authorization: `Bearer ${token}`, 'accept-language': 'tr' } })),
    };
    const byId = rows.map((row) => ({ path: `/customer/${row.id}`, headers: { 'accept-language': 'tr' } }));
    const targets: Target[] = [
      appTarget,
      { name: 'minimal', port: await listen(minimal), requests: byId },
      ...(bare ? [{ name: 'bare' as const, port: await listen(bare), requests: byId }] : []),
    ];
    await checkTargets(targets);

    const loadAverage = os.loadavg()[0]!;
    console.log(
      `  load average at start: ${os
        .loadavg()
        .map((value) => value.toFixed(2))
        .join(' / ')} (1 / 5 / 15 min)`,
    );
    const runs: Record<TargetName, Run[]> = { app: [], minimal: [], bare: [] };
    for (let round = 1; round <= rounds; round++) {
      for (const current of targets) {
        const result = await runLoadInChild({
          port: current.port,
          requests: current.requests,
          concurrency,
          warmupMs,
          durationMs,
          maxRequests: maxRequestsPerRun,
        });
        if (result.failures > 0) {
          throw new Error(`${current.name} on ${database.kind}: ${result.failures} failed request(s), first: ${result.firstFailure}`);
        }
        console.log(
          `  ${database.kind.padEnd(8)} round ${round}  ${current.name.padEnd(7)} ${fmt(result.rps, 0).padStart(7)} rps  p50 ${fmt(result.p50Ms, 2)} ms  p99 ${fmt(result.p99Ms, 2)} ms  server CPU ${fmt(result.cpuUsPerRequest, 0)} µs/request  (${result.completed} requests)`,
        );
        runs[current.name].push(result);
      }
    }
    const best = (results: Run[]) => results.reduce((a, b) => (b.rps > a.rps ? b : a));
    return {
      database: database.kind,
      description,
      loadAverage,
      app: best(runs.app),
      minimal: best(runs.minimal),
      bare: runs.bare.length > 0 ? best(runs.bare) : undefined,
    };
  } finally {
    await app.close();
    await minimal.close();
    await bare?.close();
  }
}

const fmt = (value: number, digits: number) => (Number.isFinite(value) ? value.toFixed(digits) : '–');

const minimalRatio = (m: Measurement) => m.app.rps / m.minimal.rps;
const bareRatio = (m: Measurement) => (m.bare ? m.app.rps / m.bare.rps : Number.NaN);
const bareP99Ratio = (m: Measurement) => (m.bare ? m.app.p99Ms / m.bare.p99Ms : Number.NaN);

/** Every target a database's run is held to: issue 14's everywhere, issue 38's where the bare stack ran. */
function checksOf(m: Measurement): Check[] {
  const checks: Check[] = [{ label: `rps ≥ ${minimalRatioTarget}× minimal`, passed: minimalRatio(m) >= minimalRatioTarget }];
  if (m.database === 'postgres') checks.push({ label: `p99 ≤ ${p99TargetMs} ms`, passed: m.app.p99Ms <= p99TargetMs });
  if (m.bare) {
    checks.push(
      { label: `rps ≥ ${bareRatioTarget}× bare`, passed: bareRatio(m) >= bareRatioTarget },
      { label: `p99 ≤ ${bareP99Target}× bare`, passed: bareP99Ratio(m) <= bareP99Target },
    );
  }
  return checks;
}

const missed = (m: Measurement) => checksOf(m).filter((check) => !check.passed);
const resultText = (m: Measurement) => {
  const misses = missed(m);
  return misses.length === 0 ? 'pass' : `missed: ${misses.map((check) => check.label).join('; ')}`;
};

const header = [
  '| database | load avg (1 min) | app rps | app p99 ms | minimal rps | minimal p99 ms | bare Fastify + pg rps | bare p99 ms | app ÷ minimal, rps | app ÷ bare, rps | app ÷ bare, p99 | result | server CPU µs/request, app / minimal / bare |',
  '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
].join('\n');

const rowOf = (m: Measurement) =>
  `| ${m.database} | ${m.loadAverage.toFixed(2)} | ${fmt(m.app.rps, 0)} | ${fmt(m.app.p99Ms, 1)} | ${fmt(m.minimal.rps, 0)} | ${fmt(m.minimal.p99Ms, 1)} | ${m.bare ? fmt(m.bare.rps, 0) : 'n/a'} | ${m.bare ? fmt(m.bare.p99Ms, 1) : 'n/a'} | ${minimalRatio(m).toFixed(2)}× | ${m.bare ? `${bareRatio(m).toFixed(2)}×` : 'n/a'} | ${m.bare ? `${bareP99Ratio(m).toFixed(2)}×` : 'n/a'} | ${resultText(m)} | ${fmt(m.app.cpuUsPerRequest, 0)} / ${fmt(m.minimal.cpuUsPerRequest, 0)} / ${m.bare ? fmt(m.bare.cpuUsPerRequest, 0) : 'n/a'} |`;

/** The table holds the latest run only; a database this run skipped keeps its last row. */
function updateReadme(date: string, measurements: Measurement[]): void {
  const start = '<!-- api-read:start -->';
  const end = '<!-- api-read:end -->';
  let readme = existsSync(readmeFile) ? readFileSync(readmeFile, 'utf8') : '# Benchmarks\n';
  if (!readme.includes(start)) {
    readme += `\n## API read path (\`npm run bench:api-read\`)\n\n${start}\n${end}\n`;
  }
  const [before, rest] = readme.split(start) as [string, string];
  const [table, after] = rest.split(end) as [string, string];
  const cells = header.split('\n')[0]!.split('|').length;
  const measured = new Set(measurements.map((m) => m.database));
  const kept = table
    .split('\n')
    .filter((line) => /^\| (pglite|postgres) \|/.test(line) && line.split('|').length === cells)
    .filter((line) => !measured.has(line.split('|')[1]!.trim() as Database['kind']));
  const rows = [...kept, ...measurements.map(rowOf)].sort();
  const runLine = `Last run ${date}: ${concurrency} in flight, ${warmupMs} ms warm-up + ${durationMs} ms per run, best of ${rounds} alternating runs.`;
  writeFileSync(readmeFile, `${before}${start}\n${runLine}\n\n${header}\n${rows.join('\n')}\n${end}${after}`);
}

async function main(): Promise<void> {
  const only = benchOnly();
  const measurements: Measurement[] = [];
  const skipped: string[] = [];
  // Ctrl+C must not leave a PostgreSQL cluster running in /tmp.
  const cleanups = new Cleanups();

  console.log(
    `API read path: ${appPath} vs a minimal Fastify handler and bare Fastify + pg (PostgreSQL only), ${concurrency} in flight, ${warmupMs} ms warm-up + ${durationMs} ms per run, best of ${rounds} alternating runs`,
  );
  try {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'worq-bench-api-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));

    if (only !== 'postgres') {
      const database = await openDatabase({ pgliteDir: 'memory://' });
      cleanups.push(() => database.close());
      console.log('\nPGlite (in memory)');
      measurements.push(await measure(database, 'PGlite in memory', path.join(dataDir, 'pglite')));
      await cleanups.runLast();
    }

    if (only !== 'pglite') {
      const server = await postgresOrSkipped(cleanups, skipped);
      if (server) {
        const database = await openDatabase({ url: server.url, pgliteDir: 'memory://' });
        cleanups.push(() => database.close());
        measurements.push(await measure(database, server.description, path.join(dataDir, 'postgres'), server.url));
      }
    }
  } finally {
    await cleanups.runAll();
  }

  console.log(`\n${header}\n${measurements.map(rowOf).join('\n')}`);
  for (const line of skipped) console.log(line);
  if (measurements.length > 0) {
    updateReadme(new Date().toISOString().slice(0, 10), measurements);
    console.log(`Recorded in ${path.relative(repoRoot, readmeFile)}.`);
  }
  const failed = measurements.filter((m) => missed(m).length > 0);
  for (const m of failed) console.log(`${m.database}: ${resultText(m)}`);
  if (failed.length > 0 && !strict) console.log('Targets missed; exit code 0 all the same (BENCH_STRICT=1 makes a miss fail).');
  process.exitCode = failed.length > 0 && strict ? 1 : 0;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});

// API read-path benchmark: requests per second and p99 latency of GET /api/v1/customer/get_user_info
// on the real app (auth preHandler verifying the JWT, the customer query, zod-checked serialisation,
// every global hook) against a minimal Fastify handler running the same primary-key query through
// the same Drizzle database, on PGlite and on PostgreSQL. Target: app ≥ 0.7× the minimal handler.
// Writes the result into bench/README.md and exits non-zero below target.
// Usage: node --import tsx bench/api-read/run.ts   (or npm run bench:api-read)
// Knobs: BENCH_DATABASE_URL (use that server instead of a throwaway cluster), BENCH_DURATION_MS,
// BENCH_WARMUP_MS, BENCH_CONCURRENCY, BENCH_ONLY=pglite|postgres.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/api/src/app.ts';
import { loadConfig } from '../../apps/api/src/config.ts';
import { openDatabase, type Database } from '../../apps/api/src/db/client.ts';
import { customers } from '../../apps/api/src/db/schema.ts';
import { findCustomerById } from '../../apps/api/src/modules/auth/customer-repository.ts';
import { runLoadInChild, type LoadRequest, type Run } from './load.ts';
import { startPostgres, type PostgresServer } from './postgres.ts';
import { seededTermsVersion } from '../../apps/api/src/db/terms-content.ts';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const readmeFile = path.join(repoRoot, 'bench/README.md');
const target = 0.7;
/** Issue 14: on PostgreSQL the app's p99 latency must also stay within this many milliseconds. */
const p99TargetMs = 20;

const wholeEnv = (name: string, fallback: number, min: number, max: number): number => {
  const raw = process.env[name];
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`${name} must be a whole number from ${min} to ${max}`);
  return value;
};

// Issue 14 measures at 64 connections.
const concurrency = wholeEnv('BENCH_CONCURRENCY', 64, 1, 256);
const warmupMs = wholeEnv('BENCH_WARMUP_MS', 2_000, 0, 60_000);
const durationMs = wholeEnv('BENCH_DURATION_MS', 8_000, 500, 120_000);
/** Each target is measured this many times, alternating with the other; the best run counts. */
const rounds = 2;
const seededCustomers = 1_000;
/** Customers the load cycles through (one signed token each). */
const queriedCustomers = 100;
const maxRequestsPerRun = 2_000_000;

const appPath = '/api/v1/customer/get_user_info';

interface Target {
  name: 'app' | 'minimal';
  port: number;
  requests: LoadRequest[];
}

interface Measurement {
  database: Database['kind'];
  description: string;
  app: Run;
  minimal: Run;
  ratio: number;
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

async function listen(server: FastifyInstance): Promise<number> {
  await server.listen({ host: '127.0.0.1', port: 0 });
  const address = server.server.address();
  if (!address || typeof address !== 'object') throw new Error('server has no port');
  return address.port;
}

async function checkTargets(app: Target, minimal: Target): Promise<void> {
  const [first] = app.requests;
  const [firstMinimal] = minimal.requests;
  const appResponse = await fetch(`http://127.0.0.1:${app.port}${first!.path}`, { headers: first!.headers });
  const minimalResponse = await fetch(`http://127.0.0.1:${minimal.port}${firstMinimal!.path}`);
  if (appResponse.status !== 200) throw new Error(`app answered ${appResponse.status}: ${await appResponse.text()}`);
  if (minimalResponse.status !== 200)
    throw new Error(`minimal handler answered ${minimalResponse.status}: ${await minimalResponse.text()}`);
  const appBody = (await appResponse.json()) as { customer_id?: string };
  const minimalBody = (await minimalResponse.json()) as { id?: string };
  if (!appBody.customer_id || appBody.customer_id !== minimalBody.id) throw new Error('app and minimal handler read different customers');
}

async function measure(database: Database, description: string, dataDir: string): Promise<Measurement> {
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    // Production requires these; nothing here connects to them (no message is sent).
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
    ENCRYPTION_KEY: '0'.repeat(64),
    DATABASE_URL: 'postgres://unused.invalid/bench',
    PUBLIC_URL: 'http://127.0.0.1',
    SMTP_URL: 'smtp://127.0.0.1:1',
    SMS_PROVIDER_URL: 'http://127.0.0.1:1',
  });
  const app = await buildApp({ config, database, logger: false });
  const minimal = await buildMinimal(database);
  try {
    const rows = await seedCustomers(database);
    const tokens = await Promise.all(
      rows.map((row) =>
        app.signAccessToken({
          customer_id: row.id,
          email: row.email,
          first_name: row.firstName,
          last_name: row.lastName,
          is_phone_verified: row.isPhoneVerified,
        }),
      ),
    );
    const appTarget: Target = {
      name: 'app',
      port: await listen(app),
      requests: tokens.map((token) => ({ path: appPath, headers: { authorization: `Bearer ${token}`, 'accept-language': 'tr' } })),
    };
    const minimalTarget: Target = {
      name: 'minimal',
      port: await listen(minimal),
      requests: rows.map((row) => ({ path: `/customer/${row.id}`, headers: { 'accept-language': 'tr' } })),
    };
    await checkTargets(appTarget, minimalTarget);

    const runs: Record<Target['name'], Run[]> = { app: [], minimal: [] };
    for (let round = 1; round <= rounds; round++) {
      for (const current of [appTarget, minimalTarget]) {
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
    const appBest = best(runs.app);
    const minimalBest = best(runs.minimal);
    return {
      database: database.kind,
      description,
      app: appBest,
      minimal: minimalBest,
      ratio: appBest.rps / minimalBest.rps,
    };
  } finally {
    await app.close();
    await minimal.close();
  }
}

const fmt = (value: number, digits: number) => (Number.isFinite(value) ? value.toFixed(digits) : '–');

/** The targets a database's run is held to: the ratio everywhere, the p99 latency on PostgreSQL. */
const targetText = (m: Measurement) => (m.database === 'postgres' ? `≥ ${target}×, p99 ≤ ${p99TargetMs} ms` : `≥ ${target}×`);
const passes = (m: Measurement) => m.ratio >= target && (m.database !== 'postgres' || m.app.p99Ms <= p99TargetMs);

function printTable(measurements: Measurement[]): void {
  console.log(
    '\n| database | app rps | app p50 ms | app p99 ms | minimal rps | minimal p50 ms | minimal p99 ms | ratio | result | server CPU µs/request, app / minimal |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const m of measurements) {
    console.log(
      `| ${m.database} | ${fmt(m.app.rps, 0)} | ${fmt(m.app.p50Ms, 2)} | ${fmt(m.app.p99Ms, 2)} | ${fmt(m.minimal.rps, 0)} | ${fmt(m.minimal.p50Ms, 2)} | ${fmt(m.minimal.p99Ms, 2)} | ${m.ratio.toFixed(2)}× | ${passes(m) ? 'PASS' : 'FAIL'} (${targetText(m)}) | ${fmt(m.app.cpuUsPerRequest, 0)} / ${fmt(m.minimal.cpuUsPerRequest, 0)} |`,
    );
  }
}

function updateReadme(date: string, measurements: Measurement[]): void {
  const start = '<!-- api-read:start -->';
  const end = '<!-- api-read:end -->';
  const header =
    '| date | database | app rps | app p99 ms | minimal rps | minimal p99 ms | ratio | target | result | server CPU µs/request, app / minimal |\n|---|---|---|---|---|---|---|---|---|---|';
  let readme = existsSync(readmeFile) ? readFileSync(readmeFile, 'utf8') : '# Benchmarks\n';
  if (!readme.includes(start)) {
    readme += `\n## API read path (\`npm run bench:api-read\`)\n\n${start}\n${header}\n${end}\n`;
  }
  const [before, rest] = readme.split(start) as [string, string];
  const [table, after] = rest.split(end) as [string, string];
  // One row per day and database: a re-run on the same date replaces that day's figure.
  const measured = new Set(measurements.map((m) => `| ${date} | ${m.database} |`));
  const rows = table.split('\n').filter((line) => line.startsWith('| 2') && ![...measured].some((key) => line.startsWith(key)));
  for (const m of measurements) {
    rows.push(
      `| ${date} | ${m.database} | ${fmt(m.app.rps, 0)} | ${fmt(m.app.p99Ms, 2)} | ${fmt(m.minimal.rps, 0)} | ${fmt(m.minimal.p99Ms, 2)} | ${m.ratio.toFixed(2)}× | ${targetText(m)} | ${passes(m) ? 'pass' : 'fail'} | ${fmt(m.app.cpuUsPerRequest, 0)} / ${fmt(m.minimal.cpuUsPerRequest, 0)} |`,
    );
  }
  writeFileSync(readmeFile, `${before}${start}\n${header}\n${rows.join('\n')}\n${end}${after}`);
}

async function main(): Promise<void> {
  const only = process.env.BENCH_ONLY;
  if (only && only !== 'pglite' && only !== 'postgres') throw new Error('BENCH_ONLY must be pglite or postgres');
  const measurements: Measurement[] = [];
  const skipped: string[] = [];
  const cleanups: Array<() => Promise<void>> = [];
  const cleanUp = async () => {
    while (cleanups.length > 0) await cleanups.pop()!().catch((error: unknown) => console.error(`cleanup: ${String(error)}`));
  };
  // Ctrl+C must not leave a PostgreSQL cluster running in /tmp.
  const onSignal = (signal: NodeJS.Signals) => {
    console.error(`\n${signal}: stopping`);
    void cleanUp().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  console.log(
    `API read path: ${appPath} vs a minimal Fastify handler, ${concurrency} in flight, ${warmupMs} ms warm-up + ${durationMs} ms per run, best of ${rounds} alternating runs`,
  );
  try {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'worq-bench-api-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));

    if (only !== 'postgres') {
      const database = await openDatabase({ pgliteDir: 'memory://' });
      cleanups.push(() => database.close());
      console.log('\nPGlite (in memory)');
      measurements.push(await measure(database, 'PGlite in memory', path.join(dataDir, 'pglite')));
      await cleanups.pop()!();
    }

    if (only !== 'pglite') {
      const availability = await startPostgres();
      if ('skipped' in availability) {
        skipped.push(`PostgreSQL skipped: ${availability.skipped}.`);
        console.log(`\n${skipped.at(-1)}`);
      } else {
        const server: PostgresServer = availability.server;
        cleanups.push(() => server.stop());
        console.log(`\nPostgreSQL: ${server.description}`);
        const database = await openDatabase({ url: server.url, pgliteDir: 'memory://' });
        cleanups.push(() => database.close());
        measurements.push(await measure(database, server.description, path.join(dataDir, 'postgres')));
      }
    }
  } finally {
    await cleanUp();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }

  printTable(measurements);
  for (const line of skipped) console.log(line);
  if (measurements.length > 0) {
    updateReadme(new Date().toISOString().slice(0, 10), measurements);
    console.log(`Recorded in ${path.relative(repoRoot, readmeFile)}.`);
  }
  const failed = measurements.filter((m) => !passes(m));
  for (const m of failed) {
    console.log(
      `${m.database}: app is ${m.ratio.toFixed(2)}× the minimal handler with p99 ${fmt(m.app.p99Ms, 2)} ms; target ${targetText(m)}`,
    );
  }
  process.exitCode = failed.length > 0 ? 1 : 0;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});

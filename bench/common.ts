// What several benchmarks do alike: their knobs, the app's config, a throwaway PostgreSQL with a data
// directory for the app, the app listening on a local port, their section of bench/README.md, and a
// bulk fill of the order table.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { loadConfig, type Config } from '../apps/api/src/config.ts';
import { startPostgres, type PostgresServer } from './api-read/postgres.ts';

export const repoRoot = fileURLToPath(new URL('../', import.meta.url));
export const readmeFile = path.join(repoRoot, 'bench/README.md');

/** A whole-number knob from the environment: `fallback` when unset or empty, else a whole number from `min` to `max`. */
export const wholeEnv = (name: string, fallback: number, min: number, max: number): number => {
  const raw = process.env[name];
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`${name} must be a whole number from ${min} to ${max}`);
  return value;
};

/** The app's config for a benchmark: logging off, its files in `dataDir`, no web build to serve; `env` gives the rest. */
export const benchConfig = (dataDir: string, env: NodeJS.ProcessEnv): Config =>
  loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST_DIR: path.join(dataDir, 'no-web'), ...env });

/** Production mode, which requires these; nothing here connects to them (no message is sent). */
export const productionEnv: NodeJS.ProcessEnv = {
  NODE_ENV: 'production',
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
  ENCRYPTION_KEY: '0'.repeat(64),
  DATABASE_URL: 'postgres://unused.invalid/bench',
  PUBLIC_URL: 'http://127.0.0.1',
  SMTP_URL: 'smtp://127.0.0.1:1',
  SMS_PROVIDER_URL: 'http://127.0.0.1:1',
};

/**
 * Runs `body` with a throwaway PostgreSQL cluster (or BENCH_DATABASE_URL) and a temporary data directory
 * for the app (`worq-bench-<name>-…`), both gone after it. Where neither can be had, prints why
 * (`skipped: …`) and returns.
 */
export async function withThrowawayPostgres(name: string, body: (server: PostgresServer, dataDir: string) => Promise<void>): Promise<void> {
  const availability = await startPostgres();
  if ('skipped' in availability) {
    console.log(`skipped: ${availability.skipped}`);
    return;
  }
  const server = availability.server;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `worq-bench-${name}-`));
  try {
    await body(server, dataDir);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Starts `app` listening on a free local port; answers its API's base URL (`http://127.0.0.1:<port>/api/v1`). */
export async function listenLocally(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/v1`;
}

/** Writes `section` (which starts with `heading`) over that heading's section of bench/README.md, or at its end. */
export function writeSection(heading: string, section: string): void {
  const readme = readFileSync(readmeFile, 'utf8');
  const start = readme.indexOf(heading);
  if (start < 0) {
    writeFileSync(readmeFile, `${readme.trimEnd()}\n\n${section}`);
    return;
  }
  const next = readme.indexOf('\n## ', start + heading.length);
  writeFileSync(readmeFile, `${readme.slice(0, start)}${section}${next < 0 ? '' : readme.slice(next + 1)}`);
}

export interface Timing {
  label: string;
  ms: number;
}

/** Runs `work`, records how long it took under `label` and prints it in seconds. */
export async function timed<T>(timings: Timing[], label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  const ms = performance.now() - started;
  timings.push({ label, ms });
  console.log(`  ${label}: ${(ms / 1000).toFixed(1)} s`);
  return result;
}

/** The order table made ready for a bulk fill by `unindexOrders`, and what puts it back. */
export interface UnindexedOrders {
  /** The indexes dropped besides the primary key. */
  indexCount: number;
  /** Foreign-key triggers back on, if they were turned off. */
  triggersOn(): Promise<void>;
  /** The primary key and the dropped indexes built again. */
  buildIndexes(): Promise<void>;
}

/**
 * Readies marketplace_orders for a bulk fill on `client`'s connection, as a bulk load does: its indexes
 * and primary key dropped (built again after the fill), and foreign-key triggers off where allowed (the
 * filled rows are consistent by construction; the order table's own triggers are off too, so its store
 * days must be computed from the orders after the fill).
 */
export async function unindexOrders(client: pg.Client): Promise<UnindexedOrders> {
  const indexes = (
    await client.query<{ name: string; definition: string }>(
      `select indexname as name, indexdef as definition from pg_indexes
       where schemaname = 'public' and tablename = 'marketplace_orders' and indexname <> 'marketplace_orders_pkey'`,
    )
  ).rows;
  for (const index of indexes) await client.query(`drop index ${index.name}`);
  await client.query('alter table marketplace_orders drop constraint marketplace_orders_pkey');
  const triggersOff = await client
    .query('set session_replication_role = replica')
    .then(() => true)
    .catch(() => false);
  return {
    indexCount: indexes.length,
    triggersOn: async () => {
      if (triggersOff) await client.query('set session_replication_role = origin');
    },
    buildIndexes: async () => {
      await client.query('alter table marketplace_orders add constraint marketplace_orders_pkey primary key (id)');
      for (const index of indexes) await client.query(index.definition);
    },
  };
}

/** A count as the benchmarks print it: 10,000,000. */
export const count = (value: number) => value.toLocaleString('en');

/** SQL for a uniform number in [0, 1) from the bigint expression `g` and a seed, the same on every run. */
export const uniform = (g: string, seed: number) => `((hashint8extended(${g}, ${seed}) & 9007199254740991)::float8 / 9007199254740992)`;

/** The shares of the generated orders that are cancelled and returned. */
export const cancelledShare = 0.05;
export const returnedShare = 0.04;

/**
 * SQL for a generated order's status from `h`, uniform in [0, 1), and its time `t`: cancelledShare of the
 * orders cancelled, returnedShare returned, the others shipped in the two days before `now`, else delivered.
 */
export const generatedOrderStatus = (h: string, t: string, now: string) =>
  `case when ${h} < ${cancelledShare} then 'cancelled' when ${h} < ${cancelledShare + returnedShare} then 'returned'
    when ${t} > ${now} - interval '2 days' then 'shipped' else 'delivered' end`;

/** How `bulkFillOrders` fills: `insert` writes the orders numbered `from` to `to` (g in the statements), `perStatement` at a time. */
export interface OrderFill {
  /** The fill's label in `timings`. */
  label: string;
  total: number;
  perStatement: number;
  insert(from: number, to: number): Promise<unknown>;
}

/**
 * Fills marketplace_orders on `client`'s connection as a bulk load does: unindexed for the fill
 * (`unindexOrders`), the progress printed every million orders, then the store and product days
 * computed from the orders (the fill bypassed the order table's triggers, migration 0013), the
 * triggers back on and the indexes built again; each step timed in `timings`.
 */
export async function bulkFillOrders(client: pg.Client, timings: Timing[], fill: OrderFill): Promise<void> {
  const unindexed = await unindexOrders(client);
  await timed(timings, fill.label, async () => {
    for (let from = 1; from <= fill.total; from += fill.perStatement) {
      const to = Math.min(fill.total, from + fill.perStatement - 1);
      await fill.insert(from, to);
      if (to % 1_000_000 < fill.perStatement || to === fill.total) console.log(`    ${count(to)} of ${count(fill.total)}`);
    }
  });
  await timed(timings, 'store and product days computed from the orders (marketplace_order_days_rebuild)', () =>
    client.query('select marketplace_order_days_rebuild()'),
  );
  await unindexed.triggersOn();
  await timed(timings, `order indexes built after the fill (primary key + ${unindexed.indexCount})`, unindexed.buildIndexes);
}

/** BENCH_ONLY: measure on one database only (pglite or postgres); unset, both. */
export function benchOnly(): 'pglite' | 'postgres' | undefined {
  const only = process.env.BENCH_ONLY;
  if (!only) return undefined;
  if (only !== 'pglite' && only !== 'postgres') throw new Error('BENCH_ONLY must be pglite or postgres');
  return only;
}

/**
 * What a benchmark must undo (servers, databases, directories), last first: on `runAll`, or on Ctrl+C or
 * SIGTERM, after which the process exits with 130, so that no PostgreSQL cluster is left running in /tmp.
 */
export class Cleanups {
  readonly #cleanups: Array<() => Promise<void>> = [];
  readonly #onSignal = (signal: NodeJS.Signals) => {
    console.error(`\n${signal}: stopping`);
    void this.#cleanUp().finally(() => process.exit(130));
  };

  constructor() {
    process.once('SIGINT', this.#onSignal);
    process.once('SIGTERM', this.#onSignal);
  }

  push(cleanup: () => Promise<void>): void {
    this.#cleanups.push(cleanup);
  }

  /** Undoes the last thing pushed now. */
  async runLast(): Promise<void> {
    await this.#cleanups.pop()!();
  }

  /** Undoes everything (an error is printed and the rest still undone) and stops listening for the signals. */
  async runAll(): Promise<void> {
    await this.#cleanUp();
    process.off('SIGINT', this.#onSignal);
    process.off('SIGTERM', this.#onSignal);
  }

  async #cleanUp(): Promise<void> {
    while (this.#cleanups.length > 0) await this.#cleanups.pop()!().catch((error: unknown) => console.error(`cleanup: ${String(error)}`));
  }
}

/**
 * A throwaway PostgreSQL cluster (or BENCH_DATABASE_URL) for a benchmark that measures PGlite too, stopped
 * with `cleanups`; where none can be had, undefined, the reason added to `skipped` and printed.
 */
export async function postgresOrSkipped(cleanups: Cleanups, skipped: string[]): Promise<PostgresServer | undefined> {
  const availability = await startPostgres();
  if ('skipped' in availability) {
    skipped.push(`PostgreSQL skipped: ${availability.skipped}.`);
    console.log(`\n${skipped.at(-1)}`);
    return undefined;
  }
  const server = availability.server;
  cleanups.push(() => server.stop());
  console.log(`\nPostgreSQL: ${server.description}`);
  return server;
}

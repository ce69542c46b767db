import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import { embeddedDatabaseCompile } from './embedded-wasm.ts';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Raw SQL for LISTEN/NOTIFY and health checks. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * LISTEN on a channel (a lower-case identifier). Notifications sent with `pg_notify` by any
   * process on the same database reach `onNotify`. On PostgreSQL a dedicated connection carries it
   * and reconnects by itself; `onReconnect` then runs, because notifications sent while the
   * connection was down are lost. Resolves once registered; call the returned function to stop.
   */
  listen?(channel: string, onNotify: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
  /**
   * Runs `work` while no other process runs its own start-up work: on PostgreSQL under a session
   * advisory lock, so processes started together on one database take turns (migrations, seeding,
   * the expert bootstrap). PGlite has one process by construction.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
}

/** pg_advisory_lock key of start-up work ("worq" as a number); any constant shared by all builds. */
export const startupLockKey = 0x776f7271;

const channelName = /^[a-z_][a-z0-9_]{0,62}$/;

interface ChannelHandler {
  onNotify: (payload: string) => void;
  onReconnect?: (() => void) | undefined;
}

/**
 * One connection outside the pool that only LISTENs: a pooled connection would be handed to other
 * queries and lose its LISTEN registrations when the pool recycles it.
 */
class PgListener {
  private client: pg.Client | undefined;
  private connecting: Promise<void> | undefined;
  private readonly channels = new Map<string, Set<ChannelHandler>>();
  private retryTimer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly Client: typeof pg.Client,
  ) {}

  async listen(channel: string, onNotify: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>> {
    if (!channelName.test(channel)) throw new Error(`invalid channel name: ${channel}`);
    const handler: ChannelHandler = { onNotify, onReconnect };
    let handlers = this.channels.get(channel);
    if (!handlers) {
      handlers = new Set();
      this.channels.set(channel, handlers);
    }
    handlers.add(handler);
    try {
      await this.ensureConnected();
      await this.client?.query(`LISTEN ${channel}`);
    } catch {
      // The server is unreachable now; the reconnect loop LISTENs on every channel once it is back.
      this.scheduleReconnect(1000);
    }
    return async () => {
      handlers.delete(handler);
      if (handlers.size > 0 || this.channels.get(channel) !== handlers) return;
      this.channels.delete(channel);
      await this.client?.query(`UNLISTEN ${channel}`).catch(() => {});
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }

  private ensureConnected(): Promise<void> {
    if (this.client || this.closed) return Promise.resolve();
    this.connecting ??= this.connect().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private async connect(): Promise<void> {
    // keepAlive: an idle LISTEN connection that silently died is noticed and replaced.
    const client = new this.Client({ connectionString: this.url, keepAlive: true });
    client.on('notification', (message) => {
      for (const handler of this.channels.get(message.channel) ?? []) handler.onNotify(message.payload ?? '');
    });
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      for (const channel of this.channels.keys()) await client.query(`LISTEN ${channel}`);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
  }

  private lost(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = undefined;
    client.end().catch(() => {});
    this.scheduleReconnect(1000);
  }

  private scheduleReconnect(delayMs: number): void {
    if (this.closed || this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      this.ensureConnected().then(
        () => {
          for (const handlers of this.channels.values()) for (const handler of handlers) handler.onReconnect?.();
        },
        () => this.scheduleReconnect(Math.min(delayMs * 2, 10_000)),
      );
    }, delayMs);
    this.retryTimer.unref();
  }
}

/**
 * PostgreSQL's buffer pool inside PGlite. initdb writes 128MB into postgresql.conf, and the
 * embedded server zeroes the whole pool on every start (about 0.5 s of a 2-core machine's cold
 * start, and 128 MB of resident memory); the embedded database serves one process whose files sit
 * in the operating system's cache anyway, so a smaller pool costs little on reads. 16 MB started
 * about 0.1 s sooner still, but the app's read path on PGlite fell from 0.96× to 0.68× the bare
 * handler (bench/api-read, 2026-11-27): 32 MB stays.
 */
const pgliteSharedBuffers = '32MB';

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export interface DatabaseOptions {
  /** postgres:// URL; without it the embedded PGlite is used. */
  url?: string | undefined;
  /** Folder for PGlite files; `memory://` keeps everything in memory (tests). */
  pgliteDir: string;
  /**
   * A dumped embedded database (migratedPgliteImage) to start from instead of an empty one: the
   * API tests open every database from one migrated image rather than running initdb and the
   * migrations again for each test file.
   */
  pgliteImage?: Blob | undefined;
}

/** Opens the database and brings its schema up to date. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    // Loaded only for PostgreSQL: the embedded default's cold start does not pay for evaluating them.
    const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // An idle client losing its server must not crash the process; the next query reconnects.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const exclusive = async <T>(work: () => Promise<T>): Promise<T> => {
      // A session lock on a connection of its own: `work` uses the pool, and the lock is released
      // with this connection even if the process dies half-way.
      const lock = await pool.connect();
      try {
        await lock.query('select pg_advisory_lock($1)', [startupLockKey]);
        try {
          return await work();
        } finally {
          await lock.query('select pg_advisory_unlock($1)', [startupLockKey]);
        }
      } finally {
        lock.release();
      }
    };
    try {
      await exclusive(async () => {
        const current = await schemaIsCurrent((text) => pool.query(text).then((result) => result.rows));
        if (!current) await migratePg(drizzlePg(pool), { migrationsFolder });
      });
    } catch (error) {
      await pool.end().catch(() => {});
      throw error;
    }
    const url = options.url;
    let listener: PgListener | undefined;
    return {
      db,
      kind: 'postgres',
      exclusive,
      ping: async () => {
        await pool.query('select 1');
      },
      close: async () => {
        await listener?.close();
        await pool.end();
      },
      listen: (channel, onNotify, onReconnect) => {
        listener ??= new PgListener(url, pg.Client);
        return listener.listen(channel, onNotify, onReconnect);
      },
    };
  }
  if (!options.pgliteDir.startsWith('memory://')) mkdirSync(path.resolve(options.pgliteDir), { recursive: true });
  const client = new PGlite(options.pgliteDir, {
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${pgliteSharedBuffers}`],
    ...(embeddedDatabaseCompile ? { pgliteWasmModule: await embeddedDatabaseCompile } : {}),
    ...(options.pgliteImage ? { loadDataDir: options.pgliteImage } : {}),
  });
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  try {
    const current = await schemaIsCurrent((text) => client.query<Record<string, unknown>>(text).then((result) => result.rows));
    if (!current) await migratePglite(drizzlePglite(client), { migrationsFolder });
  } catch (error) {
    await client.close().catch(() => {});
    throw error;
  }
  return {
    db,
    kind: 'pglite',
    exclusive: (work) => work(),
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
    // One in-process database: NOTIFY reaches the LISTEN of the same instance, and it never disconnects.
    listen: async (channel, onNotify) => {
      if (!channelName.test(channel)) throw new Error(`invalid channel name: ${channel}`);
      const unlisten = await client.listen(channel, onNotify);
      return () => unlisten();
    },
  };
}

/** A fresh embedded database at this build's schema, dumped (uncompressed tar) for pgliteImage. */
export async function migratedPgliteImage(): Promise<Blob> {
  const client = new PGlite('memory://', { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${pgliteSharedBuffers}`] });
  try {
    await migratePglite(drizzlePglite(client), { migrationsFolder });
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

/** The newest migration this build knows (drizzle's journal next to the SQL files). */
export function newestKnownMigration(): { tag: string; when: number } {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  const newest = journal.entries.at(-1);
  if (!newest) throw new Error('the migration journal is empty');
  return newest;
}

/**
 * Whether the schema is already at this build's newest migration, so that drizzle's migrator,
 * which would only create its own schema and table again and find nothing newer, can be skipped
 * (about 45 ms of each start on PGlite). A database migrated by a newer build has migrations this
 * one does not know: running on it would read and write a schema the code was not written for, so
 * it is refused. drizzle records each applied migration's journal time in
 * drizzle.__drizzle_migrations.created_at and applies a migration only when its journal time is
 * later than the latest recorded.
 */
async function schemaIsCurrent(query: (text: string) => Promise<Record<string, unknown>[]>): Promise<boolean> {
  const [table] = await query("select to_regclass('drizzle.__drizzle_migrations') as name");
  if (!table?.name) return false;
  const [row] = await query('select max(created_at) as newest from drizzle.__drizzle_migrations');
  const applied = Number(row?.newest ?? 0);
  const known = newestKnownMigration();
  if (applied > known.when) {
    throw new Error(
      `the database schema is newer than this build (a migration of ${new Date(applied).toISOString()}; this build knows up to ${known.tag}): run the newer build, or restore a matching backup`,
    );
  }
  return applied === known.when;
}

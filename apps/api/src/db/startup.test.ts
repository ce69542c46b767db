/*
 * Start-up on a shared database (ARCHITECTURE.md §7): processes started at the same moment on an
 * empty PostgreSQL database all come up (migrations, seeding and the expert bootstrap take turns
 * under an advisory lock), a build refuses a database that a newer build has migrated and brings
 * one an older build migrated up to date (it skips drizzle's migrator only when nothing is new). The
 * embedded PGlite starts with a smaller buffer pool than initdb writes (a quicker cold start).
 */
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { adminQuery, testEnv } from '../test/helpers.ts';
import { newestKnownMigration, openDatabase } from './client.ts';

const serverUrl = process.env.TEST_DATABASE_URL;
const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

async function freshDatabase(): Promise<string> {
  const name = `worq_test_startup_${Date.now()}_${randomBytes(3).toString('hex')}`;
  await adminQuery(serverUrl!, `create database ${name}`);
  cleanups.push(async () => void (await adminQuery(serverUrl!, `drop database if exists ${name} with (force)`)));
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'worq-startup-'));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Marks the database as migrated by a build one migration ahead of this one. */
const newerMigration = () =>
  `insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-a-newer-build', ${newestKnownMigration().when + 1})`;

describe.skipIf(!serverUrl)('several processes starting together on an empty PostgreSQL database (needs TEST_DATABASE_URL)', () => {
  it('brings every one of them up, with the reference data and the expert written once', { timeout: 120_000 }, async () => {
    const url = await freshDatabase();
    const env = { BOOTSTRAP_EXPERT_EMAIL: 'uzman@example.com', BOOTSTRAP_EXPERT_PASSWORD: 'Uzman-Parola-2026' };
    const starts = Array.from({ length: 4 }, async () => {
      const config = loadConfig(testEnv(tempDir(), env));
      const database = await openDatabase({ url, pgliteDir: 'memory://' });
      const app = await buildApp({ config, database, logger: false });
      await app.ready();
      cleanups.push(async () => {
        await app.close();
        await database.close();
      });
    });
    const results = await Promise.allSettled(starts);
    expect(results.filter((result) => result.status === 'rejected')).toEqual([]);

    const check = new pg.Client({ connectionString: url });
    await check.connect();
    try {
      expect((await check.query('select count(*)::int as n from cities')).rows[0].n).toBe(81);
      expect((await check.query("select count(*)::int as n from customers where role = 'expert'")).rows[0].n).toBe(1);
      expect((await check.query('select count(*)::int as n from drizzle.__drizzle_migrations')).rows[0].n).toBeGreaterThan(0);
    } finally {
      await check.end();
    }
  });

  it('refuses a database a newer build has migrated, with one clear line', { timeout: 60_000 }, async () => {
    const url = await freshDatabase();
    const first = await openDatabase({ url, pgliteDir: 'memory://' });
    await first.close();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(newerMigration());
    await client.end();
    await expect(openDatabase({ url, pgliteDir: 'memory://' })).rejects.toThrow(/schema is newer than this build/);
  });
});

describe('a PGlite data folder from a newer build', () => {
  it('is refused rather than run with a schema this code does not know', { timeout: 60_000 }, async () => {
    const dir = path.join(tempDir(), 'pglite');
    const first = await openDatabase({ pgliteDir: dir });
    await first.db.execute(newerMigration());
    await first.close();
    await expect(openDatabase({ pgliteDir: dir })).rejects.toThrow(
      new RegExp(`schema is newer than this build \\(a migration of .*this build knows up to ${newestKnownMigration().tag}`),
    );
  });
});

describe('a PGlite data folder from an older build', () => {
  it('gets the migrations it lacks when a build opens it', { timeout: 60_000 }, async () => {
    // A build one migration behind: the same migrations with the newest left out of the journal.
    const olderFolder = path.join(tempDir(), 'migrations');
    cpSync(migrationsFolder, olderFolder, { recursive: true });
    const journalFile = path.join(olderFolder, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { when: number }[] };
    const total = journal.entries.length;
    writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, -1) }));
    const dir = path.join(tempDir(), 'pglite');
    const older = new PGlite(dir);
    await migrate(drizzle(older), { migrationsFolder: olderFolder });
    await older.close();

    const database = await openDatabase({ pgliteDir: dir });
    try {
      const { rows } = (await database.db.execute(
        'select count(*)::int as n, max(created_at)::text as newest from drizzle.__drizzle_migrations',
      )) as unknown as {
        rows: { n: number; newest: string }[];
      };
      expect(rows[0]).toEqual({ n: total, newest: String(newestKnownMigration().when) });
    } finally {
      await database.close();
    }
  });
});

describe('the embedded PGlite', () => {
  it('starts with a 32 MB buffer pool, not the 128 MB initdb writes (zeroed on every start)', { timeout: 60_000 }, async () => {
    const database = await openDatabase({ pgliteDir: path.join(tempDir(), 'pglite') });
    try {
      expect(await database.db.execute('show shared_buffers')).toMatchObject({ rows: [{ shared_buffers: '32MB' }] });
    } finally {
      await database.close();
    }
  });
});

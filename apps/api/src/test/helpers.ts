import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';

export interface TestContext {
  app: FastifyInstance;
  config: Config;
  database: Database;
  close(): Promise<void>;
}

/**
 * Builds the real app on a fresh database: an in-memory PGlite, or the PostgreSQL server named by
 * TEST_DATABASE_URL (CI runs the suite a second time that way).
 */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestContext> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'worq-api-test-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST_DIR: path.join(dataDir, 'no-web'), ...env });
  const url = process.env.TEST_DATABASE_URL;
  const database = await openDatabase({ url: url ? await freshPostgresDatabase(url) : undefined, pgliteDir: 'memory://' });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return {
    app,
    config,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** Creates an empty database on the test server so each test file starts clean. */
async function freshPostgresDatabase(serverUrl: string): Promise<string> {
  const { default: pg } = await import('pg');
  const name = `worq_test_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

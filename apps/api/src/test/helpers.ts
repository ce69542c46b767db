import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { customers } from '../db/schema.ts';
import type { AccessClaims } from '../plugins/auth.ts';
import { adminQuery, createDatabase } from './admin-query.ts';
import { testEnv } from './test-env.ts';

export { adminQuery, testEnv };

export interface TestContext {
  app: FastifyInstance;
  config: Config;
  database: Database;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Extra routes registered before the app is ready (test-only endpoints). */
  routes?: (app: FastifyInstance) => Promise<void> | void;
  /** Wraps the opened database, e.g. to simulate an outage. */
  wrapDatabase?: (database: Database) => Database;
}

/**
 * Builds the real app on a fresh database: an in-memory PGlite, or the PostgreSQL server named by
 * TEST_DATABASE_URL (CI runs the suite a second time that way).
 */
export async function createTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestContext> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'worq-api-test-'));
  const config = loadConfig(testEnv(dataDir, env));
  const opened = await openTestDatabase();
  const database = options.wrapDatabase ? options.wrapDatabase(opened) : opened;
  const app = await buildApp({ config, database, logger: false });
  await options.routes?.(app);
  await app.ready();
  return {
    app,
    config,
    database,
    async close() {
      await app.close();
      await opened.close().catch(() => {});
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * One app for all the tests of a file: `create` builds it before the first test and it is closed
 * after the last. The answer stands for that app from the first hook on (its fields are looked up
 * when they are read), so a file keeps it in a constant and hands it around as the context itself.
 */
export function sharedTestApp(create: () => Promise<TestContext> = () => createTestApp()): TestContext {
  let current: TestContext | undefined;
  beforeAll(async () => {
    current = await create();
  });
  afterAll(async () => current?.close());
  const started = (): TestContext => {
    if (!current) throw new Error('the test app is built in beforeAll: use it in a hook or a test');
    return current;
  };
  return {
    get app() {
      return started().app;
    },
    get config() {
      return started().config;
    },
    get database() {
      return started().database;
    },
    close: () => started().close(),
  };
}

let image: Blob | undefined;

/** The migrated PGlite image global-setup.ts wrote, read once per test process (none outside vitest's run). */
function pgliteImage(): Blob | undefined {
  const file = inject('pgliteImagePath');
  if (!file) return undefined;
  image ??= new Blob([readFileSync(file)]);
  return image;
}

/**
 * A fresh, migrated database of the kind the suite runs against. On a PostgreSQL server the
 * database is dropped again when it is closed, so repeated runs leave nothing behind.
 */
export async function openTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openDatabase({ pgliteDir: 'memory://', pgliteImage: pgliteImage() });
  const { name, url } = await createDatabase(serverUrl, 'worq_test', inject('templateDatabase'));
  const database = await openDatabase({ url, pgliteDir: 'memory://' });
  let closed = false;
  return {
    ...database,
    async close() {
      if (closed) return;
      closed = true;
      await database.close();
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/** Signs an access token the way sign-in does, for tests of protected routes. */
export async function signTestToken(app: FastifyInstance, claims: Partial<AccessClaims> = {}): Promise<string> {
  return app.signAccessToken({
    customer_id: '00000000-0000-4000-8000-000000000001',
    email: 'seller@example.com',
    first_name: 'Ayşe',
    last_name: 'Yılmaz',
    is_phone_verified: true,
    ...claims,
  });
}

/**
 * A customer with the required consents, written straight into the table for an app built from
 * single plugins (no sign-up route); its id. The e-mail address starts with `emailPrefix` and is
 * unique, however many a test writes in the same millisecond.
 */
export async function insertTestCustomer(database: Database, emailPrefix: string): Promise<string> {
  const [customer] = await database.db
    .insert(customers)
    .values({
      firstName: 'Ayşe',
      lastName: 'Yılmaz',
      email: `${emailPrefix}-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`,
      consents: {
        disclosure: { accepted: true, term_version: 1, accepted_at: new Date().toISOString() },
        explicit_consent: { accepted: true, term_version: 1, accepted_at: new Date().toISOString() },
        commercial_electronic_message: { accepted: false, term_version: null, accepted_at: null },
      },
    })
    .returning();
  return customer!.id;
}

/**
 * A database that can be switched off and on again, to check that the server answers 503 during
 * an outage and recovers by itself. While down, every query fails the way a lost connection does.
 */
export function switchableDatabase(database: Database): Database & { goDown(): void; comeBack(): void } {
  let down = false;
  const outage = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
  const db = new Proxy(database.db, {
    get(target, property, receiver) {
      if (down) throw outage();
      return Reflect.get(target, property, receiver);
    },
  });
  return {
    db,
    kind: database.kind,
    ping: async () => {
      if (down) throw outage();
      await database.ping();
    },
    close: () => database.close(),
    exclusive: (work) => database.exclusive(work),
    goDown: () => {
      down = true;
    },
    comeBack: () => {
      down = false;
    },
  };
}

/** The answer is 400 validation_failed: `message` over exactly these field messages. */
export function expectValidationFailed(response: LightMyRequestResponse, message: string, fields: Record<string, string>): void {
  expect(response.statusCode).toBe(400);
  expect(response.json().errors).toEqual({ code: 'validation_failed', message, fields });
}

/** The answer is `status` with this error code (whatever its message says). */
export function expectErrorCode(response: LightMyRequestResponse, status: number, code: string): void {
  expect(response.statusCode).toBe(status);
  expect(response.json().errors.code).toBe(code);
}

/** The answer is `status` with exactly this error: its code and its message. */
export function expectError(response: LightMyRequestResponse, status: number, code: string, message: string): void {
  expect(response.statusCode).toBe(status);
  expect(response.json().errors).toEqual({ code, message });
}

import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openTestDatabase, testEnv } from '../test/helpers.ts';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { customers } from '../db/schema.ts';
import { errorLogSerializer, redactUrl } from './log-redaction.ts';

/**
 * Runs `use` on an app built with `env` over the test environment, whose log is kept in memory
 * (`log()` answers all of it so far); the app, its database and its data directory go after it.
 */
async function withLoggedApp(
  env: Record<string, string>,
  use: (app: Awaited<ReturnType<typeof buildApp>>, database: Database, log: () => string) => Promise<void>,
): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'worq-log-'));
  const lines: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const config = loadConfig(testEnv(dataDir, env));
  const database = await openTestDatabase();
  const app = await buildApp({ config, database, logStream });
  try {
    await use(app, database, () => lines.join(''));
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

describe('request log redaction', () => {
  it('replaces secret query values and keeps the rest', () => {
    expect(redactUrl('/websocket?token=eyJhbGciOi.abc.def&x=1')).toBe('/websocket?token=[redacted]&x=1');
    expect(redactUrl('/change-password?lang=tr&Token=abc#top')).toBe('/change-password?lang=tr&Token=[redacted]');
    expect(redactUrl('/amazon-callback?spapi_oauth_code=c&state=s&selling_partner_id=A1')).toBe(
      '/amazon-callback?spapi_oauth_code=[redacted]&state=[redacted]&selling_partner_id=A1',
    );
    expect(redactUrl('/api/v1/health')).toBe('/api/v1/health');
  });

  it('writes no socket access token and no reset token into the request log', async () => {
    // Request logging is on outside the test environment, as in a real deployment.
    await withLoggedApp({ NODE_ENV: 'development', LOG_LEVEL: 'info' }, async (app, _database, logged) => {
      await app.inject({ method: 'GET', url: '/websocket?token=access-token-secret-1' });
      // A failed sign-in is a security event: logged, without the e-mail or the password.
      await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: 'someone.private@example.com', password: 'Guess1234' },
      });
      await app.inject({ method: 'GET', url: '/change-password?token=reset-token-secret-2' });
      const log = logged();
      expect(log).toContain('/websocket?token=[redacted]');
      expect(log).toContain('/change-password?token=[redacted]');
      expect(log).not.toContain('access-token-secret-1');
      expect(log).not.toContain('reset-token-secret-2');
      expect(log).toContain('"event":"sign_in_failed"');
      expect(log).not.toContain('someone.private');
      expect(log).not.toContain('Guess1234');
    });
  });

  it('logs a failed query without the values it was sent with', async () => {
    await withLoggedApp({ LOG_LEVEL: 'info' }, async (app, database, logged) => {
      const email = 'param.private@example.com';
      // A query the database refuses, sent with values a log must never show.
      app.get('/api/v1/test/failing-query', async () => database.db.execute(sql`select ${email}::int, ${'hash-secret-3'}::text`));
      // A unique violation: PostgreSQL's detail quotes the duplicate value.
      app.get('/api/v1/test/duplicate', async () => {
        const values = { firstName: 'A', lastName: 'B', email, consents: {} as never };
        await database.db.insert(customers).values(values);
        await database.db.insert(customers).values(values);
      });
      const failing = await app.inject({ method: 'GET', url: '/api/v1/test/failing-query' });
      expect(failing.statusCode).toBe(500);
      const duplicate = await app.inject({ method: 'GET', url: '/api/v1/test/duplicate' });
      expect(duplicate.statusCode).toBe(500);
      const log = logged();
      expect(log).toContain('unhandled error');
      expect(log).toContain('Failed query: select $1::int');
      expect(log).toContain('params: [redacted]');
      expect(log).toContain('"cause_code":"23505"');
      expect(log).not.toContain('param.private');
      expect(log).not.toContain('hash-secret-3');
    });
  });

  it('keeps what an operator needs of an error and drops parameter fields', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "customers_email_unique"'), {
      code: '23505',
      constraint: 'customers_email_unique',
      detail: 'Key (email)=(someone@example.com) already exists.',
      params: ['someone@example.com'],
    });
    const error = Object.assign(new Error('Failed query: insert into "customers" ("email") values ($1)\nparams: someone@example.com'), {
      query: 'insert into "customers" ("email") values ($1)',
      params: ['someone@example.com'],
      cause,
    });
    const serialized = errorLogSerializer(error);
    expect(JSON.stringify(serialized)).not.toContain('someone@example.com');
    expect(serialized).toMatchObject({
      type: 'Error',
      query: 'insert into "customers" ("email") values ($1)',
      cause_code: '23505',
      cause_constraint: 'customers_email_unique',
    });
    expect(serialized.message).toBe(
      'Failed query: insert into "customers" ("email") values ($1)\nparams: [redacted]: duplicate key value violates unique constraint "customers_email_unique"',
    );
    expect(errorLogSerializer('not an error')).toEqual({ type: 'string', message: 'not an error', stack: '' });
  });
});

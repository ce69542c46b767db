import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openTestDatabase, testEnv } from '../test/helpers.ts';
import { redactUrl } from './log-redaction.ts';

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
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'worq-log-'));
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    // Request logging is on outside the test environment, as in a real deployment.
    const config = loadConfig(testEnv(dataDir, { NODE_ENV: 'development', LOG_LEVEL: 'info' }));
    const database = await openTestDatabase();
    const app = await buildApp({ config, database, logStream });
    try {
      await app.inject({ method: 'GET', url: '/websocket?token=access-token-secret-1' });
      // A failed sign-in is a security event: logged, without the e-mail or the password.
      await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: 'someone.private@example.com', password: 'Guess1234' },
      });
      await app.inject({ method: 'GET', url: '/change-password?token=reset-token-secret-2' });
      const log = lines.join('');
      expect(log).toContain('/websocket?token=[redacted]');
      expect(log).toContain('/change-password?token=[redacted]');
      expect(log).not.toContain('access-token-secret-1');
      expect(log).not.toContain('reset-token-secret-2');
      expect(log).toContain('"event":"sign_in_failed"');
      expect(log).not.toContain('someone.private');
      expect(log).not.toContain('Guess1234');
    } finally {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

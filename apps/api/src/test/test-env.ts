// Kept apart from helpers.ts, which imports vitest: scripts and child processes that build an app the
// way the tests do load it outside the test runner.
import path from 'node:path';

/**
 * The environment every test app starts from: test mode, a private data folder, no web build, and
 * the outbox asked for explicitly (so /dev/outbox exists, as on a developer's machine).
 */
export function testEnv(dataDir: string, env: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    DELIVERY: 'outbox',
    ...env,
  };
}

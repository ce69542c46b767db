/*
 * `npm run lint:openapi`: the document GET /api/v1/openapi.json serves, checked the way a team
 * building on it would use it. The app is built without listening (in-memory PGlite, development
 * routes included), its document linted with Redocly (redocly.yaml), then a typed client generated
 * with openapi-typescript and type-checked against every route of the web's route map
 * (packages/domain wire/routes.ts; openapi-client-usage.ts).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { testEnv } from '../apps/api/src/test/test-env.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);

/** The served document of an app built like the API tests build theirs. */
async function servedDocument(dataDir: string): Promise<Record<string, unknown>> {
  const config = loadConfig(testEnv(dataDir));
  const database = await openDatabase({ pgliteDir: 'memory://' });
  try {
    const app = await buildApp({ config, database, logger: false });
    try {
      const answer = await app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
      if (answer.statusCode !== 200) throw new Error(`GET /api/v1/openapi.json answered ${answer.statusCode}`);
      return answer.json();
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

/** Runs a Node.js program of a package's; its output is shown only when it fails. */
function run(step: string, script: string, args: string[]): boolean {
  const result = spawnSync(process.execPath, [script, ...args], {
    cwd: root,
    encoding: 'utf8',
    // No usage reports or update checks from the lint tool.
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
  if (result.status === 0) return true;
  console.error(`openapi: ${step} failed\n${result.stdout}${result.stderr}`);
  return false;
}

const work = mkdtempSync(path.join(os.tmpdir(), 'worq-openapi-'));
try {
  const document = await servedDocument(work);
  const documentFile = path.join(work, 'openapi.json');
  writeFileSync(documentFile, JSON.stringify(document, null, 2));
  const operations = Object.values(document.paths as Record<string, object>).reduce((count, item) => count + Object.keys(item).length, 0);

  const linted = run('redocly lint', require.resolve('@redocly/cli/bin/cli.js'), [
    'lint',
    documentFile,
    '--config',
    path.join(root, 'redocly.yaml'),
    '--format',
    'stylish',
  ]);

  writeFileSync(path.join(work, 'openapi-paths.ts'), astToString(await openapiTS(document as Parameters<typeof openapiTS>[0])));
  writeFileSync(
    path.join(work, 'tsconfig.json'),
    JSON.stringify({
      extends: path.join(root, 'tsconfig.base.json'),
      compilerOptions: { types: [], paths: { '@worq/openapi-paths': ['./openapi-paths.ts'] } },
      files: [path.join(root, 'scripts/openapi-client-usage.ts')],
    }),
  );
  const typed = run('the generated client type check', require.resolve('typescript/bin/tsc'), ['-p', path.join(work, 'tsconfig.json')]);

  if (linted && typed) console.log(`openapi: ${operations} operations lint clean; every route of the web's route map agrees with it`);
  else process.exitCode = 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}

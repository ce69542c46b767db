/*
 * Runs once before the API suite on PGlite: one migrated embedded database, dumped to a file that
 * every test file's databases start from (openTestDatabase). initdb and the migrations cost seconds
 * of WebAssembly per database; loading the image costs a fraction of that. On a PostgreSQL server
 * (TEST_DATABASE_URL) each test file migrates its own database as before.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migratedPgliteImage } from '../db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of the migrated PGlite image, or '' on a PostgreSQL server. */
    pgliteImagePath: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteImagePath', '');
    return () => {};
  }
  const folder = mkdtempSync(path.join(os.tmpdir(), 'worq-pglite-image-'));
  const file = path.join(folder, 'migrated.tar');
  writeFileSync(file, Buffer.from(await (await migratedPgliteImage()).arrayBuffer()));
  project.provide('pgliteImagePath', file);
  return () => rmSync(folder, { recursive: true, force: true });
}

/*
 * Runs once before the API suite: one migrated database that every test file's databases start
 * from (openTestDatabase) instead of migrating their own. On PGlite it is dumped to a file (initdb
 * and the migrations cost seconds of WebAssembly per database; loading the image a fraction of
 * that); on a PostgreSQL server (TEST_DATABASE_URL) it is a template database, copied by CREATE
 * DATABASE … TEMPLATE and dropped after the run.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migratedPgliteImage, openDatabase } from '../db/client.ts';
import { adminQuery, createDatabase } from './admin-query.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of the migrated PGlite image, or '' on a PostgreSQL server. */
    pgliteImagePath: string;
    /** The migrated template database on a PostgreSQL server, or '' on PGlite. */
    templateDatabase: string;
  }
}

export default async function setup(project: TestProject): Promise<() => unknown> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const { name, url } = await createDatabase(serverUrl, 'worq_template');
    await (await openDatabase({ url, pgliteDir: 'memory://' })).close();
    project.provide('pgliteImagePath', '');
    project.provide('templateDatabase', name);
    return () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
  }
  project.provide('templateDatabase', '');
  const folder = mkdtempSync(path.join(os.tmpdir(), 'worq-pglite-image-'));
  const file = path.join(folder, 'migrated.tar');
  writeFileSync(file, Buffer.from(await (await migratedPgliteImage()).arrayBuffer()));
  project.provide('pgliteImagePath', file);
  return () => rmSync(folder, { recursive: true, force: true });
}

// Kept apart from helpers.ts, which imports vitest: the suite's global setup and the benchmarks'
// PostgreSQL server create and drop their databases with them too.

/** One statement on its own connection to a PostgreSQL server (create or drop a test database); its rows. */
export async function adminQuery(serverUrl: string, statement: string): Promise<Record<string, unknown>[]> {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return (await admin.query(statement)).rows as Record<string, unknown>[];
  } finally {
    await admin.end();
  }
}

/** A new database on the server, named `<prefix>_<time>_<random>` and copied from `template` if given: its name and URL. */
export async function createDatabase(serverUrl: string, prefix: string, template = ''): Promise<{ name: string; url: string }> {
  const name = `${prefix}_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  await adminQuery(serverUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

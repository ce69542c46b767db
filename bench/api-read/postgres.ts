// The PostgreSQL server for bench/api-read: the one named by BENCH_DATABASE_URL, or a throwaway
// cluster started here (root only, as the postgres user) and removed again afterwards.
import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { adminQuery, createDatabase } from '../../apps/api/src/test/admin-query.ts';

export interface PostgresServer {
  /** postgres:// URL of a fresh, empty database on the server. */
  url: string;
  description: string;
  stop(): Promise<void>;
  /** Restarts the server (fast shutdown, then start), for fault tests; only a throwaway cluster can. */
  restart?(): Promise<void>;
}

export type PostgresAvailability = { server: PostgresServer } | { skipped: string };

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** A database of its own on the server, dropped again on stop, so nothing is left behind. */
async function withBenchDatabase(serverUrl: string, description: string, stopServer: () => Promise<void>): Promise<PostgresServer> {
  const { name, url } = await createDatabase(serverUrl, 'worq_bench');
  return {
    url,
    description,
    async stop() {
      try {
        await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
      } finally {
        await stopServer();
      }
    },
  };
}

function postgresBinDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((name) => existsSync(path.join(root, name, 'bin', 'initdb')) && existsSync(path.join(root, name, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : undefined;
}

function asPostgresUser(binary: string, args: string[]): void {
  execFileSync('runuser', ['-u', 'postgres', '--', binary, ...args], { stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 });
}

export async function startPostgres(): Promise<PostgresAvailability> {
  const given = process.env.BENCH_DATABASE_URL;
  if (given) {
    const safe = new URL(given);
    safe.password = '';
    return { server: await withBenchDatabase(given, `BENCH_DATABASE_URL (${safe.host})`, async () => {}) };
  }
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) {
    return { skipped: 'BENCH_DATABASE_URL is not set and this is not root, so no throwaway cluster can be started as the postgres user' };
  }
  const binDir = postgresBinDir();
  if (!binDir) return { skipped: 'BENCH_DATABASE_URL is not set and no PostgreSQL binaries were found under /usr/lib/postgresql/*/bin' };
  let uid: number;
  let gid: number;
  try {
    uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  } catch {
    return { skipped: 'BENCH_DATABASE_URL is not set and there is no postgres user to run a throwaway cluster' };
  }

  const dir = mkdtempSync(path.join(os.tmpdir(), 'worq-bench-pg-'));
  chownSync(dir, uid, gid);
  const dataDir = path.join(dir, 'data');
  const logFile = path.join(dir, 'server.log');
  const pgCtl = path.join(binDir, 'pg_ctl');
  let started = false;
  const stop = async () => {
    try {
      if (started) asPostgresUser(pgCtl, ['-D', dataDir, '-m', 'immediate', '-w', '-t', '30', 'stop']);
    } finally {
      started = false;
      rmSync(dir, { recursive: true, force: true });
    }
  };
  try {
    asPostgresUser(path.join(binDir, 'initdb'), ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
    const port = await freePort();
    // A benchmark cluster: durability off (fsync, synchronous commit), loopback only, socket in the temp dir.
    const serverOptions = [
      `-p ${port}`,
      `-k ${dir}`,
      '-c listen_addresses=127.0.0.1',
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
      '-c max_connections=100',
    ].join(' ');
    started = true;
    asPostgresUser(pgCtl, ['-D', dataDir, '-l', logFile, '-o', serverOptions, '-w', '-t', '30', 'start']);
    const version = path.basename(path.dirname(binDir));
    const server = await withBenchDatabase(
      `postgres://postgres@127.0.0.1:${port}/postgres`,
      `throwaway PostgreSQL ${version} cluster on 127.0.0.1:${port} (fsync=off)`,
      stop,
    );
    server.restart = () =>
      new Promise<void>((resolve, reject) => {
        // Asynchronous, so a load generator in this process keeps running while the server is down.
        execFile(
          'runuser',
          ['-u', 'postgres', '--', pgCtl, '-D', dataDir, '-l', logFile, '-o', serverOptions, '-m', 'fast', '-w', '-t', '60', 'restart'],
          { timeout: 90_000 },
          (error) => (error ? reject(error) : resolve()),
        );
      });
    return { server };
  } catch (error) {
    const log = existsSync(logFile) ? readFileSync(logFile, 'utf8').slice(-2000) : '';
    await stop().catch(() => {});
    const stderr = (error as { stderr?: Buffer }).stderr?.toString().trim();
    throw new Error(
      `Could not start a throwaway PostgreSQL cluster: ${stderr || (error instanceof Error ? error.message : String(error))}${log ? `\n${log}` : ''}`,
    );
  }
}

/*
 * `npm run start:cluster` (src/cluster.ts): N processes on consecutive ports of 127.0.0.1 (HOST
 * overrides), a killed one started again, SIGTERM stopping all of them, and a clear refusal where
 * several processes cannot work.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { adminQuery } from './test/helpers.ts';
import { connect, createServer } from 'node:net';

const apiDir = fileURLToPath(new URL('..', import.meta.url));
const serverUrl = process.env.TEST_DATABASE_URL;
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

interface Running {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startCluster(args: string[], env: Record<string, string | undefined>): Running {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cluster.ts', ...args], {
    cwd: apiDir,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', DATABASE_URL: undefined, TEST_DATABASE_URL: undefined, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** Binds `port` (0: any) on loopback and lets it go again; resolves with the port, or null if taken. */
function tryPort(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(null));
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : null));
    });
  });
}

/** A free port whose next port is free too. */
async function freePortPair(): Promise<number> {
  for (;;) {
    const port = await tryPort(0);
    if (port && port < 65_535 && (await tryPort(port + 1))) return port;
  }
}

async function healthy(port: number, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/v1/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > until) throw new Error(`port ${port} never became healthy`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** This machine's addresses other than loopback (none on a machine without a network). */
function outsideAddresses(): string[] {
  return Object.values(os.networkInterfaces())
    .flat()
    .filter((entry) => entry && !entry.internal && entry.family === 'IPv4')
    .map((entry) => entry!.address);
}

/** Whether anything accepts a TCP connection on address:port. */
function accepts(address: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: address, port, timeout: 2_000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

/** The supervisor's start line for `port`, once it has been written. */
async function startLine(running: Running, port: number): Promise<string> {
  const until = Date.now() + 30_000;
  for (;;) {
    const line = running
      .output()
      .split('\n')
      .find((entry) => entry.includes(`on port ${port} of `));
    if (line) return line;
    if (Date.now() > until) throw new Error(`no process started on port ${port}:\n${running.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The pid the supervisor reported for the process on `port`, from its latest start line. */
function pidOn(output: string, port: number): number {
  const matches = [...output.matchAll(new RegExp(`\\(pid (\\d+)\\) on port ${port}\\b`, 'g'))];
  const last = matches.at(-1);
  if (!last) throw new Error(`no process started on port ${port}:\n${output}`);
  return Number(last[1]);
}

describe('start:cluster', () => {
  it('refuses to start several processes on the embedded PGlite, with one line', async () => {
    const running = startCluster(['--processes', '2'], {});
    expect(await running.exited).toBe(1);
    expect(running.output().trim()).toMatch(/^start:cluster: several processes need one PostgreSQL database: set DATABASE_URL/);
  });

  it('refuses a process count it cannot run', async () => {
    const running = startCluster(['--processes', '0'], { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
    expect(await running.exited).toBe(1);
    expect(running.output()).toMatch(/--processes must be a whole number from 1 to 64/);
  });

  it('starts its processes on 127.0.0.1 unless HOST names another address', async () => {
    // No database answers here: the processes fail to start, and what matters is where they were told to listen.
    const unreachable = { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' };
    for (const [host, expected] of [
      [undefined, '127.0.0.1'],
      ['', '127.0.0.1'],
      ['::1', '::1'],
    ] as const) {
      const basePort = await freePortPair();
      const running = startCluster(['--processes', '1', '--base-port', String(basePort)], { ...unreachable, HOST: host });
      cleanups.push(async () => void running.child.kill('SIGKILL'));
      expect(await startLine(running, basePort)).toMatch(new RegExp(`on port ${basePort} of ${expected.replace(/\./g, '\\.')}"`));
      running.child.kill('SIGTERM');
      await running.exited;
    }
  });

  it.skipIf(!serverUrl)(
    'runs the processes on consecutive ports, starts a killed one again and stops all on SIGTERM (needs TEST_DATABASE_URL)',
    { timeout: 120_000 },
    async () => {
      const name = `worq_test_cluster_${Date.now()}_${randomBytes(3).toString('hex')}`;
      await adminQuery(serverUrl!, `create database ${name}`);
      cleanups.push(async () => void (await adminQuery(serverUrl!, `drop database if exists ${name} with (force)`)));
      const url = new URL(serverUrl!);
      url.pathname = `/${name}`;
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'worq-cluster-'));
      cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));

      const basePort = await freePortPair();
      const running = startCluster(['--processes', '2', '--base-port', String(basePort)], {
        DATABASE_URL: url.toString(),
        DATA_DIR: dataDir,
        MARKETPLACE_MODE: 'sandbox',
        DELIVERY: 'outbox',
      });
      cleanups.push(async () => void running.child.kill('SIGKILL'));
      await healthy(basePort);
      await healthy(basePort + 1);
      // Only nginx on this machine reaches them: from another address a client's X-Forwarded-For
      // would pass for the proxy's. (Vacuous on a machine with no address but loopback.)
      for (const address of outsideAddresses()) expect(await accepts(address, basePort)).toBe(false);

      const killed = pidOn(running.output(), basePort + 1);
      process.kill(killed, 'SIGKILL');
      const until = Date.now() + 30_000;
      while (pidOn(running.output(), basePort + 1) === killed) {
        if (Date.now() > until) throw new Error(`the killed process was not started again:\n${running.output()}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(running.output()).toMatch(new RegExp(`process on port ${basePort + 1} ended \\(SIGKILL\\); starting it again`));
      await healthy(basePort + 1);

      running.child.kill('SIGTERM');
      expect(await running.exited).toBe(0);
      const stillAnswering = await fetch(`http://127.0.0.1:${basePort}/api/v1/health`).then(
        () => true,
        () => false,
      );
      expect(stillAnswering).toBe(false);
    },
  );
});

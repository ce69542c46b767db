import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { buildApp } from './app.ts';
import { createTestApp } from './test/helpers.ts';

const apiDir = fileURLToPath(new URL('..', import.meta.url));

interface Started {
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stdout: () => string;
  stderr: () => string;
  kill: (signal: NodeJS.Signals) => void;
}

/** Starts `node --import tsx src/server.ts` the way `npm start` does, with only the given settings. */
function startServer(env: Record<string, string>): Started {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'worq-server-test-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiDir,
    env: { PATH: process.env.PATH ?? '', HOME: os.tmpdir(), DATA_DIR: dataDir, WEB_DIST_DIR: path.join(dataDir, 'no-web'), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return {
    exited: new Promise((resolve) =>
      child.on('exit', (code, signal) => {
        rmSync(dataDir, { recursive: true, force: true });
        resolve({ code, signal });
      }),
    ),
    stdout: () => stdout,
    stderr: () => stderr,
    kill: (signal) => child.kill(signal),
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, started: Started, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server did not become healthy; stderr: ${started.stderr()}`);
}

describe('server start-up', () => {
  it('exits non-zero with exactly one line when the environment is bad', async () => {
    const started = startServer({ PORT: 'abc' });
    const { code } = await started.exited;
    expect(code).toBe(1);
    expect(started.stderr()).toBe('Configuration error: PORT must be a whole number from 0 to 65535\n');
    expect(started.stdout()).toBe('');
  });

  it('refuses to start in production without its secrets', async () => {
    const started = startServer({ NODE_ENV: 'production' });
    const { code } = await started.exited;
    expect(code).toBe(1);
    expect(started.stderr()).toBe('Configuration error: JWT_SECRET is required in production\n');
  });

  it('serves health and stops with exit code 0 on SIGTERM', async () => {
    const port = await freePort();
    const started = startServer({ PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' });
    try {
      await waitForHealth(`http://127.0.0.1:${port}/api/v1/health`, started, 90_000);
      const health = await fetch(`http://127.0.0.1:${port}/api/v1/health`);
      expect(await health.json()).toEqual({ status: 'ok', database: 'ok' });

      started.kill('SIGTERM');
      const stoppedWithin = await Promise.race([
        started.exited,
        new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 10_000)),
      ]);
      expect(stoppedWithin).toEqual({ code: 0, signal: null });
      await expect(fetch(`http://127.0.0.1:${port}/api/v1/health`)).rejects.toThrow();
    } finally {
      started.kill('SIGKILL');
    }
  }, 120_000);
});

describe('graceful close', () => {
  it('lets a request that is in flight finish before the server closes', async () => {
    const ctx = await createTestApp();
    const app = await buildApp({ config: ctx.config, database: ctx.database, logger: false });
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let entered: () => void = () => {};
    const handlerEntered = new Promise<void>((resolve) => (entered = resolve));
    app.get('/api/v1/test/slow', async () => {
      entered();
      await released;
      return { finished: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as net.AddressInfo;
    try {
      const inFlight = fetch(`http://127.0.0.1:${port}/api/v1/test/slow`);
      await handlerEntered;
      let closed = false;
      const closing = app.close().then(() => (closed = true));
      // Closing has begun once the server takes no new connections; the request in flight still holds it open.
      await vi.waitFor(() => expect(app.server.listening).toBe(false), { timeout: 10_000, interval: 10 });
      expect(closed).toBe(false);
      release();
      const response = await inFlight;
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ finished: true });
      await closing;
      expect(closed).toBe(true);
    } finally {
      release();
      await app.close();
      await ctx.close();
    }
  });
});

// The reference deployment for the scale and fault benchmarks (docs/deployment.md): N API processes
// from `start:cluster` on one PostgreSQL database, behind nginx configured by deploy/nginx/render.mjs.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, chmodSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

export interface Deployment {
  /** http://127.0.0.1:{nginx port}, no trailing slash. */
  proxyUrl: string;
  /** The API processes' own ports, in order. */
  ports: number[];
  /** The current pid of the process on `port` (it changes when the supervisor restarts one). */
  pidOn(port: number): number;
  /** Everything the supervisor and its processes printed. */
  log(): string;
  stop(): Promise<void>;
}

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** The first port from `from` with `count` free ports in a row. */
async function freeBlock(from: number, count: number): Promise<number> {
  for (let port = from; port < 65_000; port += count) {
    let free = true;
    for (let index = 0; index < count && free; index++) free = await portFree(port + index);
    if (free) return port;
  }
  throw new Error('no free ports');
}

async function waitHealthy(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode} before ${url} was healthy`);
    const ok = await fetch(`${url}/api/v1/health`, { signal: AbortSignal.timeout(2_000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > until) throw new Error(`${url} was not healthy within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export async function startDeployment({
  databaseUrl,
  processes,
  env = {},
}: {
  databaseUrl: string;
  processes: number;
  env?: Record<string, string>;
}): Promise<Deployment> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'worq-bench-cluster-'));
  chmodSync(work, 0o711);
  const proxyPort = await freeBlock(28_080, 1);
  const basePort = await freeBlock(proxyPort + 1, processes);
  const nginxDir = path.join(work, 'nginx');
  execFileSync('mkdir', ['-p', nginxDir]);
  const conf = execFileSync(
    process.execPath,
    [
      'deploy/nginx/render.mjs',
      '--processes',
      String(processes),
      '--base-port',
      String(basePort),
      '--listen',
      `127.0.0.1:${proxyPort}`,
      '--standalone',
      nginxDir,
    ],
    { cwd: repoRoot, encoding: 'utf8' },
  );
  writeFileSync(path.join(nginxDir, 'nginx.conf'), conf);
  const nginx = spawn('nginx', ['-p', nginxDir, '-c', path.join(nginxDir, 'nginx.conf')], { stdio: 'ignore' });

  let output = '';
  const cluster = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/cluster.ts', '--processes', String(processes), '--base-port', String(basePort)],
    {
      cwd: path.join(repoRoot, 'apps/api'),
      env: {
        ...process.env,
        NODE_ENV: 'development',
        DATABASE_URL: databaseUrl,
        JWT_SECRET: randomBytes(48).toString('base64url'),
        ENCRYPTION_KEY: randomBytes(32).toString('hex'),
        DATA_DIR: path.join(work, 'data'),
        PUBLIC_URL: `http://127.0.0.1:${proxyPort}`,
        TRUST_PROXY: '1',
        DELIVERY: 'outbox',
        MARKETPLACE_MODE: 'sandbox',
        LOG_LEVEL: 'warn',
        IP_RATE_LIMIT_PER_MINUTE: '1000000',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-2_000_000));
  cluster.stdout!.on('data', keep);
  cluster.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => cluster.once('exit', () => resolve()));

  const stop = async () => {
    cluster.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 20_000))]);
    cluster.kill('SIGKILL');
    nginx.kill('SIGTERM');
    rmSync(work, { recursive: true, force: true });
  };
  const ports = Array.from({ length: processes }, (_, index) => basePort + index);
  try {
    for (const port of ports) await waitHealthy(`http://127.0.0.1:${port}`, cluster, 90_000);
    await waitHealthy(`http://127.0.0.1:${proxyPort}`, nginx, 10_000);
  } catch (error) {
    await stop();
    const nginxErrors = (() => {
      try {
        return readFileSync(path.join(nginxDir, 'error.log'), 'utf8').slice(-2_000);
      } catch {
        return '';
      }
    })();
    throw new Error(`${(error as Error).message}\n${output.slice(-4_000)}\n${nginxErrors}`);
  }
  return {
    proxyUrl: `http://127.0.0.1:${proxyPort}`,
    ports,
    pidOn(port) {
      const matches = [...output.matchAll(new RegExp(`\\(pid (\\d+)\\) on port ${port}\\b`, 'g'))];
      const last = matches.at(-1);
      if (!last) throw new Error(`no process on port ${port}`);
      return Number(last[1]);
    },
    log: () => output,
    stop,
  };
}

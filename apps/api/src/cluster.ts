/**
 * Runs N identical API processes on consecutive ports for a proxy in front (deploy/nginx,
 * docs/deployment.md): `npm run start:cluster -- --processes 3 --base-port 8081`.
 *
 * A supervisor rather than node:cluster: with node:cluster every connection would pass through
 * the primary process on its way to a worker, and nginx already balances. The processes share
 * nothing but the environment and PostgreSQL: start-up work takes turns under an advisory lock
 * (db/client.ts), tasks and messages are claimed with SKIP LOCKED, task results reach sockets
 * through LISTEN/NOTIFY. A process that dies is started again after a pause that grows while it
 * keeps dying; one that cannot start at all (a bad environment) stops the whole group, since
 * restarting it would only repeat the same error.
 *
 * The processes listen on 127.0.0.1 unless HOST names another interface: nginx on the same machine
 * is their one client. A process reachable from outside would take a client's own X-Forwarded-For
 * as the proxy's (TRUST_PROXY=1) and let it choose its address past every per-IP limit.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

// Compiled (dist/cluster.js) next to dist/server.js; from source under tsx next to server.ts.
const serverEntry = fileURLToPath(new URL(import.meta.url.endsWith('.ts') ? './server.ts' : './server.js', import.meta.url));
const maxProcesses = 64;
/** A process that lived this long is healthy: its next restart starts with the shortest pause. */
const stableAfterMs = 30_000;
const firstPauseMs = 1_000;
const longestPauseMs = 30_000;
/** Exits this soon after a start, this many times in a row, mean the process cannot start. */
const earlyExitMs = 10_000;
const earlyExitsToGiveUp = 3;
/** Where the processes listen when HOST is unset or empty: loopback, behind the proxy. */
const defaultClusterHost = '127.0.0.1';

interface Slot {
  index: number;
  port: number;
  child?: ChildProcess | undefined;
  startedAt: number;
  pauseMs: number;
  earlyExits: number;
  timer?: NodeJS.Timeout | undefined;
}

function fail(line: string): never {
  process.stderr.write(`${line}\n`);
  process.exit(1);
}

function readOptions(): { processes: number; basePort: number } {
  let values: { processes?: string | undefined; 'base-port'?: string | undefined };
  try {
    ({ values } = parseArgs({ options: { processes: { type: 'string' }, 'base-port': { type: 'string' } }, strict: true }));
  } catch (error) {
    fail(`start:cluster: ${(error as Error).message} (use --processes N --base-port P)`);
  }
  const processes = Number(values.processes ?? 2);
  const basePort = Number(values['base-port'] ?? process.env.CLUSTER_BASE_PORT ?? 8081);
  if (!Number.isInteger(processes) || processes < 1 || processes > maxProcesses)
    fail(`start:cluster: --processes must be a whole number from 1 to ${maxProcesses}`);
  if (!Number.isInteger(basePort) || basePort < 1 || basePort + processes - 1 > 65_535)
    fail('start:cluster: --base-port must leave room for every process below 65536');
  return { processes, basePort };
}

function log(line: string): void {
  process.stdout.write(`${JSON.stringify({ level: 30, time: Date.now(), pid: process.pid, msg: `cluster: ${line}` })}\n`);
}

function main(): void {
  const { processes, basePort } = readOptions();
  const host = process.env.HOST || defaultClusterHost;
  if (!process.env.DATABASE_URL) {
    fail(
      'start:cluster: several processes need one PostgreSQL database: set DATABASE_URL (the embedded PGlite belongs to a single process)',
    );
  }
  const slots: Slot[] = Array.from({ length: processes }, (_, index) => ({
    index,
    port: basePort + index,
    startedAt: 0,
    pauseMs: firstPauseMs,
    earlyExits: 0,
  }));
  let stopping = false;
  let exitCode = 0;

  const start = (slot: Slot) => {
    slot.timer = undefined;
    slot.startedAt = Date.now();
    const child = spawn(process.execPath, [...process.execArgv, serverEntry], {
      cwd: process.cwd(),
      env: { ...process.env, HOST: host, PORT: String(slot.port) },
      stdio: 'inherit',
    });
    slot.child = child;
    log(`process ${slot.index + 1} of ${processes} (pid ${child.pid}) on port ${slot.port} of ${host}`);
    child.once('exit', (code, signal) => {
      slot.child = undefined;
      if (stopping) {
        if (code !== 0 && code !== null) exitCode = 1;
        if (slots.every((other) => !other.child)) process.exit(exitCode);
        return;
      }
      const lived = Date.now() - slot.startedAt;
      slot.earlyExits = lived < earlyExitMs ? slot.earlyExits + 1 : 0;
      if (slot.earlyExits >= earlyExitsToGiveUp) {
        process.stderr.write(
          `start:cluster: the process on port ${slot.port} exited ${earlyExitsToGiveUp} times within ${earlyExitMs / 1000} s of starting; stopping all\n`,
        );
        exitCode = 1;
        stop('SIGTERM');
        return;
      }
      slot.pauseMs = lived >= stableAfterMs ? firstPauseMs : Math.min(slot.pauseMs * 2, longestPauseMs);
      log(`process on port ${slot.port} ended (${signal ?? `exit ${code}`}); starting it again in ${slot.pauseMs} ms`);
      slot.timer = setTimeout(() => start(slot), slot.pauseMs);
    });
  };

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping ${slots.filter((slot) => slot.child).length} processes`);
    for (const slot of slots) {
      clearTimeout(slot.timer);
      slot.child?.kill('SIGTERM');
    }
    if (slots.every((slot) => !slot.child)) process.exit(exitCode);
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  for (const slot of slots) start(slot);
}

main();

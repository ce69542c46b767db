// Background-task benchmark (issue 4): (1) latency from POST /api/v1/marketplace/integration/upsert
// (202 {request_id}) to the task's result on /websocket/ws/{request_id} against the Trendyol
// sandbox with no delay, target p95 ≤ 100 ms (150 ms on PGlite with 4 in flight); (2) resident memory of one server process holding
// 10,000 idle task sockets, target ≤ 400 MB RSS. The app runs in a child process (server.ts), the
// sockets are held by another (sockets.ts); this process drives both and measures the latency itself.
// Writes its section of bench/README.md and exits non-zero when a target is missed.
// Usage: node --import tsx bench/tasks/run.ts
// Knobs: BENCH_DATABASE_URL (use that server instead of a throwaway cluster), BENCH_ONLY=pglite|postgres,
// BENCH_TASKS_SEQUENTIAL, BENCH_TASKS_CONCURRENT, BENCH_TASKS_IN_FLIGHT, BENCH_TASKS_SOCKETS.
import { fork, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { taskSocketProtocols } from '@worq/domain/wire/task-socket';
import { benchOnly, Cleanups, postgresOrSkipped, wholeEnv } from '../common.ts';
import type { ServerCommand, ServerMemory, ServerReady } from './server.ts';
import type { SocketsOptions, SocketsResult } from './sockets.ts';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const readmeFile = path.join(repoRoot, 'bench/README.md');
const serverFile = fileURLToPath(new URL('./server.ts', import.meta.url));
const socketsFile = fileURLToPath(new URL('./sockets.ts', import.meta.url));

const sequentialCount = wholeEnv('BENCH_TASKS_SEQUENTIAL', 200, 10, 5_000);
const concurrentCount = wholeEnv('BENCH_TASKS_CONCURRENT', 200, 0, 5_000);
/** The runner claims 4 tasks at a time (defaultRunnerOptions.concurrency): as many as one process works on. */
const inFlight = wholeEnv('BENCH_TASKS_IN_FLIGHT', 4, 1, 64);
const socketCount = wholeEnv('BENCH_TASKS_SOCKETS', 10_000, 100, 15_000);
const warmupCount = 20;
const socketOpenConcurrency = 50;
/** Issue 14: p95 ≤ 100 ms on PostgreSQL; ≤ 150 ms on PGlite (one connection inside the process) with 4 in flight. */
const latencyTargetMs = (database: 'pglite' | 'postgres', inFlightCount: number) =>
  database === 'pglite' && inFlightCount > 1 ? 150 : 100;
const rssTargetMb = 400;
const stepTimeoutMs = 30_000;
const mb = 1024 * 1024;

interface WsClient {
  on(event: 'message', listener: (data: Buffer) => void): void;
  on(event: 'close', listener: (code: number, reason: Buffer) => void): void;
  on(event: 'error', listener: (error: Error) => void): void;
  terminate(): void;
}
const require = createRequire(import.meta.url);
const WebSocketClient = require('ws') as new (url: string, protocols?: string[]) => WsClient;

// ---------------------------------------------------------------- children

interface Server {
  child: ChildProcess;
  ready: ServerReady['ready'];
  command<T>(message: ServerCommand): Promise<T>;
}

/** One answer per command, in order: commands are sent one at a time. */
function ask<T>(child: ChildProcess, message: unknown, timeoutMs = stepTimeoutMs * 4): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`no answer to ${JSON.stringify(message).slice(0, 60)} within ${timeoutMs} ms`));
    }, timeoutMs);
    const onMessage = (answer: { error?: string }) => {
      cleanup();
      if (answer.error !== undefined) reject(new Error(answer.error));
      else resolve(answer as T);
    };
    const onExit = (code: number | null) => {
      cleanup();
      reject(new Error(`child exited (${code}) before answering`));
    };
    const cleanup = () => {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
    if (message !== undefined) child.send(message as object);
  });
}

async function startServer(databaseUrl: string | undefined): Promise<Server> {
  const child = fork(serverFile, {
    execArgv: [
      '--import',
      'tsx',
      '--expose-gc',
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
    ],
    env: { ...process.env, BENCH_TASKS_DATABASE_URL: databaseUrl ?? '' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    const { ready } = await ask<ServerReady>(child, undefined, 120_000);
    return { child, ready, command: (message) => ask(child, message) };
  } catch (error) {
    child.kill();
    throw error;
  }
}

async function stopServer(server: Server): Promise<void> {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  await server.command({ cmd: 'stop' }).catch(() => server.child.kill());
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  if (server.child.exitCode === null) server.child.kill('SIGKILL');
}

/** The kernel's figure for the whole process (heap, native memory, sockets' buffers, code). */
function vmRssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = status.match(/^VmRSS:\s+(\d+)\s+kB/m);
  if (!match) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]) * 1024;
}

// ---------------------------------------------------------------- latency

const percentile = (sorted: number[], fraction: number): number =>
  sorted.length === 0 ? Number.NaN : sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1))]!;

interface LatencyResult {
  count: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Median of the 202 alone (POST sent → answer read): the rest is the task and the socket. */
  acceptedP50Ms: number;
  failures: number;
  firstFailure: string | undefined;
}

function post(agent: http.Agent, port: number, urlPath: string, token: string, body: unknown): Promise<{ status: number; text: string }> {
  const payload = Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        agent,
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: urlPath,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': payload.length,
          'accept-language': 'tr',
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', reject);
      },
    );
    request.setTimeout(stepTimeoutMs, () => request.destroy(new Error(`no answer within ${stepTimeoutMs} ms`)));
    request.on('error', reject);
    request.end(payload);
  });
}

/** Resolves with the first state whose is_successful is not null (the server sends the current one on open). */
function socketResult(port: number, requestId: string, token: string): Promise<{ is_successful: boolean; message: string }> {
  return new Promise((resolve, reject) => {
    const client = new WebSocketClient(`ws://127.0.0.1:${port}/websocket/ws/${requestId}`, taskSocketProtocols(token));
    let settled = false;
    const settle = (error: Error | undefined, state?: { is_successful: boolean; message: string }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) {
        client.terminate();
        reject(error);
      } else resolve(state!);
    };
    const timer = setTimeout(() => settle(new Error(`no result on the socket within ${stepTimeoutMs} ms`)), stepTimeoutMs);
    client.on('error', (error) => settle(error));
    client.on('message', (data) => {
      const state = JSON.parse(data.toString('utf8')) as { is_successful: boolean | null; message: string };
      if (state.is_successful !== null) settle(undefined, { is_successful: state.is_successful, message: state.message });
    });
    client.on('close', (code) => settle(new Error(`socket closed (${code}) without a result`)));
  });
}

let storeCounter = 0;

/** One timed connection: a new seller id each time, so integration_exists never triggers. */
async function timedUpsert(agent: http.Agent, server: Server): Promise<{ totalMs: number; acceptedMs: number }> {
  storeCounter += 1;
  const sellerId = String(200_000 + storeCounter);
  const body = {
    marketplace_id: server.ready.marketplaceId,
    store_name: `Bench Mağaza ${storeCounter}`,
    store_link: `https://www.trendyol.com/magaza/bench-m-${sellerId}`,
    credentials: { seller_id: sellerId, api_key: 'sandbox', api_secret: 'sandbox' },
  };
  const token = server.ready.sellerTokens[storeCounter % server.ready.sellerTokens.length]!;
  const started = performance.now();
  const response = await post(agent, server.ready.port, '/api/v1/marketplace/integration/upsert', token, body);
  if (response.status !== 202) throw new Error(`upsert answered ${response.status}: ${response.text.slice(0, 300)}`);
  const acceptedMs = performance.now() - started;
  const { request_id: requestId } = JSON.parse(response.text) as { request_id: string };
  const state = await socketResult(server.ready.port, requestId, token);
  const elapsed = performance.now() - started;
  if (!state.is_successful) throw new Error(`task ${requestId} failed: ${state.message}`);
  return { totalMs: elapsed, acceptedMs };
}

async function measureLatency(server: Server, count: number, concurrency: number): Promise<LatencyResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const samples: number[] = [];
  const accepted: number[] = [];
  let failures = 0;
  let firstFailure: string | undefined;
  let issued = 0;
  const worker = async () => {
    while (issued < count) {
      issued += 1;
      try {
        const { totalMs, acceptedMs } = await timedUpsert(agent, server);
        samples.push(totalMs);
        accepted.push(acceptedMs);
      } catch (error) {
        failures += 1;
        firstFailure ??= error instanceof Error ? error.message : String(error);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  agent.destroy();
  samples.sort((a, b) => a - b);
  accepted.sort((a, b) => a - b);
  return {
    count: samples.length,
    p50Ms: percentile(samples, 0.5),
    p95Ms: percentile(samples, 0.95),
    p99Ms: percentile(samples, 0.99),
    maxMs: samples.at(-1) ?? Number.NaN,
    acceptedP50Ms: percentile(accepted, 0.5),
    failures,
    firstFailure,
  };
}

// ---------------------------------------------------------------- idle sockets

interface SocketsMeasurement {
  sockets: number;
  openMs: number;
  before: { vmRss: number; memory: ServerMemory };
  after: { vmRss: number; memory: ServerMemory };
  gc: boolean;
}

async function measureSockets(server: Server): Promise<SocketsMeasurement> {
  await server.command<{ quiet: boolean }>({ cmd: 'quiet' });
  const { ids, tokens } = await server.command<{ ids: string[]; tokens: string[] }>({ cmd: 'idle-tasks', count: socketCount });
  const beforeAnswer = await server.command<{ memory: ServerMemory; gc: boolean }>({ cmd: 'memory' });
  const before = { vmRss: vmRssBytes(server.child.pid!), memory: beforeAnswer.memory };

  const client = fork(socketsFile, { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  try {
    const options: SocketsOptions = { port: server.ready.port, tokens, ids, concurrency: socketOpenConcurrency };
    const { result } = await ask<{ result: SocketsResult }>(client, { open: options }, 600_000);
    if (result.failures > 0) throw new Error(`${result.failures} socket(s) failed to open, first: ${result.firstFailure}`);
    const { sockets } = await server.command<{ sockets: number }>({ cmd: 'sockets' });
    if (sockets < socketCount) throw new Error(`the server holds ${sockets} sockets, expected ${socketCount}`);
    const afterAnswer = await server.command<{ memory: ServerMemory; gc: boolean }>({ cmd: 'memory' });
    const after = { vmRss: vmRssBytes(server.child.pid!), memory: afterAnswer.memory };
    const { check } = await ask<{ check: { held: number; closedEarly: number } }>(client, { check: true });
    if (check.closedEarly > 0 || check.held < socketCount) {
      throw new Error(`the client holds ${check.held} sockets; ${check.closedEarly} were closed by the server while idle`);
    }
    return { sockets, openMs: result.elapsedMs, before, after, gc: afterAnswer.gc };
  } finally {
    await ask(client, { close: true }, 10_000).catch(() => client.kill());
  }
}

// ---------------------------------------------------------------- report

interface Measurement {
  database: 'pglite' | 'postgres';
  description: string;
  sequential: LatencyResult;
  concurrent: LatencyResult | undefined;
  sockets: SocketsMeasurement;
}

interface Row {
  metric: string;
  value: string;
  target: string;
  /** Undefined: informational, not gated. */
  pass: boolean | undefined;
  detail: string;
}

const fmt = (value: number, digits: number) => (Number.isFinite(value) ? value.toFixed(digits) : '–');
const inMb = (bytes: number) => fmt(bytes / mb, 0);

function rowsOf(m: Measurement): Row[] {
  const latencyRow = (metric: string, result: LatencyResult, inFlightCount: number): Row => ({
    metric,
    value: `p95 ${fmt(result.p95Ms, 1)} ms`,
    target: `≤ ${latencyTargetMs(m.database, inFlightCount)} ms`,
    pass: result.p95Ms <= latencyTargetMs(m.database, inFlightCount),
    detail: `p50 ${fmt(result.p50Ms, 1)}, p99 ${fmt(result.p99Ms, 1)}, max ${fmt(result.maxMs, 1)} ms (202 alone: p50 ${fmt(result.acceptedP50Ms, 1)} ms); n = ${result.count}`,
  });
  const rows = [latencyRow('upsert → socket result, one at a time', m.sequential, 1)];
  if (m.concurrent) rows.push(latencyRow(`upsert → socket result, ${inFlight} in flight`, m.concurrent, inFlight));
  const { before, after, sockets } = m.sockets;
  const perSocketKb = (after.vmRss - before.vmRss) / sockets / 1024;
  const detail = `RSS ${inMb(before.vmRss)} MB before, +${fmt(perSocketKb, 1)} kB per socket; heap ${inMb(before.memory.heapUsed)} → ${inMb(after.memory.heapUsed)} MB`;
  if (m.database === 'postgres') {
    rows.push({
      metric: `server RSS, ${sockets} idle task sockets`,
      value: `${inMb(after.vmRss)} MB`,
      target: `≤ ${rssTargetMb} MB`,
      pass: after.vmRss <= rssTargetMb * mb,
      detail,
    });
  } else {
    // PGlite runs the whole database inside the API process; its own memory is the baseline, not the sockets'.
    rows.push({
      metric: `server RSS, ${sockets} idle task sockets (database in-process)`,
      value: `${inMb(after.vmRss)} MB`,
      target: `info (target applies to PostgreSQL)`,
      pass: undefined,
      detail,
    });
  }
  return rows;
}

const resultWord = (pass: boolean | undefined) => (pass === undefined ? 'info' : pass ? 'pass' : 'fail');

function printTable(measurements: Measurement[]): void {
  console.log('\n| database | metric | value | target | result | detail |');
  console.log('|---|---|---|---|---|---|');
  for (const m of measurements) {
    for (const row of rowsOf(m))
      console.log(
        `| ${m.database} | ${row.metric} | ${row.value} | ${row.target} | ${resultWord(row.pass).toUpperCase()} | ${row.detail} |`,
      );
  }
}

function updateReadme(date: string, measurements: Measurement[]): void {
  const start = '<!-- tasks:start -->';
  const end = '<!-- tasks:end -->';
  const header = '| date | database | metric | value | target | result | detail |\n|---|---|---|---|---|---|---|';
  let readme = existsSync(readmeFile) ? readFileSync(readmeFile, 'utf8') : '# Benchmarks\n';
  if (!readme.includes(start)) {
    readme += `\n## Background tasks (\`npm run bench:tasks\`)\n\n${start}\n${header}\n${end}\n`;
  }
  const [before, rest] = readme.split(start) as [string, string];
  const [table, after] = rest.split(end) as [string, string];
  const fresh = measurements.flatMap((m) => rowsOf(m).map((row) => ({ database: m.database, metric: row.metric, row })));
  // The latest row per database and metric: a run replaces what it measured and keeps the rest
  // (BENCH_ONLY measures one database). Earlier figures are in git and bench/HISTORY.md.
  const measured = (line: string) => {
    const [, database, metric] = line.split(' | ');
    return fresh.some((item) => item.database === database && item.metric === metric);
  };
  const kept = table.split('\n').filter((line) => line.startsWith('| 2') && !measured(line));
  for (const { database, metric, row } of fresh) {
    kept.push(`| ${date} | ${database} | ${metric} | ${row.value} | ${row.target} | ${resultWord(row.pass)} | ${row.detail} |`);
  }
  writeFileSync(readmeFile, `${before}${start}\n${header}\n${kept.join('\n')}\n${end}${after}`);
}

// ---------------------------------------------------------------- main

async function measure(databaseUrl: string | undefined, description: string): Promise<Measurement> {
  const server = await startServer(databaseUrl);
  try {
    console.log(
      `  server pid ${server.child.pid} on 127.0.0.1:${server.ready.port}; RSS at start ${inMb(vmRssBytes(server.child.pid!))} MB`,
    );
    const warmup = await measureLatency(server, warmupCount, 1);
    if (warmup.failures > 0) throw new Error(`warm-up: ${warmup.failures} failed upsert(s), first: ${warmup.firstFailure}`);
    const sequential = await measureLatency(server, sequentialCount, 1);
    console.log(
      `  one at a time: p50 ${fmt(sequential.p50Ms, 1)} ms  p95 ${fmt(sequential.p95Ms, 1)} ms  p99 ${fmt(sequential.p99Ms, 1)} ms  max ${fmt(sequential.maxMs, 1)} ms  202 p50 ${fmt(sequential.acceptedP50Ms, 1)} ms  (${sequential.count} ok, ${sequential.failures} failed)`,
    );
    if (sequential.failures > 0) throw new Error(`${sequential.failures} failed upsert(s), first: ${sequential.firstFailure}`);
    let concurrent: LatencyResult | undefined;
    if (concurrentCount > 0) {
      concurrent = await measureLatency(server, concurrentCount, inFlight);
      console.log(
        `  ${inFlight} in flight:   p50 ${fmt(concurrent.p50Ms, 1)} ms  p95 ${fmt(concurrent.p95Ms, 1)} ms  p99 ${fmt(concurrent.p99Ms, 1)} ms  max ${fmt(concurrent.maxMs, 1)} ms  202 p50 ${fmt(concurrent.acceptedP50Ms, 1)} ms  (${concurrent.count} ok, ${concurrent.failures} failed)`,
      );
      if (concurrent.failures > 0) throw new Error(`${concurrent.failures} failed upsert(s), first: ${concurrent.firstFailure}`);
    }
    const sockets = await measureSockets(server);
    console.log(
      `  ${sockets.sockets} idle sockets opened in ${fmt(sockets.openMs / 1000, 1)} s; server RSS ${inMb(sockets.before.vmRss)} → ${inMb(sockets.after.vmRss)} MB (heap ${inMb(sockets.before.memory.heapUsed)} → ${inMb(sockets.after.memory.heapUsed)} MB${sockets.gc ? ', after GC' : ''})`,
    );
    const kind = server.ready.database;
    return { database: kind, description, sequential, concurrent, sockets };
  } finally {
    await stopServer(server);
  }
}

async function main(): Promise<void> {
  const only = benchOnly();
  // Both processes hold one descriptor per socket, plus the app's own.
  const openFilesNeeded = socketCount + 200;
  console.log(
    `Background tasks: upsert → socket result (${warmupCount} warm-up, ${sequentialCount} one at a time, ${concurrentCount} with ${inFlight} in flight; Trendyol sandbox, SANDBOX_DELAY_MS=0), then ${socketCount} idle task sockets`,
  );
  const measurements: Measurement[] = [];
  const skipped: string[] = [];
  const cleanups = new Cleanups();
  try {
    if (only !== 'postgres') {
      console.log('\nPGlite (in memory, inside the server process)');
      measurements.push(await measure(undefined, 'PGlite in memory'));
    }
    if (only !== 'pglite') {
      const server = await postgresOrSkipped(cleanups, skipped);
      if (server) measurements.push(await measure(server.url, server.description));
    }
  } catch (error) {
    if (error instanceof Error && /EMFILE|ENFILE/.test(error.message)) {
      console.error(`Too many open files: raise the limit to at least ${openFilesNeeded} (ulimit -n ${openFilesNeeded}) and run again.`);
    }
    throw error;
  } finally {
    await cleanups.runAll();
  }

  printTable(measurements);
  for (const line of skipped) console.log(line);
  if (measurements.length > 0) {
    updateReadme(new Date().toISOString().slice(0, 10), measurements);
    console.log(`Recorded in ${path.relative(repoRoot, readmeFile)}.`);
  }
  const missed = measurements.flatMap((m) =>
    rowsOf(m)
      .filter((row) => row.pass === false)
      .map((row) => `${m.database}: ${row.metric} ${row.value}, target ${row.target}`),
  );
  for (const line of missed) console.log(`Missed: ${line}`);
  process.exitCode = missed.length > 0 ? 1 : 0;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});

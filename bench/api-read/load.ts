// Load generator for bench/api-read, run as a child process so that it has an event loop (and, on a
// multi-core machine, a core) of its own, and so that the parent's CPU time is the servers' alone.
import { fork } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';

const loadFile = fileURLToPath(import.meta.url);

export interface LoadRequest {
  path: string;
  headers: Record<string, string>;
  /** GET unless told; a POST sends `body` as JSON. */
  method?: 'GET' | 'POST';
  body?: string;
}

export interface LoadOptions {
  port: number;
  /** Sent in turn, so the load spreads over several customers. */
  requests: LoadRequest[];
  concurrency: number;
  warmupMs: number;
  durationMs: number;
  /** Hard cap on requests per run, whatever the duration. */
  maxRequests: number;
  onWindow?: (edge: 'start' | 'end') => void;
}

export interface LoadResult {
  /** Answers that completed inside the measured window. */
  completed: number;
  /** Non-200 answers and transport errors over the whole run, warm-up included. */
  failures: number;
  firstFailure: string | undefined;
  elapsedMs: number;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

const requestTimeoutMs = 10_000;

function percentile(sorted: Float64Array, fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

function send(agent: http.Agent, port: number, request: LoadRequest): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        agent,
        host: '127.0.0.1',
        port,
        method: request.method ?? 'GET',
        path: request.path,
        headers:
          request.body === undefined
            ? request.headers
            : { ...request.headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(request.body)) },
      },
      (response) => {
        // The body must be read to the end or the keep-alive socket is not handed back.
        response.on('data', () => {});
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    outgoing.setTimeout(requestTimeoutMs, () => outgoing.destroy(new Error(`no answer within ${requestTimeoutMs} ms`)));
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.concurrency, maxFreeSockets: options.concurrency });
  const latencies = new Float64Array(options.maxRequests);
  let recorded = 0;
  let issued = 0;
  let failures = 0;
  let firstFailure: string | undefined;
  let next = 0;

  const started = performance.now();
  const measureFrom = started + options.warmupMs;
  const measureUntil = measureFrom + options.durationMs;
  // Lets the parent read its CPU time at the edges of the measured window.
  const marks = [
    setTimeout(() => options.onWindow?.('start'), options.warmupMs),
    setTimeout(() => options.onWindow?.('end'), options.warmupMs + options.durationMs),
  ];

  const worker = async () => {
    while (issued < options.maxRequests && failures === 0) {
      const before = performance.now();
      if (before >= measureUntil) return;
      const request = options.requests[next++ % options.requests.length]!;
      issued += 1;
      let status: number;
      try {
        status = await send(agent, options.port, request);
      } catch (error) {
        failures += 1;
        firstFailure ??= error instanceof Error ? error.message : String(error);
        return;
      }
      const after = performance.now();
      if (status !== 200) {
        failures += 1;
        firstFailure ??= `HTTP ${status} for ${request.path}`;
        return;
      }
      // Only requests that both began and ended inside the window count: no warm-up, no tail.
      if (before >= measureFrom && after <= measureUntil) latencies[recorded++] = after - before;
    }
  };

  await Promise.all(Array.from({ length: options.concurrency }, worker));
  for (const mark of marks) clearTimeout(mark);
  agent.destroy();

  const measured = latencies.slice(0, recorded).sort();
  const elapsedMs = Math.min(performance.now(), measureUntil) - measureFrom;
  return {
    completed: recorded,
    failures,
    firstFailure,
    elapsedMs,
    rps: elapsedMs > 0 ? (recorded * 1000) / elapsedMs : 0,
    p50Ms: percentile(measured, 0.5),
    p99Ms: percentile(measured, 0.99),
    maxMs: measured.length > 0 ? measured[measured.length - 1]! : Number.NaN,
  };
}

export interface Run extends LoadResult {
  /** CPU time of this process (both servers, and PGlite when it is the database) per answered request. */
  cpuUsPerRequest: number;
}

/** Runs the load from a child process of its own (this file), so the caller's CPU time is the servers' alone. */
export function runLoadInChild(options: LoadOptions): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = fork(loadFile, { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let windowStart: NodeJS.CpuUsage | undefined;
    let windowCpu: NodeJS.CpuUsage | undefined;
    let settled = false;
    const finish = (error: Error | undefined, result?: Run) => {
      if (settled) return;
      settled = true;
      clearTimeout(guard);
      child.kill();
      if (error) reject(error);
      else resolve(result!);
    };
    const guard = setTimeout(
      () => finish(new Error('the load generator did not finish in time')),
      options.warmupMs + options.durationMs + 60_000,
    );
    child.on('message', (message: { window?: 'start' | 'end'; result?: LoadResult; error?: string }) => {
      if (message.window === 'start') windowStart = process.cpuUsage();
      else if (message.window === 'end' && windowStart) windowCpu = process.cpuUsage(windowStart);
      else if (message.result) {
        const cpu = windowCpu ?? (windowStart ? process.cpuUsage(windowStart) : undefined);
        const cpuUsPerRequest = cpu && message.result.completed > 0 ? (cpu.user + cpu.system) / message.result.completed : Number.NaN;
        finish(undefined, { ...message.result, cpuUsPerRequest });
      } else if (message.error !== undefined) finish(new Error(`load generator failed: ${message.error}`));
    });
    child.once('error', (error) => finish(error));
    child.once('exit', (code) => finish(new Error(`the load generator exited (${code}) without a result`)));
    child.send(options);
  });
}

// Run as a child: options arrive as the first IPC message, the result goes back the same way.
if (process.send) {
  const reply = (message: unknown) => process.send?.(message);
  process.once('message', (options: LoadOptions) => {
    runLoad({ ...options, onWindow: (edge) => reply({ window: edge }) }).then(
      (result) => reply({ result }),
      (error: unknown) => reply({ error: error instanceof Error ? error.message : String(error) }),
    );
  });
}

// Socket client for bench/tasks, run as a child process so that the 10,000 client sockets do not
// count in the server's memory. Opens one task socket per id (bounded concurrency), waits for the
// pending state each sends on open, keeps them all idle until told to close, then closes them.
import { createRequire } from 'node:module';
import { taskSocketProtocols } from '@worq/domain/wire/task-socket';

interface WsClient {
  on(event: 'message', listener: (data: Buffer) => void): void;
  on(event: 'close', listener: (code: number, reason: Buffer) => void): void;
  on(event: 'error', listener: (error: Error) => void): void;
  close(): void;
  terminate(): void;
}

const require = createRequire(import.meta.url);
// `ws` comes with @fastify/websocket and ships no types; Node 20 has no global WebSocket.
const WebSocketClient = require('ws') as new (url: string, protocols?: string[], options?: { handshakeTimeout?: number }) => WsClient;

export interface SocketsOptions {
  port: number;
  /** tokens[i] owns ids[i]. */
  tokens: string[];
  ids: string[];
  concurrency: number;
}

export interface SocketsResult {
  opened: number;
  failures: number;
  firstFailure: string | undefined;
  elapsedMs: number;
  /** Sockets the server closed while they should have stayed idle. */
  closedEarly: number;
}

const openTimeoutMs = 15_000;
const sockets: WsClient[] = [];
let holding = true;
let closedEarly = 0;

function openOne(options: SocketsOptions, id: string, token: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const url = `ws://127.0.0.1:${options.port}/websocket/ws/${id}`;
    const client = new WebSocketClient(url, taskSocketProtocols(token), { handshakeTimeout: openTimeoutMs });
    let first = true;
    const timer = setTimeout(() => {
      client.terminate();
      reject(new Error(`no pending state within ${openTimeoutMs} ms`));
    }, openTimeoutMs);
    client.on('error', (error) => {
      if (first) {
        first = false;
        clearTimeout(timer);
        reject(error);
      }
    });
    client.on('message', (data) => {
      if (!first) return;
      first = false;
      clearTimeout(timer);
      const state = JSON.parse(data.toString('utf8')) as { is_successful: boolean | null };
      if (state.is_successful !== null) reject(new Error(`task ${id} is not pending: ${data.toString('utf8')}`));
      else {
        sockets.push(client);
        resolve();
      }
    });
    client.on('close', (code) => {
      if (first) {
        first = false;
        clearTimeout(timer);
        reject(new Error(`closed with ${code} before the first message`));
      } else if (holding) closedEarly += 1;
    });
  });
}

async function openAll(options: SocketsOptions): Promise<SocketsResult> {
  const started = performance.now();
  let next = 0;
  let failures = 0;
  let firstFailure: string | undefined;
  const worker = async () => {
    while (next < options.ids.length && failures === 0) {
      const index = next++;
      try {
        await openOne(options, options.ids[index]!, options.tokens[index]!);
      } catch (error) {
        failures += 1;
        firstFailure ??= error instanceof Error ? error.message : String(error);
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  return { opened: sockets.length, failures, firstFailure, elapsedMs: performance.now() - started, closedEarly };
}

if (process.send) {
  const reply = (message: unknown) => process.send?.(message);
  process.on('message', (message: { open?: SocketsOptions; check?: true; close?: true }) => {
    if (message.open) {
      openAll(message.open).then(
        (result) => reply({ result }),
        (error: unknown) => reply({ error: error instanceof Error ? error.message : String(error) }),
      );
    } else if (message.check) {
      reply({ check: { held: sockets.length, closedEarly } });
    } else if (message.close) {
      holding = false;
      for (const socket of sockets) socket.close();
      // Give the close frames a moment, then leave.
      setTimeout(() => {
        reply({ closed: true });
        process.exit(0);
      }, 500);
    }
  });
  process.on('disconnect', () => process.exit(0));
}

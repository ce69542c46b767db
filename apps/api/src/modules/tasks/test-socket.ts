import type { IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import { taskSocketProtocols } from '@worq/domain/wire/task-socket';
import type { TaskState } from '@worq/domain/wire/tasks';

/*
 * A real WebSocket client for the task socket tests. Node 20 has no global WebSocket, and `ws`
 * (installed with @fastify/websocket) ships no types, so it is loaded untyped and described here.
 */
interface WsClient {
  on(event: 'message', listener: (data: Buffer) => void): void;
  on(event: 'close', listener: (code: number, reason: Buffer) => void): void;
  on(event: 'upgrade', listener: (response: IncomingMessage) => void): void;
  on(event: 'open' | 'error' | 'ping', listener: (...args: unknown[]) => void): void;
  close(): void;
  readyState: number;
}

const require = createRequire(import.meta.url);
const WebSocketClient = require('ws') as new (url: string, protocols?: string[], options?: { autoPong?: boolean }) => WsClient;

export interface TaskSocketClient {
  messages: TaskState[];
  /** Resolves with the n-th message (1-based) once it has arrived. */
  message(n: number): Promise<TaskState>;
  /** The handshake's `Sec-WebSocket-Protocol` response header (undefined: none), whether or not the client accepted it. */
  protocolHeader: Promise<string | undefined>;
  closed: Promise<{ code: number; reason: string; messages: TaskState[] }>;
  /** Resolves once the server has pinged this client n times. */
  pinged(n: number): Promise<void>;
  close(): void;
}

/** `query` ('?token=…') plays the old client that put the token in the address. */
export function socketUrl(app: FastifyInstance, requestId: string, query = ''): string {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the app is not listening');
  return `ws://127.0.0.1:${address.port}/websocket/ws/${requestId}${query}`;
}

export interface OpenOptions {
  /** false plays a client that vanished without closing (it never answers a ping). */
  autoPong?: boolean;
  /** The subprotocols offered instead of the product's pair for `token`. */
  protocols?: string[];
  /** Appended to the address, e.g. `?token=…`. */
  query?: string;
}

/**
 * Opens the task socket as the web app does: the token offered as the `bearer.<token>` subprotocol
 * next to `worq.tasks.v1` (no token: `worq.tasks.v1` alone).
 */
export function openTaskSocket(
  app: FastifyInstance,
  requestId: string,
  token: string | undefined,
  options: OpenOptions = {},
): TaskSocketClient {
  const protocols = options.protocols ?? (token === undefined ? ['worq.tasks.v1'] : taskSocketProtocols(token));
  const client = new WebSocketClient(socketUrl(app, requestId, options.query), protocols, { autoPong: options.autoPong ?? true });
  const messages: TaskState[] = [];
  const waiters: Array<{ n: number; resolve: (state: TaskState) => void }> = [];
  client.on('error', () => {});
  const protocolHeader = new Promise<string | undefined>((resolve) => {
    client.on('upgrade', (response) => {
      const value = response.headers['sec-websocket-protocol'];
      resolve(Array.isArray(value) ? value.join(', ') : value);
    });
  });
  client.on('message', (data) => {
    messages.push(JSON.parse(data.toString('utf8')) as TaskState);
    for (const waiter of waiters.filter((entry) => entry.n <= messages.length)) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(messages[waiter.n - 1]!);
    }
  });
  let pings = 0;
  const pingWaiters: Array<{ n: number; resolve: () => void }> = [];
  client.on('ping', () => {
    pings += 1;
    for (const waiter of pingWaiters.filter((entry) => entry.n <= pings)) {
      pingWaiters.splice(pingWaiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  });
  const closed = new Promise<{ code: number; reason: string; messages: TaskState[] }>((resolve) => {
    client.on('close', (code, reason) => resolve({ code, reason: reason.toString('utf8'), messages }));
  });
  return {
    messages,
    message: (n) => (messages.length >= n ? Promise.resolve(messages[n - 1]!) : new Promise((resolve) => waiters.push({ n, resolve }))),
    protocolHeader,
    closed,
    pinged: (n) => (pings >= n ? Promise.resolve() : new Promise((resolve) => pingWaiters.push({ n, resolve }))),
    close: () => client.close(),
  };
}

/** A promise plus its resolve function: lets a test hold a handler until the socket is watching. */
export function gate<T = void>(): { promise: Promise<T>; open: (value: T) => void } {
  let open!: (value: T) => void;
  const promise = new Promise<T>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

/** Polls `check` until it returns a value (not undefined) or the time runs out. */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

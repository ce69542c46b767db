import fp from 'fastify-plugin';
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { formatMessage } from '@worq/domain/messages';
import type { Database } from '../../db/client.ts';
import { countHit } from '../auth/public.ts';
import { TaskHub } from './hub.ts';
import { findTaskSnapshot, insertTask } from './repository.ts';
import { defaultRunnerOptions, TaskRunner, type RunnerOptions } from './runner.ts';
import { selectTaskProtocol, taskSocketRoutes } from './socket-routes.ts';
import type { Tasks } from './types.ts';

declare module 'fastify' {
  interface FastifyInstance {
    tasks: Tasks;
  }
}

/** No task stays unfinished longer than this (ARCHITECTURE.md §4). */
export const taskDeadlineSeconds = 120;

export interface TasksPluginOptions {
  database: Database;
  runner?: Partial<RunnerOptions>;
  /** Ping interval of the task sockets; a socket that misses one pong is dropped. */
  heartbeatMs?: number;
  /** Tasks one customer may start per minute, across processes (default 30). */
  maxTasksPerMinute?: number;
  /** Task sockets one customer may hold open on one process (default 20). */
  maxSocketsPerCustomer?: number;
}

/**
 * Server-side quotas (ARCHITECTURE.md §8). The spec's limit of 10 sockets is the browser's; a
 * script ignores it, so the server holds its own: every task costs marketplace calls and a worker
 * slot, every socket memory and a database listener.
 */
export const defaultTaskQuota = { tasksPerMinute: 30, socketsPerCustomer: 20 } as const;

/**
 * Background tasks: `app.tasks` (enqueue, handle, subscribe, current), the worker of this process
 * (started when the app is ready, stopped gracefully on close) and the task socket at
 * /websocket/ws/:request_id.
 */
async function tasksPlugin(app: FastifyInstance, options: TasksPluginOptions) {
  const { database } = options;
  const hub = new TaskHub(database, app.log);
  const runner = new TaskRunner(database.db, app.log, (id, result) => hub.finished(id, result), {
    ...defaultRunnerOptions,
    ...options.runner,
  });

  const tasks: Tasks = {
    async enqueue({ customerId, type, payload = {}, system = false }) {
      // Counted atomically in the shared counters; past the quota the caller gets 429 and the wait.
      // The server's own tasks (the connection health sweep) are not the customer's to limit.
      if (customerId && !system)
        await countHit(database.db, 'tasks', customerId, {
          max: options.maxTasksPerMinute ?? defaultTaskQuota.tasksPerMinute,
          windowMs: 60_000,
        });
      runner.noteEnqueued(type);
      const id = await insertTask(database.db, { customerId, type, payload, deadlineSeconds: taskDeadlineSeconds });
      runner.wake();
      return id;
    },
    handle: (type, handler, lane) => runner.handle(type, handler, lane),
    noteActivity: () => runner.noteActivity(),
    subscribe: (requestId, listener) => hub.subscribe(requestId, listener),
    async current(requestId) {
      const snapshot = await findTaskSnapshot(database.db, requestId);
      if (!snapshot) return undefined;
      const finished = snapshot.status === 'succeeded' || snapshot.status === 'failed';
      return {
        customerId: snapshot.customerId,
        state:
          finished && snapshot.result
            ? snapshot.result
            : { message: formatMessage(snapshot.language, 'task_pending'), is_successful: null, data: null },
      };
    },
    sweep: () => runner.sweep(),
  };
  app.decorate('tasks', tasks);

  // Small frames only: clients never need to send anything on these sockets. The handshake echoes
  // the task subprotocol only, never the offered one that carries the access token.
  if (!app.hasDecorator('websocketServer'))
    await app.register(websocket, { options: { maxPayload: 4096, handleProtocols: selectTaskProtocol } });
  await app.register(taskSocketRoutes, {
    heartbeatMs: options.heartbeatMs ?? 30_000,
    maxSocketsPerCustomer: options.maxSocketsPerCustomer ?? defaultTaskQuota.socketsPerCustomer,
  });

  app.addHook('onReady', async () => {
    await hub.start();
    runner.start();
  });
  app.addHook('onClose', async () => {
    await runner.stop();
    await hub.stop();
  });
}

export default fp(tasksPlugin, { name: 'tasks', dependencies: ['auth'] });

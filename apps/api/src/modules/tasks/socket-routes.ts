import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { TaskResult, TaskState } from '@worq/domain/wire/tasks';
import { taskSocketProtocol, tokenFromProtocolHeader } from '@worq/domain/wire/task-socket';
import type { AccessClaims } from '../../plugins/auth.ts';

/** Close codes of /websocket/ws (API.md "Background tasks"). */
export const closeCodes = { done: 1000, serverError: 1011, unauthorized: 4401, forbidden: 4403, tooManySockets: 4429 } as const;

const openState = 1;

/** A task socket as `ws` (under @fastify/websocket) hands it over. */
type TaskSocket = WebSocket;

/**
 * A socket that did not answer the last ping is dropped (a browser that vanished without closing).
 * One interval for all sockets, a WeakSet flag and one shared pong listener keep the cost of an
 * idle socket to what `ws` itself needs.
 */
function startHeartbeat(app: FastifyInstance, everyMs: number): { stop(): void; markAlive(this: TaskSocket): void } {
  const awaitingPong = new WeakSet<TaskSocket>();
  const timer = setInterval(() => {
    for (const client of app.websocketServer.clients) {
      if (awaitingPong.has(client)) {
        client.terminate();
        continue;
      }
      awaitingPong.add(client);
      client.ping();
    }
  }, everyMs);
  timer.unref();
  return {
    stop: () => clearInterval(timer),
    markAlive(this: TaskSocket) {
      awaitingPong.delete(this);
    },
  };
}

const ignoreError = () => {};

/**
 * The subprotocol the handshake answers with (`handleProtocols` of the WebSocket server): only
 * `worq.tasks.v1`, never the offered `bearer.<token>`, whose token would otherwise come back in the
 * response header. A client that does not offer it gets no subprotocol and fails the handshake.
 */
export function selectTaskProtocol(offered: Set<string>): string | false {
  return offered.has(taskSocketProtocol) ? taskSocketProtocol : false;
}

/**
 * `GET /websocket/ws/:request_id` with subprotocols `worq.tasks.v1, bearer.<access token>`
 * (@worq/domain/wire/task-socket) — the owner follows one background task to its end. A token in
 * the address (`?token=`, the old form) is refused like a bad one: addresses end up in logs.
 */
export async function taskSocketRoutes(
  app: FastifyInstance,
  options: { heartbeatMs: number; maxSocketsPerCustomer: number },
): Promise<void> {
  const heartbeat = startHeartbeat(app, options.heartbeatMs);
  const openSockets = new Map<string, number>();
  /** Takes a socket slot of the customer; false (and nothing taken) when they hold the maximum. */
  const takeSlot = (socket: TaskSocket, customerId: string): boolean => {
    const held = openSockets.get(customerId) ?? 0;
    if (held >= options.maxSocketsPerCustomer) return false;
    openSockets.set(customerId, held + 1);
    socket.on('close', () => {
      const left = (openSockets.get(customerId) ?? 1) - 1;
      if (left <= 0) openSockets.delete(customerId);
      else openSockets.set(customerId, left);
    });
    return true;
  };
  app.addHook('onClose', async () => heartbeat.stop());

  app.route({
    method: 'GET',
    url: '/websocket/ws/:request_id',
    schema: { hide: true },
    // A plain HTTP request is answered like any unknown path.
    handler: (_request, reply) => reply.callNotFound(),
    wsHandler: (socket, request) => {
      socket.on('error', ignoreError);
      socket.on('pong', heartbeat.markAlive);
      const { request_id: requestId } = request.params as { request_id: string };
      const inAddress = Object.hasOwn(request.query as object, 'token');
      const token = inAddress ? undefined : tokenFromProtocolHeader(request.headers['sec-websocket-protocol']);
      void follow(app, socket, requestId, token, takeSlot);
    },
  });
}

async function follow(
  app: FastifyInstance,
  socket: TaskSocket,
  requestId: string,
  token: string | undefined,
  takeSlot: (socket: TaskSocket, customerId: string) => boolean,
): Promise<void> {
  let claims: AccessClaims;
  try {
    claims = await app.verifyAccessToken(token ?? '');
  } catch {
    socket.close(closeCodes.unauthorized, 'unauthorized');
    return;
  }
  if (!takeSlot(socket, claims.customer_id)) {
    socket.close(closeCodes.tooManySockets, 'too_many_sockets');
    return;
  }

  let finished = false;
  let owned = false;
  let early: TaskResult | undefined;
  const send = (state: TaskState) => {
    if (finished || socket.readyState !== openState) return;
    socket.send(JSON.stringify(state));
    if (state.is_successful !== null) {
      finished = true;
      unsubscribe();
      socket.close(closeCodes.done, 'done');
    }
  };
  // Subscribe before reading, so a result that lands between the read and the subscription is not
  // lost; hold it back until the caller is known to own the task.
  const unsubscribe = app.tasks.subscribe(requestId, (result) => {
    if (owned) send(result);
    else early = result;
  });
  socket.on('close', unsubscribe);

  app.tasks.noteActivity();
  try {
    const current = await app.tasks.current(requestId);
    if (!current || current.customerId !== claims.customer_id) {
      unsubscribe();
      socket.close(closeCodes.forbidden, 'forbidden');
      return;
    }
    owned = true;
    send(current.state);
    if (early) send(early);
  } catch (error) {
    app.log.warn({ err: error, taskId: requestId }, 'could not read a task for its socket');
    unsubscribe();
    socket.close(closeCodes.serverError, 'unavailable');
  }
}

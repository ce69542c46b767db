import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import authPlugin from '../../plugins/auth.ts';
import { insertTestCustomer, openTestDatabase, signTestToken } from '../../test/helpers.ts';
import tasksPlugin from './plugin.ts';
import { openTaskSocket } from './test-socket.ts';

/*
 * The heartbeat on its own, with a ping every 100 ms instead of 30 s: just the auth and tasks
 * plugins on a real database.
 */
let database: Database;
let app: FastifyInstance;
let token: string;
let requestId: string;

beforeAll(async () => {
  database = await openTestDatabase();
  app = Fastify({ logger: false });
  await app.register(authPlugin, { secret: 'heartbeat-test-secret-of-at-least-32-chars' });
  await app.register(tasksPlugin, { database, heartbeatMs: 100 });
  await app.ready();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const customerId = await insertTestCustomer(database, 'heartbeat');
  token = await signTestToken(app, { customer_id: customerId });
  // No handler for this type: the task stays pending, the socket stays idle.
  requestId = await app.tasks.enqueue({ customerId, type: 'test_idle' });
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('task socket heartbeat', () => {
  it('drops a client that stopped answering pings', async () => {
    const socket = openTaskSocket(app, requestId, token, { autoPong: false });
    expect((await socket.message(1)).is_successful).toBeNull();
    const started = Date.now();
    const { code } = await socket.closed;
    // Terminated without a closing handshake.
    expect(code).toBe(1006);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('keeps a live idle client connected', async () => {
    const socket = openTaskSocket(app, requestId, token);
    expect((await socket.message(1)).is_successful).toBeNull();
    // The server pings only a socket that answered its previous ping, and drops one that did not:
    // a third ping means two checks found this client alive.
    const outcome = await Promise.race([socket.closed.then(() => 'closed'), socket.pinged(3).then(() => 'still open')]);
    expect(outcome).toBe('still open');
    socket.close();
    expect((await socket.closed).code).toBe(1005);
  });
});

import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import authPlugin from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';
import { insertTestCustomer, openTestDatabase, signTestToken } from '../../test/helpers.ts';
import tasksPlugin from './plugin.ts';
import { closeCodes } from './socket-routes.ts';
import { openTaskSocket } from './test-socket.ts';

/*
 * The server's own quotas (the browser's 10 sockets bind only browsers): tasks per customer per
 * minute and open task sockets per customer, here with small numbers.
 */
let database: Database;
let app: FastifyInstance;

async function newCustomer(): Promise<{ id: string; token: string }> {
  const id = await insertTestCustomer(database, 'quota');
  return { id, token: await signTestToken(app, { customer_id: id }) };
}

beforeAll(async () => {
  database = await openTestDatabase();
  app = Fastify({ logger: false });
  await app.register(authPlugin, { secret: 'quota-test-secret-of-at-least-32-characters' });
  await app.register(tasksPlugin, { database, maxTasksPerMinute: 3, maxSocketsPerCustomer: 2 });
  await app.ready();
  await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('per-customer task quota', () => {
  it('refuses the task past the quota with 429 and the wait, and leaves other customers alone', async () => {
    const busy = await newCustomer();
    for (let i = 0; i < 3; i++) await app.tasks.enqueue({ customerId: busy.id, type: 'test_idle' });
    const refused = await app.tasks.enqueue({ customerId: busy.id, type: 'test_idle' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ statusCode: 429 });
    const other = await newCustomer();
    await expect(app.tasks.enqueue({ customerId: other.id, type: 'test_idle' })).resolves.toEqual(expect.any(String));
  });
});

describe('per-customer socket cap', () => {
  it('closes a socket past the cap with 4429 and lets a new one in once one closes', async () => {
    const customer = await newCustomer();
    const requestId = await app.tasks.enqueue({ customerId: customer.id, type: 'test_idle' });
    const first = openTaskSocket(app, requestId, customer.token);
    const second = openTaskSocket(app, requestId, customer.token);
    await first.message(1);
    await second.message(1);
    const third = openTaskSocket(app, requestId, customer.token);
    expect(await third.closed).toMatchObject({ code: closeCodes.tooManySockets, reason: 'too_many_sockets' });

    // Another customer has slots of their own.
    const other = await newCustomer();
    const otherTask = await app.tasks.enqueue({ customerId: other.id, type: 'test_idle' });
    const theirs = openTaskSocket(app, otherTask, other.token);
    expect((await theirs.message(1)).is_successful).toBeNull();

    first.close();
    await first.closed;
    const fourth = openTaskSocket(app, requestId, customer.token);
    expect((await fourth.message(1)).is_successful).toBeNull();
    for (const socket of [second, fourth, theirs]) socket.close();
  });
});

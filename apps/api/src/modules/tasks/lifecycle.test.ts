import { eq, sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { backgroundTasks } from '../../db/schema.ts';
import authPlugin from '../../plugins/auth.ts';
import { insertTestCustomer, openTestDatabase } from '../../test/helpers.ts';
import tasksPlugin from './plugin.ts';
import { doneChannel } from './repository.ts';
import { eventually, gate } from './test-socket.ts';
import type { TaskResult } from './types.ts';

/*
 * Start and stop of the worker, on just the auth and tasks plugins so each test owns its app's
 * whole life (a short shutdown grace instead of 5 s).
 */
let database: Database | undefined;
let app: FastifyInstance | undefined;

async function start(): Promise<{ app: FastifyInstance; database: Database; customerId: string }> {
  database = await openTestDatabase();
  app = Fastify({ logger: false });
  await app.register(authPlugin, { secret: 'lifecycle-test-secret-of-at-least-32-chars' });
  await app.register(tasksPlugin, { database, runner: { shutdownGraceMs: 200 } });
  await app.ready();
  return { app, database, customerId: await insertTestCustomer(database, 'lifecycle') };
}

async function row(db: Database, id: string) {
  const [found] = await db.db.select().from(backgroundTasks).where(eq(backgroundTasks.id, id));
  return found;
}

afterEach(async () => {
  await app?.close();
  await database?.close();
  app = undefined;
  database = undefined;
});

describe('task worker lifecycle', () => {
  it('lets a running task finish when the app closes', async () => {
    const { app: current, database: db, customerId } = await start();
    const started = gate();
    current.tasks.handle('test_short', async () => {
      started.open();
      await new Promise((resolve) => setTimeout(resolve, 100));
      return { message: 'bitti' };
    });
    const id = await current.tasks.enqueue({ customerId, type: 'test_short' });
    await started.promise;
    await current.close();
    expect(await row(db, id)).toMatchObject({ status: 'succeeded', result: { message: 'bitti', is_successful: true, data: null } });
  });

  it('hands a task back to the queue when it outlives the shutdown grace', async () => {
    const { app: current, database: db, customerId } = await start();
    const started = gate();
    let aborted = false;
    current.tasks.handle('test_endless', (task) => {
      started.open();
      return new Promise((_resolve, reject) => {
        task.signal.addEventListener('abort', () => {
          aborted = true;
          reject(new Error('aborted'));
        });
      });
    });
    const id = await current.tasks.enqueue({ customerId, type: 'test_endless' });
    await started.promise;
    await current.close();
    // Back to pending, the interrupted run not counted: the next process starts it afresh.
    expect(await row(db, id)).toMatchObject({ status: 'pending', attempts: 0, lockedBy: null, lockedUntil: null, result: null });
    expect(aborted).toBe(true);
  });

  it('hears a task finished elsewhere through NOTIFY', async () => {
    const { app: current, database: db, customerId } = await start();
    const id = await current.tasks.enqueue({ customerId, type: 'test_elsewhere' });
    const heard: TaskResult[] = [];
    current.tasks.subscribe(id, (result) => heard.push(result));

    // What another process's worker writes: the result, then the announcement.
    const result: TaskResult = { message: 'başka süreçte bitti', is_successful: true, data: { n: 1 } };
    await db.db.update(backgroundTasks).set({ status: 'succeeded', result, finishedAt: new Date() }).where(eq(backgroundTasks.id, id));
    await db.db.execute(sql`select pg_notify(${doneChannel}, ${id})`);

    expect(await eventually(async () => heard[0], 3000)).toEqual(result);
    expect(heard).toHaveLength(1);
  });

  it('refuses a second handler for the same type', async () => {
    const { app: current } = await start();
    current.tasks.handle('test_once', async () => ({ message: 'ok' }));
    expect(() => current.tasks.handle('test_once', async () => ({ message: 'ok' }))).toThrow();
  });
});

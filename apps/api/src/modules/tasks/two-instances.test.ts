import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase, type Database } from '../../db/client.ts';
import { registerCustomer } from '../../test/accounts-helpers.ts';
import { adminQuery, testEnv, type TestContext } from '../../test/helpers.ts';
import { gate, openTaskSocket } from './test-socket.ts';

/*
 * Scale-out (ARCHITECTURE.md §3): two API processes on one PostgreSQL. Each instance here has its
 * own connection pool, its own LISTEN connection and its own worker, as two processes would.
 */
const serverUrl = process.env.TEST_DATABASE_URL;

interface Instance {
  ctx: TestContext;
  dataDir: string;
}

describe.skipIf(!serverUrl)(
  'two API instances on one PostgreSQL (needs TEST_DATABASE_URL; skipped on PGlite, which one process embeds and cannot share)',
  () => {
    const name = `worq_test_tasks_${Date.now()}_${randomBytes(3).toString('hex')}`;
    const jwtSecret = randomBytes(32).toString('hex');
    let first: Instance;
    let second: Instance;

    async function startInstance(): Promise<Instance> {
      const url = new URL(serverUrl!);
      url.pathname = `/${name}`;
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'worq-api-tasks-'));
      const config = loadConfig(testEnv(dataDir, { JWT_SECRET: jwtSecret }));
      const database: Database = await openDatabase({ url: url.toString(), pgliteDir: 'memory://' });
      const app: FastifyInstance = await buildApp({ config, database, logger: false });
      await app.ready();
      const ctx: TestContext = {
        app,
        config,
        database,
        async close() {
          await app.close();
          await database.close();
        },
      };
      return { ctx, dataDir };
    }

    beforeAll(async () => {
      await adminQuery(serverUrl!, `create database ${name}`);
      // One after the other: both run the migrations, the second finds nothing left to do.
      first = await startInstance();
      second = await startInstance();
      await first.ctx.app.listen({ port: 0, host: '127.0.0.1' });
      await second.ctx.app.listen({ port: 0, host: '127.0.0.1' });
    });

    afterAll(async () => {
      for (const instance of [first, second]) {
        if (!instance) continue;
        await instance.ctx.close().catch(() => {});
        rmSync(instance.dataDir, { recursive: true, force: true });
      }
      await adminQuery(serverUrl!, `drop database if exists ${name} with (force)`);
    });

    it('delivers a task run by instance B to the socket held by instance A', async () => {
      const seller = await registerCustomer(first.ctx);
      const watching = gate();
      const ranOn: string[] = [];
      // Only B knows this type, so only B's worker can take it.
      second.ctx.app.tasks.handle('test_remote', async () => {
        ranOn.push('second');
        await watching.promise;
        return { message: 'task_connect_success', params: { store: 'Uzak Mağaza' } };
      });
      const requestId = await first.ctx.app.tasks.enqueue({ customerId: seller.customerId, type: 'test_remote' });

      const socket = openTaskSocket(first.ctx.app, requestId, seller.jwt_token);
      expect((await socket.message(1)).is_successful).toBeNull();
      watching.open();

      const started = Date.now();
      const { code, messages } = await socket.closed;
      expect(code).toBe(1000);
      expect(messages[1]).toEqual({ message: 'Uzak Mağaza mağazanız bağlandı.', is_successful: true, data: null });
      expect(ranOn).toEqual(['second']);
      // Well inside the 30 s safety recheck: the NOTIFY carried it.
      expect(Date.now() - started).toBeLessThan(5000);
    });

    it('recovers when the server drops the LISTEN connection', async () => {
      const seller = await registerCustomer(first.ctx);
      const watching = gate();
      second.ctx.app.tasks.handle('test_after_drop', async () => {
        await watching.promise;
        return { message: 'yeniden bağlandı' };
      });
      const requestId = await first.ctx.app.tasks.enqueue({ customerId: seller.customerId, type: 'test_after_drop' });
      const socket = openTaskSocket(first.ctx.app, requestId, seller.jwt_token);
      expect((await socket.message(1)).is_successful).toBeNull();

      // What a server restart or a proxy timeout does to the idle LISTEN connections of both instances.
      const dropped = await adminQuery(
        serverUrl!,
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and query ilike 'listen%'`,
      );
      expect(dropped.length).toBeGreaterThanOrEqual(2);
      watching.open();

      const started = Date.now();
      const { code, messages } = await socket.closed;
      expect(code).toBe(1000);
      expect(messages[1]).toEqual({ message: 'yeniden bağlandı', is_successful: true, data: null });
      expect(Date.now() - started).toBeLessThan(8000);
    });

    it('shares the queue between both workers without running a task twice', async () => {
      const seller = await registerCustomer(first.ctx);
      const runs = new Map<string, string[]>();
      const handler = (instance: string) => async (task: { id: string }) => {
        runs.set(task.id, [...(runs.get(task.id) ?? []), instance]);
        await new Promise((resolve) => setTimeout(resolve, 30));
        return { message: 'ok' };
      };
      first.ctx.app.tasks.handle('test_shared', handler('first'));
      second.ctx.app.tasks.handle('test_shared', handler('second'));

      const ids = await Promise.all(
        Array.from({ length: 24 }, (_, index) =>
          (index % 2 ? first : second).ctx.app.tasks.enqueue({ customerId: seller.customerId, type: 'test_shared' }),
        ),
      );
      // Half the sockets on each instance: one process holds at most 20 open task sockets per customer (quotas.test.ts).
      const results = await Promise.all(
        ids.map((id, index) => openTaskSocket((index % 2 ? first : second).ctx.app, id, seller.jwt_token).closed),
      );
      expect(results.every((result) => result.code === 1000 && result.messages.at(-1)?.is_successful === true)).toBe(true);
      expect(ids.every((id) => runs.get(id)?.length === 1)).toBe(true);
      const workers = new Set([...runs.values()].flat());
      expect(workers).toEqual(new Set(['first', 'second']));
    });
  },
);

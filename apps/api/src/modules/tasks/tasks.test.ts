import { eq, sql, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ConnectorError } from '../../connectors/types.ts';
import { backgroundTasks, customers } from '../../db/schema.ts';
import { AppError } from '../../plugins/errors.ts';
import { registerCustomer, type RegisteredCustomer, sharedAccountsTestApp } from '../../test/accounts-helpers.ts';
import { signTestToken } from '../../test/helpers.ts';
import type * as repository from './repository.ts';
import { finishTask } from './repository.ts';
import { quietMs } from './runner.ts';
import { eventually, gate, openTaskSocket } from './test-socket.ts';
import type { TaskType } from './types.ts';

// The real finishTask, watched: a test can wait for the runner's attempt to write a handler's outcome.
vi.mock('./repository.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof repository>();
  return { ...actual, finishTask: vi.fn(actual.finishTask) };
});

/** Resolves with whether the runner could write the outcome of `id`'s handler, once it has tried. */
async function outcomeWritten(id: string): Promise<boolean> {
  const tried = await eventually(async () => {
    const index = vi.mocked(finishTask).mock.calls.findIndex((call) => call[1] === id);
    return index === -1 ? undefined : index;
  });
  return vi.mocked(finishTask).mock.results[tried]!.value as Promise<boolean>;
}

const ctx = sharedAccountsTestApp();
let seller: RegisteredCustomer;
let englishSeller: RegisteredCustomer;
let typeCounter = 0;

/** Every test registers its own handler under a fresh test-only type. */
function testType(name: string): TaskType {
  typeCounter += 1;
  return `test_${name}_${typeCounter}`;
}

async function taskRow(id: string) {
  const [row] = await ctx.database.db.select().from(backgroundTasks).where(eq(backgroundTasks.id, id));
  return row;
}

async function finishedRow(id: string) {
  return eventually(async () => {
    const row = await taskRow(id);
    return row && (row.status === 'succeeded' || row.status === 'failed') ? row : undefined;
  });
}

beforeAll(async () => {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  seller = await registerCustomer(ctx);
  englishSeller = await registerCustomer(ctx);
  await ctx.database.db.update(customers).set({ preferredLanguage: 'en' }).where(eq(customers.id, englishSeller.customerId));
});

describe('task socket', () => {
  it('sends the pending state on open, then the result, then closes', async () => {
    const type = testType('connect');
    const watching = gate();
    ctx.app.tasks.handle(type, async (task) => {
      await watching.promise;
      return { message: 'task_connect_success', params: { store: 'Deneme Mağazası' }, data: { seen: task.payload.store_id } };
    });
    const requestId = await ctx.app.tasks.enqueue({ customerId: seller.customerId, type, payload: { store_id: 7 } });

    const socket = openTaskSocket(ctx.app, requestId, seller.jwt_token);
    expect(await socket.message(1)).toEqual({ message: 'İşleminiz sürüyor…', is_successful: null, data: null });
    watching.open();

    const { code, messages } = await socket.closed;
    expect(code).toBe(1000);
    expect(messages).toHaveLength(2);
    expect(messages[1]).toEqual({ message: 'Deneme Mağazası mağazanız bağlandı.', is_successful: true, data: { seen: 7 } });
    const row = await taskRow(requestId);
    expect(row).toMatchObject({ status: 'succeeded', attempts: 1, lockedBy: null });
    expect(row?.finishedAt).toBeInstanceOf(Date);
  });

  it('delivers on open a task that finished before the socket was opened', async () => {
    const type = testType('early');
    ctx.app.tasks.handle(type, async () => ({ message: 'Bitti', data: [1, 2] }));
    const requestId = await ctx.app.tasks.enqueue({ customerId: seller.customerId, type });
    await finishedRow(requestId);

    const { code, messages } = await openTaskSocket(ctx.app, requestId, seller.jwt_token).closed;
    expect(code).toBe(1000);
    expect(messages).toEqual([{ message: 'Bitti', is_successful: true, data: [1, 2] }]);
  });

  it("closes with 4403 for another customer's task and for an unknown id", async () => {
    const type = testType('private');
    ctx.app.tasks.handle(type, async () => ({ message: 'ok' }));
    const requestId = await ctx.app.tasks.enqueue({ customerId: seller.customerId, type });
    const stranger = await signTestToken(ctx.app, { customer_id: englishSeller.customerId });

    const foreign = await openTaskSocket(ctx.app, requestId, stranger).closed;
    expect(foreign.code).toBe(4403);
    expect(foreign.messages).toEqual([]);

    const unknown = await openTaskSocket(ctx.app, '2f1b0c3e-0000-4000-8000-000000000000', seller.jwt_token).closed;
    expect(unknown.code).toBe(4403);
    const malformed = await openTaskSocket(ctx.app, 'not-a-task', seller.jwt_token).closed;
    expect(malformed.code).toBe(4403);
  });

  it('closes with 4401 for a bad or missing token', async () => {
    const type = testType('token');
    ctx.app.tasks.handle(type, async () => ({ message: 'ok' }));
    const requestId = await ctx.app.tasks.enqueue({ customerId: seller.customerId, type });

    const forged = await openTaskSocket(ctx.app, requestId, `${seller.jwt_token.slice(0, -4)}AAAA`).closed;
    expect(forged.code).toBe(4401);
    expect(forged.messages).toEqual([]);
    expect((await openTaskSocket(ctx.app, requestId, undefined).closed).code).toBe(4401);
  });

  it('takes the access token from the bearer subprotocol and answers with worq.tasks.v1 alone', async () => {
    const type = testType('protocol');
    ctx.app.tasks.handle(type, async () => ({ message: 'Bitti' }));
    const requestId = await ctx.app.tasks.enqueue({ customerId: seller.customerId, type });

    const socket = openTaskSocket(ctx.app, requestId, seller.jwt_token);
    // The token is offered, never echoed: the response header names the task protocol only.
    expect(await socket.protocolHeader).toBe('worq.tasks.v1');
    const { code, messages } = await socket.closed;
    expect(code).toBe(1000);
    expect(messages.at(-1)).toMatchObject({ is_successful: true });
  });

  it('refuses the token in the address (?token=, the old form) with 4401, even next to a good subprotocol', async () => {
    const type = testType('address');
    ctx.app.tasks.handle(type, async () => ({ message: 'ok' }));
    const requestId = await ctx.app.tasks.enqueue({ customerId: seller.customerId, type });
    const query = `?token=${encodeURIComponent(seller.jwt_token)}`;

    const old = await openTaskSocket(ctx.app, requestId, undefined, { protocols: [], query }).closed;
    expect(old.code).toBe(4401);
    expect(old.messages).toEqual([]);
    const both = await openTaskSocket(ctx.app, requestId, seller.jwt_token, { query }).closed;
    expect(both.code).toBe(4401);
    expect(both.messages).toEqual([]);
  });

  it('never echoes an offered bearer subprotocol, and wants worq.tasks.v1 offered', async () => {
    const type = testType('bearer_only');
    ctx.app.tasks.handle(type, async () => ({ message: 'ok' }));
    const requestId = await ctx.app.tasks.enqueue({ customerId: seller.customerId, type });

    // Without the task protocol the server selects none, and the client gives up on the handshake.
    const bearerOnly = openTaskSocket(ctx.app, requestId, undefined, { protocols: [`bearer.${seller.jwt_token}`] });
    expect(await bearerOnly.protocolHeader).toBeUndefined();
    const closed = await bearerOnly.closed;
    expect(closed.code).toBe(1006);
    expect(closed.messages).toEqual([]);
    // Offered first, the bearer entry is still not the one selected.
    const reversed = openTaskSocket(ctx.app, requestId, undefined, {
      protocols: [`bearer.${seller.jwt_token}`, 'worq.tasks.v1'],
    });
    expect(await reversed.protocolHeader).toBe('worq.tasks.v1');
    expect((await reversed.closed).code).toBe(1000);
    // Two bearer entries: which one is meant is unclear, so neither.
    const twice = openTaskSocket(ctx.app, requestId, undefined, {
      protocols: ['worq.tasks.v1', `bearer.${seller.jwt_token}`, 'bearer.other'],
    });
    expect((await twice.closed).code).toBe(4401);
  });

  it('is not served under /api/v1', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/websocket/ws/x' });
    expect(response.statusCode).toBe(404);
  });
});

describe('task runner', () => {
  it("fails at once with an AppError's message in the customer's language", async () => {
    const type = testType('app_error');
    let runs = 0;
    ctx.app.tasks.handle(type, async () => {
      runs += 1;
      throw new AppError(404, 'integration_not_found');
    });
    const requestId = await ctx.app.tasks.enqueue({ customerId: englishSeller.customerId, type });

    const row = await finishedRow(requestId);
    expect(row.status).toBe('failed');
    expect(row.result).toEqual({ message: 'No saved integration found.', is_successful: false, data: null });
    expect(runs).toBe(1);
  });

  it("fails at once with a ConnectorError's message naming the marketplace", async () => {
    const type = testType('connector_error');
    ctx.app.tasks.handle(type, async () => {
      throw new ConnectorError('bad_credentials', 'marketplace_bad_credentials', '401 from the marketplace');
    });
    const turkish = await ctx.app.tasks.enqueue({ customerId: seller.customerId, type, payload: { marketplace_code: 'trendyol' } });
    const english = await ctx.app.tasks.enqueue({
      customerId: englishSeller.customerId,
      type,
      payload: { marketplace_code: 'ciceksepeti' },
    });

    expect((await finishedRow(turkish)).result?.message).toBe(
      'Trendyol bilgileriniz doğrulanamadı. API bilgilerini kontrol edip tekrar deneyin.',
    );
    expect((await finishedRow(english)).result).toEqual({
      message: 'Your Çiçeksepeti details could not be verified. Check the API details and try again.',
      is_successful: false,
      data: null,
    });
  });

  it('gives the handler the attempt number and language, and a failed outcome fails the task', async () => {
    const type = testType('outcome');
    const seen: Array<{ attempt: number; language: string }> = [];
    ctx.app.tasks.handle(type, async (task) => {
      seen.push({ attempt: task.attempt, language: task.language });
      return { message: 'task_health_failed', params: { store: 'Shop' }, is_successful: false };
    });
    const requestId = await ctx.app.tasks.enqueue({ customerId: englishSeller.customerId, type });
    const row = await finishedRow(requestId);
    expect(row.status).toBe('failed');
    expect(row.result?.message).toBe('The connection of Shop is out of date. Please reconnect it.');
    expect(seen).toEqual([{ attempt: 1, language: 'en' }]);
  });

  it('retries an unexpected error with backoff and then succeeds', async () => {
    const type = testType('transient');
    const attempts: number[] = [];
    ctx.app.tasks.handle(type, async (task) => {
      attempts.push(task.attempt);
      if (task.attempt === 1) throw new Error('connection reset');
      return { message: 'ikinci denemede oldu' };
    });
    const requestId = await ctx.app.tasks.enqueue({ customerId: seller.customerId, type });
    const socket = openTaskSocket(ctx.app, requestId, seller.jwt_token);

    const { code, messages } = await socket.closed;
    expect(code).toBe(1000);
    expect(messages.at(-1)).toEqual({ message: 'ikinci denemede oldu', is_successful: true, data: null });
    expect(attempts).toEqual([1, 2]);
    expect((await taskRow(requestId))?.attempts).toBe(2);
  });

  it('fails with the generic message after the last attempt', async () => {
    const type = testType('always_broken');
    let runs = 0;
    ctx.app.tasks.handle(type, async () => {
      runs += 1;
      throw new Error('still broken');
    });
    const requestId = await ctx.app.tasks.enqueue({ customerId: seller.customerId, type });
    const row = await finishedRow(requestId);
    expect(row.status).toBe('failed');
    expect(row.result).toEqual({ message: 'İşlem tamamlanamadı. Lütfen tekrar deneyin.', is_successful: false, data: null });
    expect(runs).toBe(3);
    expect(row.attempts).toBe(3);
  });

  it('runs every task exactly once, a few at a time', async () => {
    const type = testType('many');
    const runs = new Map<string, number>();
    let active = 0;
    let peak = 0;
    ctx.app.tasks.handle(type, async (task) => {
      runs.set(task.id, (runs.get(task.id) ?? 0) + 1);
      active += 1;
      peak = Math.max(peak, active);
      await new Promise((resolve) => setTimeout(resolve, 40));
      active -= 1;
      return { message: 'ok' };
    });
    const ids = await Promise.all(Array.from({ length: 12 }, () => ctx.app.tasks.enqueue({ customerId: seller.customerId, type })));
    for (const id of ids) expect((await finishedRow(id)).status).toBe('succeeded');
    expect([...runs.values()]).toEqual(Array.from({ length: 12 }, () => 1));
    expect(peak).toBeGreaterThan(1);
    expect(peak).toBeLessThanOrEqual(4);
  });
});

describe('interactive and background lanes (issue 14)', () => {
  it('runs an interactive task at once while imports fill every slot they may take', async () => {
    const importType = testType('import');
    const connectType = testType('connect');
    const release = gate();
    let importsRunning = 0;
    let mostImportsAtOnce = 0;
    ctx.app.tasks.handle(
      importType,
      async () => {
        importsRunning += 1;
        mostImportsAtOnce = Math.max(mostImportsAtOnce, importsRunning);
        await release.promise;
        importsRunning -= 1;
        return { message: 'ok' };
      },
      'background',
    );
    ctx.app.tasks.handle(connectType, async () => ({ message: 'connected' }));
    // More imports than the interactive lane has slots: sharing slots, they would hold them all.
    const imports = [];
    for (let index = 0; index < 5; index++) imports.push(await ctx.app.tasks.enqueue({ customerId: null, type: importType }));
    await eventually(async () => (importsRunning > 0 ? true : undefined));

    const connect = await ctx.app.tasks.enqueue({ customerId: seller.customerId, type: connectType });
    expect((await finishedRow(connect)).status).toBe('succeeded');
    expect(mostImportsAtOnce).toBeLessThanOrEqual(2);
    release.open();
    for (const id of imports) expect((await finishedRow(id)).status).toBe('succeeded');
  });

  it('lets background work give way while an interactive task runs', async () => {
    const importType = testType('import_give_way');
    const connectType = testType('connect_slow');
    const connectDone = gate();
    let connectRunning = false;
    let askedToPass = false;
    let passedAt = 0;
    ctx.app.tasks.handle(connectType, async () => {
      connectRunning = true;
      await connectDone.promise;
      return { message: 'connected' };
    });
    ctx.app.tasks.handle(
      importType,
      async (task) => {
        askedToPass = true;
        await task.giveWay();
        passedAt = Date.now();
        return { message: 'ok' };
      },
      'background',
    );
    const connect = await ctx.app.tasks.enqueue({ customerId: seller.customerId, type: connectType });
    const connectEnqueuedAt = Date.now();
    await eventually(async () => (connectRunning ? true : undefined));
    const imported = await ctx.app.tasks.enqueue({ customerId: null, type: importType });
    await eventually(async () => (askedToPass ? true : undefined));
    // Quiet alone lets an import through quietMs after the last interactive enqueue: only once that
    // is over does its staying put show that it waits for the running connection.
    await eventually(async () => (Date.now() > connectEnqueuedAt + quietMs + 50 ? true : undefined));
    expect(passedAt).toBe(0);
    const openedAt = Date.now();
    connectDone.open();
    await finishedRow(connect);
    expect((await finishedRow(imported)).status).toBe('succeeded');
    // It waited for the connection (and a short quiet spell), not for the 2 s cap.
    expect(passedAt).toBeGreaterThanOrEqual(openedAt);
    expect(passedAt - openedAt).toBeLessThan(1500);
  });
});

describe('crash recovery', () => {
  /** A task that `worker` is running, or was when it died: its lease ends at `lockedUntil`. */
  async function runningTask(type: TaskType, attempts: number, worker: string, lockedUntil: SQL) {
    const [row] = await ctx.database.db
      .insert(backgroundTasks)
      .values({
        customerId: seller.customerId,
        type: type as (typeof backgroundTasks.$inferInsert)['type'],
        status: 'running',
        attempts,
        lockedBy: worker,
        lockedUntil,
        deadlineAt: sql`now() + interval '2 minutes'`,
      })
      .returning();
    return row!.id;
  }

  /** A row as a worker that died mid-task leaves it: running, its lease run out. */
  const orphanedTask = (type: TaskType, attempts: number) => runningTask(type, attempts, 'dead-worker', sql`now() - interval '5 seconds'`);

  it('gives the task of a dead worker to a live one', async () => {
    const type = testType('orphan');
    const runs: number[] = [];
    ctx.app.tasks.handle(type, async (task) => {
      runs.push(task.attempt);
      return { message: 'kurtarıldı' };
    });
    const requestId = await orphanedTask(type, 1);
    const socket = openTaskSocket(ctx.app, requestId, seller.jwt_token);
    expect((await socket.message(1)).is_successful).toBeNull();

    await ctx.app.tasks.sweep();
    const { code, messages } = await socket.closed;
    expect(code).toBe(1000);
    expect(messages.at(-1)).toEqual({ message: 'kurtarıldı', is_successful: true, data: null });
    expect(runs).toEqual([2]);
  });

  it('fails the task of a dead worker when no attempts are left', async () => {
    const type = testType('orphan_exhausted');
    let runs = 0;
    ctx.app.tasks.handle(type, async () => {
      runs += 1;
      return { message: 'ok' };
    });
    const requestId = await orphanedTask(type, 3);
    await ctx.app.tasks.sweep();
    const row = await taskRow(requestId);
    expect(row).toMatchObject({ status: 'failed', lockedBy: null });
    expect(row?.result?.message).toBe('İşlem tamamlanamadı. Lütfen tekrar deneyin.');
    expect(runs).toBe(0);
  });

  it('leaves a running task with a live lease alone', async () => {
    const type = testType('busy_elsewhere');
    ctx.app.tasks.handle(type, async () => ({ message: 'ok' }));
    const id = await runningTask(type, 1, 'other-worker', sql`now() + interval '30 seconds'`);
    await ctx.app.tasks.sweep();
    expect(await taskRow(id)).toMatchObject({ status: 'running', lockedBy: 'other-worker' });
  });

  it('fails a task past its deadline with the timeout message and tells the socket', async () => {
    const type = testType('too_late');
    const [row] = await ctx.database.db
      .insert(backgroundTasks)
      .values({
        customerId: englishSeller.customerId,
        type: type as (typeof backgroundTasks.$inferInsert)['type'],
        deadlineAt: sql`now() + interval '1 hour'`,
      })
      .returning();
    const requestId = row!.id;
    const socket = openTaskSocket(ctx.app, requestId, englishSeller.jwt_token);
    expect(await socket.message(1)).toEqual({ message: 'Your request is in progress…', is_successful: null, data: null });

    // No worker handles this type, so only the deadline can end it.
    await ctx.database.db
      .update(backgroundTasks)
      .set({ deadlineAt: sql`now() - interval '1 second'` })
      .where(eq(backgroundTasks.id, requestId));
    await ctx.app.tasks.sweep();
    const { code, messages } = await socket.closed;
    expect(code).toBe(1000);
    expect(messages[1]).toEqual({ message: 'The operation did not finish in time. Please try again.', is_successful: false, data: null });
    expect((await taskRow(requestId))?.status).toBe('failed');
  });

  it('does not let a handler that outlives the deadline overwrite the timeout', async () => {
    const type = testType('slow');
    const release = gate();
    let started = false;
    ctx.app.tasks.handle(type, async () => {
      started = true;
      await release.promise;
      return { message: 'too late' };
    });
    const requestId = await ctx.app.tasks.enqueue({ customerId: seller.customerId, type });
    await eventually(async () => (started ? true : undefined));
    await ctx.database.db
      .update(backgroundTasks)
      .set({ deadlineAt: sql`now() - interval '1 second'` })
      .where(eq(backgroundTasks.id, requestId));
    await ctx.app.tasks.sweep();
    release.open();
    expect(await outcomeWritten(requestId)).toBe(false);
    expect((await taskRow(requestId))?.result?.message).toBe('İşlem zamanında tamamlanamadı. Lütfen tekrar deneyin.');
  });
});

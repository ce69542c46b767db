// The app under test for bench/tasks, run as a child process so that its resident memory is its own
// (the socket clients and the latency client live in other processes). Started by run.ts with IPC;
// commands arrive as messages, answers go back the same way.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/api/src/app.ts';
import { benchConfig } from '../common.ts';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { backgroundTasks, customers, marketplaces } from '../../apps/api/src/db/schema.ts';
import { seededTermsVersion } from '../../apps/api/src/db/terms-content.ts';
import { accessClaimsOf } from '../../apps/api/src/modules/auth/sessions.ts';

export type ServerCommand =
  { cmd: 'quiet' } | { cmd: 'idle-tasks'; count: number } | { cmd: 'memory' } | { cmd: 'sockets' } | { cmd: 'stop' };

export interface ServerReady {
  /** `token` owns the idle tasks; `sellerTokens` take turns connecting stores (each seller may start 30 tasks a minute). */
  ready: { port: number; token: string; sellerTokens: string[]; marketplaceId: string; database: 'pglite' | 'postgres' };
}

export interface ServerMemory {
  rss: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}

/** No handler is registered for it, so the runner never claims these rows: they stay pending. */
export const idleTaskType = 'test_bench_idle';
/** Far past the run, so the sweeper does not fail the idle tasks (and close their sockets) meanwhile. */
const idleDeadlineSeconds = 3600;
const insertChunk = 1000;
const sellerCount = 60;
const socketsPerOwner = 20;

const reply = (message: unknown) => process.send?.(message);

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'worq-bench-tasks-'));
  // The sandbox reads its delay from the environment outside NODE_ENV=test.
  process.env.SANDBOX_DELAY_MS = '0';
  const databaseUrl = process.env.BENCH_TASKS_DATABASE_URL || undefined;
  // Development config (production refuses the sandbox); logging off, per-IP limit out of the way.
  const config = benchConfig(dataDir, {
    NODE_ENV: 'development',
    MARKETPLACE_MODE: 'sandbox',
    IP_RATE_LIMIT_PER_MINUTE: '1000000',
    CONNECTION_HEALTH_INTERVAL_MINUTES: '0',
    HOST: '127.0.0.1',
    PORT: '0',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const database = await openDatabase({ url: databaseUrl, pgliteDir: 'memory://' });
  const app = await buildApp({ config, database, logger: false });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const port = Number(new URL(address).port);

  // A verified customer written straight through the schema, the way registration leaves one.
  const acceptedAt = new Date().toISOString();
  const consent = { accepted: true, term_version: seededTermsVersion, accepted_at: acceptedAt };
  const [customer] = await database.db
    .insert(customers)
    .values({
      firstName: 'Ayşe',
      lastName: 'Yılmaz',
      email: `bench-tasks-${Date.now()}@example.com`,
      passwordHash: null,
      phoneNumber: '5301234567',
      isPhoneVerified: true,
      isEmailVerified: true,
      consents: {
        disclosure: consent,
        explicit_consent: consent,
        commercial_electronic_message: { accepted: false, term_version: null, accepted_at: null },
      },
    })
    .returning();
  if (!customer) throw new Error('customer not stored');
  const token = await app.signAccessToken(accessClaimsOf(customer));
  const [trendyol] = await database.db
    .select({ id: marketplaces.id })
    .from(marketplaces)
    .where(sql`${marketplaces.code} = 'trendyol'`);
  if (!trendyol) throw new Error('no trendyol marketplace in the reference data');

  /** Verified sellers written straight through the schema, with their access tokens. */
  async function sellers(count: number, label: string): Promise<Array<{ id: string; token: string }>> {
    const rows = await database.db
      .insert(customers)
      .values(
        Array.from({ length: count }, (_, index) => ({
          firstName: 'Ayşe',
          lastName: 'Yılmaz',
          email: `bench-${label}-${Date.now()}-${index}@example.com`,
          passwordHash: null,
          phoneNumber: '5301234567',
          isPhoneVerified: true,
          consents: customer!.consents,
        })),
      )
      .returning();
    return Promise.all(
      rows.map(async (row) => ({
        id: row.id,
        token: await app.signAccessToken(accessClaimsOf(row)),
      })),
    );
  }
  // The per-customer task quota (30 a minute) would refuse one seller connecting hundreds of
  // stores; the timed connections take turns among sellers instead, as real traffic does.
  const sellerTokens = (await sellers(sellerCount, 'tasks')).map((seller) => seller.token);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    try {
      await app.close();
      await database.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  };

  process.on('message', (message: ServerCommand) => {
    const run = async (): Promise<unknown> => {
      switch (message.cmd) {
        case 'quiet': {
          // The socket memory is measured on its own: the order imports the timed connections queued
          // are dropped, the running ones finish, and the schedule is put off for a day (it would
          // bring the unfinished backfills back every 15 s).
          const dropQueued = async () => {
            await database.db.execute(sql`update order_syncs set next_run_at = now() + interval '1 day'`);
            await database.db.execute(sql`delete from background_tasks where type = 'sync_orders' and status = 'pending'`);
          };
          for (let waited = 0; waited < 120; waited++) {
            await dropQueued();
            const rows = await database.db.execute(
              sql`select count(*)::int as running from background_tasks where type = 'sync_orders' and status = 'running'`,
            );
            if (Number((rows as unknown as { rows: Array<{ running: number }> }).rows[0]?.running ?? 0) === 0) {
              await dropQueued();
              return { quiet: true };
            }
            await new Promise((resolve) => setTimeout(resolve, 1000));
          }
          return { quiet: false };
        }
        case 'idle-tasks': {
          // Written straight to the tables, not through HTTP: tell the runner someone is active, as
          // the requests would, so the queued order imports step aside while the rows go in.
          const active = setInterval(() => app.tasks.noteActivity(), 100);
          try {
            // A customer may hold 20 task sockets on one process (tasks/plugin.ts), so the idle tasks
            // belong to enough customers for each socket to stay within that quota.
            const owners = await sellers(Math.ceil(message.count / socketsPerOwner), 'idle');
            const ids: string[] = [];
            const tokens: string[] = [];
            for (let start = 0; start < message.count; start += insertChunk) {
              const size = Math.min(insertChunk, message.count - start);
              const ownerOf = (index: number) => owners[Math.floor((start + index) / socketsPerOwner)]!;
              const rows = await database.db
                .insert(backgroundTasks)
                .values(
                  Array.from({ length: size }, (_, index) => ({
                    customerId: ownerOf(index).id,
                    type: idleTaskType as (typeof backgroundTasks.$inferInsert)['type'],
                    payload: {},
                    deadlineAt: sql`now() + ${idleDeadlineSeconds} * interval '1 second'`,
                  })),
                )
                .returning({ id: backgroundTasks.id });
              rows.forEach((row, index) => {
                ids.push(row.id);
                tokens.push(ownerOf(index).token);
              });
            }
            return { ids, tokens };
          } finally {
            clearInterval(active);
          }
        }
        case 'memory': {
          // Settle the heap first, so the figure is what the process keeps, not garbage awaiting collection.
          const gc = (globalThis as { gc?: () => void }).gc;
          for (let round = 0; round < 3; round++) {
            gc?.();
            await new Promise((resolve) => setTimeout(resolve, 200));
          }
          const usage = process.memoryUsage();
          const memory: ServerMemory = {
            rss: usage.rss,
            heapUsed: usage.heapUsed,
            external: usage.external,
            arrayBuffers: usage.arrayBuffers,
          };
          return { memory, gc: Boolean(gc) };
        }
        case 'sockets':
          return { sockets: app.websocketServer.clients.size };
        case 'stop':
          await stop();
          return { stopped: true };
      }
    };
    run().then(
      (answer) => {
        reply(answer);
        if (message.cmd === 'stop') process.disconnect?.();
      },
      (error: unknown) => reply({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
    );
  });
  // The parent went away without saying stop: do not linger.
  process.on('disconnect', () => void stop().finally(() => process.exit(0)));

  const ready: ServerReady = { ready: { port, token, sellerTokens, marketplaceId: trendyol.id, database: database.kind } };
  reply(ready);
}

main().catch((error: unknown) => {
  reply({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  process.exit(1);
});

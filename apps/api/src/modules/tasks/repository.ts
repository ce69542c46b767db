import { and, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import { defaultLanguage, languages, type Language } from '@worq/domain/language';
import { formatMessage, type MessageKey } from '@worq/domain/messages';
import type { Db } from '../../db/client.ts';
import { backgroundTasks, customers, taskTurns } from '../../db/schema.ts';
import type { TaskResult, TaskType } from './types.ts';

/** NOTIFY channel of finished tasks; the payload is the task id. */
export const doneChannel = 'background_task_done';

export type TaskRow = typeof backgroundTasks.$inferSelect;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isTaskId = (value: string): boolean => uuidPattern.test(value);

function rowsOf(result: unknown): Record<string, unknown>[] {
  return ((result as { rows?: Record<string, unknown>[] }).rows ?? []) as Record<string, unknown>[];
}

function idsOf(result: unknown): string[] {
  return rowsOf(result).map((row) => String(row.id));
}

/** The message in the owner's preferred language, chosen inside the statement that finishes many rows. */
function localizedMessage(key: MessageKey): SQL {
  const others = languages.filter((language) => language !== defaultLanguage);
  const branches = others.map(
    (language) =>
      sql`when (select c.preferred_language from customers c where c.id = background_tasks.customer_id) = ${language}::text then ${formatMessage(language, key)}::text`,
  );
  return sql`case ${sql.join(branches, sql` `)} else ${formatMessage(defaultLanguage, key)}::text end`;
}

function failedResult(key: MessageKey): SQL {
  return sql`jsonb_build_object('message', ${localizedMessage(key)}, 'is_successful', false, 'data', null::jsonb)`;
}

export async function insertTask(
  db: Db,
  input: { customerId: string | null; type: TaskType; payload: Record<string, unknown>; deadlineSeconds: number },
): Promise<string> {
  const [row] = await db
    .insert(backgroundTasks)
    .values({
      customerId: input.customerId,
      // Test-only `test_*` types share the text column with the product's types.
      type: input.type as TaskRow['type'],
      payload: input.payload,
      deadlineAt: sql`now() + ${input.deadlineSeconds} * interval '1 second'`,
    })
    .returning({ id: backgroundTasks.id });
  if (!row) throw new Error('task was not stored');
  return row.id;
}

/** A claimed task with its customer's language, read in the same statement. */
export type ClaimedTask = TaskRow & { language: Language };

/**
 * Takes a ready task of a type this process handles, customers in turn: the oldest ready task of
 * the customer whose task was taken least recently in this lane (task_turns; a customer never
 * served comes first), so one customer's fifty queued imports never hold back another's one. SKIP
 * LOCKED lets several workers (in this process and others) claim side by side without ever taking
 * the same row; the turn is recorded in the same transaction.
 */
export async function claimTask(
  db: Db,
  instanceId: string,
  types: string[],
  leaseSeconds: number,
  lane = 'interactive',
): Promise<ClaimedTask | undefined> {
  if (types.length === 0) return undefined;
  const typeList = sql.join(
    types.map((type) => sql`${type}`),
    sql`, `,
  );
  return db.transaction(async (tx) => {
    const row = await takeInTurn(tx as unknown as Db, instanceId, typeList, leaseSeconds, lane);
    if (row) {
      await tx
        .insert(taskTurns)
        .values({ lane, customerKey: row.customerId ?? '', servedAt: sql`clock_timestamp()` })
        .onConflictDoUpdate({ target: [taskTurns.lane, taskTurns.customerKey], set: { servedAt: sql`excluded.served_at` } });
    }
    return row;
  });
}

async function takeInTurn(db: Db, instanceId: string, typeList: SQL, leaseSeconds: number, lane: string): Promise<ClaimedTask | undefined> {
  const [row] = await db
    .update(backgroundTasks)
    .set({
      status: 'running',
      lockedBy: instanceId,
      lockedUntil: sql`now() + ${leaseSeconds} * interval '1 second'`,
      attempts: sql`${backgroundTasks.attempts} + 1`,
      updatedAt: sql`now()`,
    })
    .where(
      eq(
        backgroundTasks.id,
        sql`(select t.id from background_tasks t
              left join task_turns turn on turn.lane = ${lane} and turn.customer_key = coalesce(t.customer_id::text, '')
              where t.status = 'pending' and t.run_after <= now() and t.deadline_at > now() and t.type in (${typeList})
              order by turn.served_at nulls first, t.created_at
              for update of t skip locked
              limit 1)`,
      ),
    )
    .returning({
      ...getTableColumns(backgroundTasks),
      language: sql<Language | null>`(select preferred_language from customers where customers.id = ${backgroundTasks.customerId})`,
    });
  return row ? { ...row, language: row.language ?? defaultLanguage } : undefined;
}

/** Extends the lease of the tasks this process is still running, so no sweeper takes them away. */
export async function renewLeases(db: Db, instanceId: string, ids: string[], leaseSeconds: number): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(backgroundTasks)
    .set({ lockedUntil: sql`now() + ${leaseSeconds} * interval '1 second'` })
    .where(and(inArray(backgroundTasks.id, ids), eq(backgroundTasks.lockedBy, instanceId), eq(backgroundTasks.status, 'running')));
}

/**
 * Writes the result and announces it in the same statement. Only while this process still holds
 * the task: after a lost lease or a timeout the row belongs to someone else. True when written.
 */
export async function finishTask(db: Db, id: string, instanceId: string, result: TaskResult): Promise<boolean> {
  const status = result.is_successful ? 'succeeded' : 'failed';
  const outcome = await db.execute(sql`
    with done as (
      update background_tasks
         set status = ${status}, result = ${JSON.stringify(result)}::jsonb, finished_at = now(), updated_at = now(),
             locked_by = null, locked_until = null
       where id = ${id} and status = 'running' and locked_by = ${instanceId}
      returning id
    )
    select id, pg_notify(${doneChannel}, id::text) from done`);
  return idsOf(outcome).length > 0;
}

/** Puts the task back in the queue to run again after `delayMs`. */
export async function retryTask(db: Db, id: string, instanceId: string, delayMs: number): Promise<boolean> {
  const rows = await db
    .update(backgroundTasks)
    .set({
      status: 'pending',
      lockedBy: null,
      lockedUntil: null,
      runAfter: sql`now() + ${delayMs} * interval '1 millisecond'`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(backgroundTasks.id, id), eq(backgroundTasks.status, 'running'), eq(backgroundTasks.lockedBy, instanceId)))
    .returning({ id: backgroundTasks.id });
  return rows.length > 0;
}

/** Shutdown: hands unfinished tasks back without counting the interrupted run as an attempt. */
export async function releaseTasks(db: Db, instanceId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(backgroundTasks)
    .set({
      status: 'pending',
      lockedBy: null,
      lockedUntil: null,
      runAfter: sql`now()`,
      attempts: sql`greatest(${backgroundTasks.attempts} - 1, 0)`,
      updatedAt: sql`now()`,
    })
    .where(and(inArray(backgroundTasks.id, ids), eq(backgroundTasks.status, 'running'), eq(backgroundTasks.lockedBy, instanceId)));
}

/** Unfinished tasks past their deadline fail with the timeout message. Returns their ids. */
export async function failOverdueTasks(db: Db): Promise<string[]> {
  const outcome = await db.execute(sql`
    with overdue as (
      update background_tasks
         set status = 'failed', result = ${failedResult('task_timed_out')}, finished_at = now(), updated_at = now(),
             locked_by = null, locked_until = null
       where status in ('pending', 'running') and deadline_at <= now()
      returning id
    )
    select id, pg_notify(${doneChannel}, id::text) from overdue`);
  return idsOf(outcome);
}

/**
 * Running tasks whose lease ran out belong to a worker that died: back to the queue while attempts
 * remain, failed otherwise. Returns the ids failed and how many went back to the queue.
 */
export async function recoverExpiredLeases(db: Db, maxAttempts: number): Promise<{ failed: string[]; requeued: number }> {
  const exhausted = await db.execute(sql`
    with exhausted as (
      update background_tasks
         set status = 'failed', result = ${failedResult('task_failed')}, finished_at = now(), updated_at = now(),
             locked_by = null, locked_until = null
       where status = 'running' and locked_until < now() and attempts >= ${maxAttempts}
      returning id
    )
    select id, pg_notify(${doneChannel}, id::text) from exhausted`);
  const requeued = await db
    .update(backgroundTasks)
    .set({ status: 'pending', lockedBy: null, lockedUntil: null, runAfter: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(backgroundTasks.status, 'running'), sql`${backgroundTasks.lockedUntil} < now()`))
    .returning({ id: backgroundTasks.id });
  return { failed: idsOf(exhausted), requeued: requeued.length };
}

export interface TaskSnapshot {
  id: string;
  customerId: string | null;
  status: TaskRow['status'];
  result: TaskResult | null;
  language: Language;
}

export async function findTaskSnapshot(db: Db, id: string): Promise<TaskSnapshot | undefined> {
  if (!isTaskId(id)) return undefined;
  const [row] = await db
    .select({
      id: backgroundTasks.id,
      customerId: backgroundTasks.customerId,
      status: backgroundTasks.status,
      result: backgroundTasks.result,
      language: customers.preferredLanguage,
    })
    .from(backgroundTasks)
    .leftJoin(customers, eq(customers.id, backgroundTasks.customerId))
    .where(eq(backgroundTasks.id, id))
    .limit(1);
  return row ? { ...row, language: row.language ?? defaultLanguage } : undefined;
}

/** Results of the finished tasks among `ids`. */
export async function findFinishedResults(db: Db, ids: string[]): Promise<Map<string, TaskResult>> {
  const found = new Map<string, TaskResult>();
  const valid = ids.filter(isTaskId);
  if (valid.length === 0) return found;
  const rows = await db
    .select({ id: backgroundTasks.id, result: backgroundTasks.result })
    .from(backgroundTasks)
    .where(and(inArray(backgroundTasks.id, valid), inArray(backgroundTasks.status, ['succeeded', 'failed'])));
  for (const row of rows) if (row.result) found.set(row.id, row.result);
  return found;
}

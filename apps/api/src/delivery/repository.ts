import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { messageQueue } from '../db/schema.ts';

/** The SQL of the message queue: what a pass claims and what it gives up on. The loop is the queue core's. */

export type Row = typeof messageQueue.$inferSelect;

/**
 * Templates that carry a one-time code or link (ARCHITECTURE.md §8). Their text is kept only until
 * the message is delivered or given up on; one still waiting after an hour is useless (every code
 * and link expires within the hour) and is given up on, blanked.
 */
export const oneTimeTemplates = ['phone_code', 'email_verification_code', 'email_change_code', 'password_reset'] as const;
const oneTimeContentHours = 1;
export const blanked = { body: '', html: null, subject: null } as const;
/** Claims up to `limit` due rows, and rows whose sender's lock ran out, counting the attempt. */
export function claimDue(db: Db, passStart: string, limit: number, options: { lockSeconds: number; maxAttempts: number }): Promise<Row[]> {
  return db
    .update(messageQueue)
    .set({
      status: 'sending',
      attempts: sql`${messageQueue.attempts} + 1`,
      lockedUntil: sql`now() + ${options.lockSeconds} * interval '1 second'`,
    })
    .where(
      sql`${messageQueue.id} in (
          select id from message_queue
           where (status = 'pending' and next_attempt_at <= ${passStart}::timestamptz)
              or (status = 'sending' and locked_until < ${passStart}::timestamptz and attempts < ${options.maxAttempts})
           order by next_attempt_at
           limit ${limit}
           for update skip locked)`,
    )
    .returning();
}

/** A sender that died on its last allowed attempt: nobody will try again, so say so. Returns the rows failed. */
export function failAbandoned(db: Db, passStart: string, maxAttempts: number): Promise<Array<{ id: string; template: string | null }>> {
  return db
    .update(messageQueue)
    .set({
      status: 'failed',
      lockedUntil: null,
      lastError: sql`coalesce(${messageQueue.lastError} || '; ', '') || 'interrupted during the last attempt'`,
      body: sql`case when ${messageQueue.template} in ${sql.raw(`(${oneTimeTemplates.map((name) => `'${name}'`).join(', ')})`)} then '' else ${messageQueue.body} end`,
    })
    .where(
      and(
        eq(messageQueue.status, 'sending'),
        sql`${messageQueue.lockedUntil} < ${passStart}::timestamptz`,
        sql`${messageQueue.attempts} >= ${maxAttempts}`,
      ),
    )
    .returning({ id: messageQueue.id, template: messageQueue.template });
}

/** One-time codes and links still waiting after an hour: given up on and blanked. Returns the rows failed. */
export function expireOneTimeContent(db: Db, passStart: string): Promise<Array<{ id: string; template: string | null }>> {
  return db
    .update(messageQueue)
    .set({ ...blanked, status: 'failed', lockedUntil: null, lastError: 'one-time content expired before delivery' })
    .where(
      and(
        inArray(messageQueue.template, [...oneTimeTemplates]),
        sql`${messageQueue.status} in ('pending', 'sending')`,
        sql`${messageQueue.createdAt} < ${passStart}::timestamptz - ${oneTimeContentHours} * interval '1 hour'`,
        sql`(${messageQueue.status} = 'pending' or ${messageQueue.lockedUntil} < ${passStart}::timestamptz)`,
      ),
    )
    .returning({ id: messageQueue.id, template: messageQueue.template });
}

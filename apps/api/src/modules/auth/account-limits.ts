import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rateLimitHits } from '../../db/schema.ts';
import { AppError } from '../../plugins/errors.ts';

/**
 * Per-account limits (ARCHITECTURE.md §4): counters in rate_limit_hits so that every API process
 * shares them. They are security rules, not configuration. Keys start with `account|`, apart from
 * the per-route IP counters of plugins/rate-limit.ts.
 */
export const accountLimits = {
  /** Failed sign-ins per e-mail; a success clears the counter. */
  login: { max: 10, windowMs: 15 * 60_000 },
  /** Reset e-mails per address, known or not (so the answer never tells which). */
  forgotPassword: { max: 3, windowMs: 60 * 60_000 },
  /**
   * Code texts per destination number, whichever account asks: sign-ups in bulk must not turn the
   * portal into an SMS cannon aimed at one phone.
   */
  smsPerNumber: { max: 5, windowMs: 60 * 60_000 },
} as const;

type Limit = { max: number; windowMs: number };

/** Phone numbers are keyed by a hash: the counters table holds no readable number. */
const keyOf = (name: string, subject: string) =>
  name === 'sms_number' ? `account|${name}|${createHash('sha256').update(subject).digest('hex')}` : `account|${name}|${subject}`;

function tooMany(resetAt: Date, now: Date, messageKey?: 'sms_number_limit'): AppError {
  const seconds = Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000));
  return new AppError(429, 'too_many_requests', {
    ...(messageKey ? { messageKey, params: { minutes: Math.ceil(seconds / 60) } } : {}),
    extra: { retry_after_seconds: seconds, ...(messageKey ? { resend_in_seconds: seconds } : {}) },
  });
}

/** Counts one hit (a window that has ended restarts at 1) and throws 429 past the limit. */
export async function countHit(
  db: Db,
  name: string,
  subject: string,
  limit: Limit,
  now = new Date(),
  messageKey?: 'sms_number_limit',
): Promise<void> {
  const resetAt = new Date(now.getTime() + limit.windowMs);
  const [row] = await db
    .insert(rateLimitHits)
    .values({ key: keyOf(name, subject), count: 1, resetAt })
    .onConflictDoUpdate({
      target: rateLimitHits.key,
      set: {
        count: sql`case when ${rateLimitHits.resetAt} <= ${now.toISOString()}::timestamptz then 1 else ${rateLimitHits.count} + 1 end`,
        resetAt: sql`case when ${rateLimitHits.resetAt} <= ${now.toISOString()}::timestamptz then ${resetAt.toISOString()}::timestamptz else ${rateLimitHits.resetAt} end`,
      },
    })
    .returning();
  if (row && row.count > limit.max) throw tooMany(row.resetAt, now, messageKey);
}

/**
 * Throws the 429 of countHit when the subject's window is already used up, without counting; it
 * takes the arguments of the countHit call it goes before. Only a courtesy check before work that
 * countHit then counts atomically: never the limit itself.
 */
export async function assertUnderLimit(
  ...[db, name, subject, limit, now = new Date(), messageKey]: Parameters<typeof countHit>
): Promise<void> {
  const [row] = await db
    .select()
    .from(rateLimitHits)
    .where(eq(rateLimitHits.key, keyOf(name, subject)))
    .limit(1);
  if (row && row.resetAt > now && row.count >= limit.max) throw tooMany(row.resetAt, now, messageKey);
}

export async function clearHits(db: Db, name: string, subject: string): Promise<void> {
  await db.delete(rateLimitHits).where(eq(rateLimitHits.key, keyOf(name, subject)));
}

import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { phoneCodeLength } from '@worq/domain/validation';
import type { Db } from '../../db/client.ts';
import { customers, verificationCodes, type VerificationPurpose } from '../../db/schema.ts';
import { AppError } from '../../plugins/errors.ts';
import { accountLimits, countHit } from './account-limits.ts';

/*
 * Six-digit codes for the phone, e-mail verification and e-mail change (ARCHITECTURE.md §4). Only
 * the newest code of a purpose counts; it is stored as an HMAC under the server secret, so a
 * database dump does not hand out codes. Times come from the JS clock so tests can move it.
 */

export const codePolicies: Record<VerificationPurpose, { lifetimeSeconds: number }> = {
  phone: { lifetimeSeconds: 3 * 60 },
  email_verify: { lifetimeSeconds: 10 * 60 },
  email_change: { lifetimeSeconds: 10 * 60 },
};
export const resendSpacingSeconds = 60;
export const maxCodesPerHour = 5;
export const maxWrongAttempts = 5;

const hourMs = 60 * 60_000;

function hashCode(secret: string, codeId: string, code: string): string {
  return createHmac('sha256', secret).update(`${codeId}:${code}`).digest('hex');
}

function resendRefused(seconds: number): AppError {
  return new AppError(429, 'too_many_requests', {
    messageKey: 'resend_too_soon',
    params: { seconds },
    extra: { resend_in_seconds: seconds },
  });
}

export interface IssuedCode {
  code: string;
  expiresInSeconds: number;
  /** How long until the next code may be requested. */
  resendInSeconds: number;
}

/**
 * Creates a new code, refusing with 429 (and resend_in_seconds) when the last one is younger than
 * 60 s or five were sent within the hour. The customer row is locked so two parallel requests
 * cannot both pass the check.
 */
export async function issueCode(
  db: Db,
  secret: string,
  customerId: string,
  purpose: VerificationPurpose,
  target: string,
  now = new Date(),
): Promise<IssuedCode> {
  const { lifetimeSeconds } = codePolicies[purpose];
  return db.transaction(async (tx) => {
    await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).for('update');
    const recent = await tx
      .select({ createdAt: verificationCodes.createdAt, target: verificationCodes.target })
      .from(verificationCodes)
      .where(
        and(
          eq(verificationCodes.customerId, customerId),
          eq(verificationCodes.purpose, purpose),
          gt(verificationCodes.createdAt, new Date(now.getTime() - hourMs)),
        ),
      )
      .orderBy(desc(verificationCodes.createdAt));
    const newest = recent[0];
    // The spacing protects one phone from repeated texts; a number the customer has just changed
    // to gets its code at once (the hourly cap still applies). E-mail codes stay spaced whatever
    // the address, so the form cannot be used to mail strangers in quick succession.
    if (newest && (purpose !== 'phone' || newest.target === target)) {
      const wait = Math.ceil((newest.createdAt.getTime() + resendSpacingSeconds * 1000 - now.getTime()) / 1000);
      if (wait > 0) throw resendRefused(wait);
    }
    const oldestInWindow = recent[maxCodesPerHour - 1];
    if (oldestInWindow) {
      throw resendRefused(Math.max(1, Math.ceil((oldestInWindow.createdAt.getTime() + hourMs - now.getTime()) / 1000)));
    }

    // Per destination number, across accounts, counted atomically (ARCHITECTURE.md §8).
    if (purpose === 'phone') await countHit(tx as unknown as Db, 'sms_number', target, accountLimits.smsPerNumber, now, 'sms_number_limit');

    const id = randomUUID();
    const code = String(randomInt(0, 10 ** phoneCodeLength)).padStart(phoneCodeLength, '0');
    await tx.insert(verificationCodes).values({
      id,
      customerId,
      purpose,
      codeHash: hashCode(secret, id, code),
      target,
      expiresAt: new Date(now.getTime() + lifetimeSeconds * 1000),
      createdAt: now,
    });
    return { code, expiresInSeconds: lifetimeSeconds, resendInSeconds: resendSpacingSeconds };
  });
}

/** Seconds until a new code of this purpose may be requested (0 when one may be sent now). */
export async function secondsUntilResend(db: Db, customerId: string, purpose: VerificationPurpose, now = new Date()): Promise<number> {
  const [newest] = await db
    .select({ createdAt: verificationCodes.createdAt })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.customerId, customerId), eq(verificationCodes.purpose, purpose)))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  if (!newest) return 0;
  return Math.max(0, Math.ceil((newest.createdAt.getTime() + resendSpacingSeconds * 1000 - now.getTime()) / 1000));
}

const invalidCode = () => new AppError(400, 'invalid_code', { fields: { code: { key: 'invalid_code' } } });
const attemptsExceeded = () => new AppError(429, 'too_many_requests', { messageKey: 'code_attempts_exceeded' });

/**
 * Checks a code against the newest one of its purpose and consumes it. Every try counts before the
 * comparison (atomically), so parallel guesses cannot exceed five. Answers 400 invalid_code,
 * 410 code_expired, or 429 once five tries are spent. Returns the address the code was sent to.
 */
export async function consumeCode(
  db: Db,
  secret: string,
  customerId: string,
  purpose: VerificationPurpose,
  code: string,
  now = new Date(),
): Promise<{ target: string }> {
  const [latest] = await db
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.customerId, customerId), eq(verificationCodes.purpose, purpose)))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  if (!latest || latest.consumedAt) throw invalidCode();
  if (latest.expiresAt <= now) throw new AppError(410, 'code_expired');
  if (latest.attempts >= maxWrongAttempts) throw attemptsExceeded();

  const [counted] = await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(and(eq(verificationCodes.id, latest.id), lt(verificationCodes.attempts, maxWrongAttempts), isNull(verificationCodes.consumedAt)))
    .returning({ attempts: verificationCodes.attempts });
  if (!counted) throw attemptsExceeded();

  const expected = Buffer.from(latest.codeHash, 'hex');
  const actual = Buffer.from(hashCode(secret, latest.id, code), 'hex');
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) {
    throw counted.attempts >= maxWrongAttempts ? attemptsExceeded() : invalidCode();
  }

  const [consumed] = await db
    .update(verificationCodes)
    .set({ consumedAt: now })
    .where(and(eq(verificationCodes.id, latest.id), isNull(verificationCodes.consumedAt)))
    .returning({ target: verificationCodes.target });
  if (!consumed) throw invalidCode();
  return consumed;
}

/** An expert's decision on an application under review, and who the acting expert is. */
import type { FastifyBaseLogger } from 'fastify';
import type { MessageKey, MessageParams } from '@worq/domain/messages';
import { rejectReasonLength, type AdminApplicationView, type DecisionBody } from '@worq/domain/wire/admin';
import type { Db } from '../../db/client.ts';
import type { Delivery } from '../../plugins/delivery.ts';
import { AppError } from '../../plugins/errors.ts';
import { notifyApplicationDecision } from '../notifications/public.ts';
import { decideApplication, findApplication, findPerson, type PersonRef } from './repository.ts';
import { applicationNotFound } from './review.ts';
import { toApplicationView } from './views.ts';

/** The acting expert as stored now: a token outlives a demotion by up to 15 minutes. */
export async function currentExpert(db: Db, expertId: string): Promise<PersonRef> {
  const person = await findPerson(db, expertId);
  if (!person || person.role !== 'expert') throw new AppError(403, 'forbidden');
  return person;
}

function checkedRejectReason(body: DecisionBody): string | null {
  if (body.decision === 'approved') return null;
  const reason = (body.reject_reason ?? '').trim();
  const problem: { key: MessageKey; params?: MessageParams } | null =
    reason === ''
      ? { key: 'required' as const }
      : reason.length < rejectReasonLength.min
        ? { key: 'min_length' as const, params: { min: rejectReasonLength.min } }
        : reason.length > rejectReasonLength.max
          ? { key: 'max_length' as const, params: { max: rejectReasonLength.max } }
          : null;
  if (problem) throw new AppError(400, 'validation_failed', { fields: { reject_reason: problem } });
  return reason;
}

export interface DecisionContext {
  db: Db;
  delivery: Delivery;
  log: FastifyBaseLogger;
  /** After an approval commits: starts the watch on the funded seller (funding module). */
  onApproved?: ((applicationId: string, now: Date) => Promise<unknown>) | undefined;
}

/**
 * Approves or rejects an application under review, once. The seller is told after the commit; a
 * delivery problem is logged and never undoes or fails the decision.
 */
export async function decide(
  ctx: DecisionContext,
  applicationId: string,
  expertId: string,
  body: DecisionBody,
  now = new Date(),
): Promise<AdminApplicationView> {
  const rejectReason = checkedRejectReason(body);
  const expert = await currentExpert(ctx.db, expertId);
  const decided = await decideApplication(ctx.db, applicationId, {
    status: body.decision,
    rejectReason,
    expertId: expert.id,
    now,
  });
  if (!decided) {
    const existing = await findApplication(ctx.db, applicationId);
    if (!existing) throw applicationNotFound();
    if (existing.status === 'not_completed') throw new AppError(409, 'not_under_review');
    throw new AppError(409, 'already_decided', { extra: { status: existing.status } });
  }
  if (body.decision === 'approved' && ctx.onApproved) {
    // The watch job adopts any approval whose start failed here, so a failure only logs.
    await ctx
      .onApproved(applicationId, now)
      .catch((error: unknown) => ctx.log.error({ err: error, applicationId }, 'could not start the funding watch'));
  }
  try {
    await notifyApplicationDecision(ctx.delivery, ctx.db, applicationId);
  } catch (error) {
    ctx.log.error({ err: error, applicationId }, 'could not notify the seller of the decision');
  }
  return toApplicationView(ctx.db, decided);
}

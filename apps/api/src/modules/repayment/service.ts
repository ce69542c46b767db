import { and, asc, eq, sql } from 'drizzle-orm';
import { formatTry } from '@worq/domain/plan';
import { allocatePayment, fixSchedule, installmentStatuses, istanbulDay } from '@worq/domain/repayment';
import type { PaymentBody, RepaymentView } from '@worq/domain/wire/repayment';
import type { Db } from '../../db/client.ts';
import { applicationEvents, applications, plans, repaymentInstallments, repaymentPayments } from '../../db/schema.ts';
import { AppError } from '../../plugins/errors.ts';

/*
 * Repayments after approval (API.md "Repayments after approval"). The schedule is fixed in Istanbul
 * calendar days when the application is approved and stored in repayment_installments; an
 * application approved before that table existed gets its schedule on first read, from decided_at.
 */

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Queryable = Db | Tx;

export type InstallmentRow = typeof repaymentInstallments.$inferSelect;
type ApplicationRow = typeof applications.$inferSelect;

const notFound = () => new AppError(404, 'application_not_found', { messageKey: 'repayments_not_found' });

function installmentsOf(db: Queryable, applicationId: string): Promise<InstallmentRow[]> {
  return db
    .select()
    .from(repaymentInstallments)
    .where(eq(repaymentInstallments.applicationId, applicationId))
    .orderBy(asc(repaymentInstallments.number));
}

/**
 * Writes the schedule of an approved application once, from its plan and its approval moment.
 * Safe to call concurrently: the unique (application, number) index keeps the first writer's rows.
 */
export async function fixScheduleOf(db: Queryable, application: Pick<ApplicationRow, 'id' | 'decidedAt'>): Promise<void> {
  const [plan] = await db.select().from(plans).where(eq(plans.applicationId, application.id));
  if (!plan || !application.decidedAt) return;
  const rows = fixSchedule(
    application.decidedAt,
    plan.paymentStartWeek,
    plan.schedule.map((entry) => entry.amount),
  );
  if (rows.length === 0) return;
  await db
    .insert(repaymentInstallments)
    .values(rows.map((row) => ({ applicationId: application.id, number: row.number, dueDate: row.dueDate, amount: row.amount })))
    .onConflictDoNothing();
}

/** The stored schedule, written first when an application approved earlier has none yet. */
async function scheduleOf(db: Queryable, application: ApplicationRow): Promise<InstallmentRow[]> {
  const stored = await installmentsOf(db, application.id);
  if (stored.length > 0) return stored;
  await fixScheduleOf(db, application);
  return installmentsOf(db, application.id);
}

export function toRepaymentView(application: ApplicationRow, installments: InstallmentRow[], now: Date): RepaymentView {
  const statuses = installmentStatuses(installments, istanbulDay(now));
  const total = installments.reduce((sum, row) => sum + row.amount, 0);
  const paid = installments.reduce((sum, row) => sum + Math.min(row.paidAmount, row.amount), 0);
  return {
    approved_at: (application.decidedAt ?? application.updatedAt).toISOString(),
    total_payment_amount: total,
    paid_amount: paid,
    remaining_amount: total - paid,
    installments: installments.map((row, index) => ({
      number: row.number,
      due_date: row.dueDate,
      amount: row.amount,
      paid_amount: row.paidAmount,
      status: statuses[index]!,
    })),
  };
}

/** GET /application/{id}/repayments: the owner's approved application only; 404 otherwise. */
export async function repaymentsOfCustomer(db: Db, customerId: string, applicationId: string, now = new Date()): Promise<RepaymentView> {
  const [application] = await db
    .select()
    .from(applications)
    .where(and(eq(applications.id, applicationId), eq(applications.customerId, customerId)));
  if (!application || application.status !== 'approved') throw notFound();
  const installments = await scheduleOf(db, application);
  if (installments.length === 0) throw notFound();
  return toRepaymentView(application, installments, now);
}

/** The repayment object for the back-office (any approved application). */
export async function repaymentsForExpert(db: Db, applicationId: string, now = new Date()): Promise<RepaymentView> {
  const [application] = await db.select().from(applications).where(eq(applications.id, applicationId));
  if (!application || application.status !== 'approved') throw notFound();
  const installments = await scheduleOf(db, application);
  if (installments.length === 0) throw notFound();
  return toRepaymentView(application, installments, now);
}

export interface RecordedPayment {
  view: RepaymentView;
  paymentId: string;
  amount: number;
  paidAt: string;
  /** True when the idempotency key had already recorded this payment: nothing new was written. */
  replayed: boolean;
}

/**
 * Records a collection: the application row is locked for the transaction, so two experts
 * recording at once are serialised and the second sees what the first allocated. The amount goes
 * to the oldest unpaid installments; beyond what is left it is refused (409) and nothing changes.
 * The day must lie between the approval day and today (Istanbul). A repeat of a submission with the
 * same idempotency key answers as the first and records nothing (409 idempotency_key_reused when
 * the key comes back with other details).
 */
export async function recordPayment(
  db: Db,
  applicationId: string,
  expertId: string,
  body: Omit<PaymentBody, 'idempotency_key'>,
  now = new Date(),
  idempotencyKey: string | null = null,
): Promise<RecordedPayment> {
  if (body.paid_at > istanbulDay(now)) {
    throw new AppError(400, 'validation_failed', { fields: { paid_at: { key: 'payment_date_in_future' } } });
  }
  const note = body.note ? body.note : null;
  return db.transaction(async (tx) => {
    const [application] = await tx.select().from(applications).where(eq(applications.id, applicationId)).for('update');
    if (!application || application.status === 'not_completed') {
      throw new AppError(404, 'application_not_found', { messageKey: 'review_application_not_found' });
    }
    if (application.status !== 'approved') throw new AppError(409, 'not_approved');
    if (idempotencyKey) {
      // The lock above makes a second submission of the same key wait here for the first one's row.
      const [previous] = await tx
        .select()
        .from(repaymentPayments)
        .where(and(eq(repaymentPayments.applicationId, applicationId), eq(repaymentPayments.idempotencyKey, idempotencyKey)));
      if (previous) {
        if (previous.amount !== body.amount || previous.paidAt !== body.paid_at || previous.note !== note) {
          throw new AppError(409, 'idempotency_key_reused');
        }
        const view = toRepaymentView(application, await installmentsOf(tx, applicationId), now);
        return { view, paymentId: previous.id, amount: previous.amount, paidAt: previous.paidAt, replayed: true };
      }
    }
    const approvedOn = istanbulDay(application.decidedAt ?? application.updatedAt);
    if (body.paid_at < approvedOn) {
      throw new AppError(400, 'validation_failed', {
        fields: { paid_at: { key: 'payment_date_before_approval', params: { approved_on: approvedOn } } },
      });
    }
    const installments = await scheduleOf(tx, application);
    const remaining = installments.reduce((sum, row) => sum + Math.max(0, row.amount - row.paidAmount), 0);
    if (body.amount > remaining) {
      throw new AppError(409, 'payment_exceeds_remaining', {
        params: { remaining: formatTry(remaining) },
        extra: { remaining_amount: remaining },
      });
    }
    const allocations = allocatePayment(installments, body.amount);
    for (const allocation of allocations) {
      await tx
        .update(repaymentInstallments)
        .set({ paidAmount: sql`${repaymentInstallments.paidAmount} + ${allocation.amount}`, updatedAt: now })
        .where(and(eq(repaymentInstallments.applicationId, applicationId), eq(repaymentInstallments.number, allocation.number)));
    }
    const [payment] = await tx
      .insert(repaymentPayments)
      .values({
        applicationId,
        amount: body.amount,
        paidAt: body.paid_at,
        note,
        allocations,
        recordedBy: expertId,
        idempotencyKey,
        createdAt: now,
      })
      .returning({ id: repaymentPayments.id });
    await tx.insert(applicationEvents).values({
      applicationId,
      actorId: expertId,
      actorRole: 'expert',
      action: 'payment_recorded',
      detail: {
        payment_id: payment!.id,
        amount: body.amount,
        paid_at: body.paid_at,
        note,
        allocations,
        remaining_amount: remaining - body.amount,
      },
      createdAt: now,
    });
    const view = toRepaymentView(application, await installmentsOf(tx, applicationId), now);
    return { view, paymentId: payment!.id, amount: body.amount, paidAt: body.paid_at, replayed: false };
  });
}

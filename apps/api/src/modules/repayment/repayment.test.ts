import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { istanbulDay } from '@worq/domain/repayment';
import { applicationEvents, applications, messageQueue, plans, repaymentInstallments, repaymentPayments } from '../../db/schema.ts';
import { decodeClaims, get, post, registerVerifiedCustomer, type RegisteredCustomer } from '../../test/accounts-helpers.ts';
import { decide } from '../admin/decision.ts';
import { createReviewTestApp, sentTo, signInExpert, submitApplication } from '../admin/test-kit.ts';
import { sendDueReminders } from '../notifications/repayment-notices.ts';
import { expectErrorCode, sharedTestApp } from '../../test/helpers.ts';

const ctx = sharedTestApp(() => createReviewTestApp());
let expertToken: string;
let expertId: string;

beforeAll(async () => {
  expertToken = (await signInExpert(ctx)).jwt_token;
  expertId = String(decodeClaims(expertToken).customer_id);
});

interface Repayments {
  approved_at: string;
  total_payment_amount: number;
  paid_amount: number;
  remaining_amount: number;
  installments: { number: number; due_date: string; amount: number; paid_amount: number; status: string }[];
}

/** A submitted application (6 weekly installments, payments from week 2) approved at `at` through the decision service. */
async function approvedApplication(seller: RegisteredCustomer, at: Date): Promise<string> {
  const { applicationId } = await submitApplication(ctx, seller);
  await decide(
    { db: ctx.database.db, delivery: ctx.app.delivery, log: ctx.app.log },
    applicationId,
    expertId,
    { decision: 'approved' },
    at,
  );
  return applicationId;
}

const pay = (applicationId: string, body: unknown, token = expertToken, headers: Record<string, string> = {}) =>
  post(ctx, `/admin/applications/${applicationId}/payments`, body, token, headers);
/** Today in Istanbul, the calendar payments are dated in. */
const today = () => istanbulDay(new Date());

describe('the repayment schedule', () => {
  it('is fixed on the Istanbul day of an approval just after midnight, weeks counted from that day', async () => {
    const seller = await registerVerifiedCustomer(ctx);
    // 00:30 in Istanbul on Monday 2 March 2026 is still Sunday 1 March in UTC.
    const applicationId = await approvedApplication(seller, new Date('2026-03-01T21:30:00Z'));
    const response = await get(ctx, `/application/${applicationId}/repayments`, seller.jwt_token);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<Repayments>();
    // Start week 2: week 2 of a period starting Monday 2 March ends on Sunday 15 March.
    expect(body.installments.map((installment) => installment.due_date)).toEqual([
      '2026-03-15',
      '2026-03-22',
      '2026-03-29',
      '2026-04-05',
      '2026-04-12',
      '2026-04-19',
    ]);
    const [plan] = await ctx.database.db.select().from(plans).where(eq(plans.applicationId, applicationId));
    expect(body.total_payment_amount).toBe(plan!.totalPaymentAmount);
    expect(body.installments.map((installment) => installment.amount)).toEqual(plan!.schedule.map((entry) => entry.amount));
    expect(body).toMatchObject({ approved_at: '2026-03-01T21:30:00.000Z', paid_amount: 0, remaining_amount: plan!.totalPaymentAmount });
    // All six dates are behind us, none paid.
    expect(new Set(body.installments.map((installment) => installment.status))).toEqual(new Set(['late']));
  });

  it('keeps the stored schedule when the plan changes after approval', async () => {
    const seller = await registerVerifiedCustomer(ctx);
    const applicationId = await approvedApplication(seller, new Date());
    const before = (await get(ctx, `/application/${applicationId}/repayments`, seller.jwt_token)).json<Repayments>();
    await ctx.database.db
      .update(plans)
      .set({ paymentStartWeek: 3, schedule: [{ week: 3, amount: 1 }] })
      .where(eq(plans.applicationId, applicationId));
    const after = (await get(ctx, `/application/${applicationId}/repayments`, seller.jwt_token)).json<Repayments>();
    expect(after.installments).toEqual(before.installments);
    expect(after.installments[0]!.status).toBe('due');
    expect(after.installments.slice(1).every((installment) => installment.status === 'upcoming')).toBe(true);
  });

  it('is computed on first read for an application approved before schedules were stored', async () => {
    const seller = await registerVerifiedCustomer(ctx);
    const { applicationId } = await submitApplication(ctx, seller, { status: 'approved' });
    await ctx.database.db
      .update(applications)
      .set({ decidedAt: new Date('2026-01-05T08:00:00Z') })
      .where(eq(applications.id, applicationId));
    const response = await get(ctx, `/application/${applicationId}/repayments`, seller.jwt_token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Repayments>().installments[0]!.due_date).toBe('2026-01-18');
  });

  it('answers 404 until approved and for anybody else, and 403 to an expert', async () => {
    const seller = await registerVerifiedCustomer(ctx);
    const other = await registerVerifiedCustomer(ctx);
    const { applicationId: underReview } = await submitApplication(ctx, seller);
    expect((await get(ctx, `/application/${underReview}/repayments`, seller.jwt_token)).statusCode).toBe(404);
    const approved = await approvedApplication(seller, new Date());
    const foreign = await get(ctx, `/application/${approved}/repayments`, other.jwt_token);
    expectErrorCode(foreign, 404, 'application_not_found');
    expect((await get(ctx, `/application/${approved}/repayments`, expertToken)).statusCode).toBe(403);
    expect((await get(ctx, `/application/${approved}/repayments`)).statusCode).toBe(401);
  });
});

describe('recording a payment', () => {
  let seller: RegisteredCustomer;
  let applicationId: string;
  let schedule: Repayments;

  beforeAll(async () => {
    seller = await registerVerifiedCustomer(ctx, {}, { 'accept-language': 'en' });
    applicationId = await approvedApplication(seller, new Date());
    schedule = (await get(ctx, `/application/${applicationId}/repayments`, seller.jwt_token)).json<Repayments>();
  });

  it('fills the oldest unpaid installments first, spilling into the next, and writes the audit trail', async () => {
    const [first, second] = schedule.installments;
    const amount = first!.amount + 1_000_00;
    const response = await pay(applicationId, { amount, paid_at: today(), note: 'Havale' });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<Repayments>();
    expect(body.installments[0]).toMatchObject({ paid_amount: first!.amount, status: 'paid' });
    expect(body.installments[1]).toMatchObject({ paid_amount: 1_000_00, status: 'due', amount: second!.amount });
    expect(body.paid_amount).toBe(amount);
    expect(body.remaining_amount).toBe(schedule.total_payment_amount - amount);

    const events = await ctx.database.db
      .select()
      .from(applicationEvents)
      .where(and(eq(applicationEvents.applicationId, applicationId), eq(applicationEvents.action, 'payment_recorded')));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ actorId: expertId, actorRole: 'expert' });
    expect(events[0]!.detail).toMatchObject({
      amount,
      note: 'Havale',
      allocations: [
        { number: 1, amount: first!.amount },
        { number: 2, amount: 1_000_00 },
      ],
    });

    const seen = (await get(ctx, `/application/${applicationId}/repayments`, seller.jwt_token)).json<Repayments>();
    expect(seen.paid_amount).toBe(amount);
  });

  it('tells the seller by e-mail and SMS in their language', async () => {
    const [email] = await sentTo(ctx, seller.email, 'email');
    expect(email!.subject).toBe('Your payment has been recorded');
    // Amounts the Turkish way in English too, as the web writes them.
    expect(email!.body).toMatch(/Left to pay: ₺\d{1,3}(\.\d{3})*,\d{2}\./);
    const [sms] = await sentTo(ctx, seller.phone, 'sms');
    expect(sms!.body).toContain('your WorqTrade payment of ₺');
  });

  it('refuses more than what is left with 409 and records nothing', async () => {
    const current = (await get(ctx, `/application/${applicationId}/repayments`, seller.jwt_token)).json<Repayments>();
    const response = await pay(applicationId, { amount: current.remaining_amount + 1, paid_at: today() });
    expect(response.statusCode).toBe(409);
    expect(response.json().errors).toMatchObject({ code: 'payment_exceeds_remaining', remaining_amount: current.remaining_amount });
    const after = (await get(ctx, `/application/${applicationId}/repayments`, seller.jwt_token)).json<Repayments>();
    expect(after.paid_amount).toBe(current.paid_amount);
  });

  it('lets two simultaneous payments that together exceed the remainder through only once', async () => {
    const current = (await get(ctx, `/application/${applicationId}/repayments`, seller.jwt_token)).json<Repayments>();
    const half = Math.ceil(current.remaining_amount / 2) + 1;
    const answers = await Promise.all([
      pay(applicationId, { amount: half, paid_at: today() }),
      pay(applicationId, { amount: half, paid_at: today() }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const rows = await ctx.database.db.select().from(repaymentInstallments).where(eq(repaymentInstallments.applicationId, applicationId));
    expect(rows.reduce((sum, row) => sum + row.paidAmount, 0)).toBe(current.paid_amount + half);
  });

  it('checks the body, the date and the application', async () => {
    expect((await pay(applicationId, { amount: 0, paid_at: today() })).statusCode).toBe(400);
    expect((await pay(applicationId, { amount: 100, paid_at: '2026-13-45x' })).statusCode).toBe(400);
    const future = await pay(applicationId, { amount: 100, paid_at: '2999-01-01' });
    expect(future.statusCode).toBe(400);
    expect(future.json().errors.fields.paid_at).toBeTruthy();
    const other = await registerVerifiedCustomer(ctx);
    const { applicationId: underReview } = await submitApplication(ctx, other);
    expect((await pay(underReview, { amount: 100, paid_at: today() })).json().errors.code).toBe('not_approved');
    expect((await pay(applicationId, { amount: 100, paid_at: today() }, seller.jwt_token)).statusCode).toBe(403);
  });
});

describe('the payment date', () => {
  it('must be a real calendar day, not before the approval day and not after today', async () => {
    const seller = await registerVerifiedCustomer(ctx);
    // Approved at 00:30 on 2 March 2026 in Istanbul (still 1 March in UTC).
    const applicationId = await approvedApplication(seller, new Date('2026-03-01T21:30:00Z'));
    for (const day of ['2026-02-30', '2026-04-31', '2026-03-00']) {
      const response = await pay(applicationId, { amount: 100, paid_at: day });
      expect(response.statusCode, day).toBe(400);
      expect(response.json().errors).toMatchObject({ code: 'validation_failed', fields: { paid_at: expect.any(String) } });
    }
    const early = await pay(applicationId, { amount: 100, paid_at: '2026-03-01' }, expertToken, { 'accept-language': 'en' });
    expect(early.statusCode).toBe(400);
    expect(early.json().errors.fields).toEqual({
      paid_at: 'The payment date cannot be before the day the application was approved (2026-03-02).',
    });
    expect((await pay(applicationId, { amount: 100, paid_at: '2026-03-02' })).statusCode).toBe(200);
    const rows = await ctx.database.db.select().from(repaymentPayments).where(eq(repaymentPayments.applicationId, applicationId));
    expect(rows.map((row) => row.paidAt)).toEqual(['2026-03-02']);
  });
});

describe('a payment submitted twice', () => {
  let seller: RegisteredCustomer;

  beforeAll(async () => {
    seller = await registerVerifiedCustomer(ctx);
  });

  const paymentsOf = (applicationId: string) =>
    ctx.database.db.select().from(repaymentPayments).where(eq(repaymentPayments.applicationId, applicationId));
  const recordedEvents = (applicationId: string) =>
    ctx.database.db
      .select()
      .from(applicationEvents)
      .where(and(eq(applicationEvents.applicationId, applicationId), eq(applicationEvents.action, 'payment_recorded')));

  it('is recorded once when both carry the same Idempotency-Key, and both get the same answer', async () => {
    const applicationId = await approvedApplication(seller, new Date());
    const body = { amount: 12_345, paid_at: today(), note: 'Havale' };
    const key = { 'idempotency-key': 'b3f0c1d2-0000-4000-8000-000000000001' };
    const first = await pay(applicationId, body, expertToken, key);
    expect(first.statusCode, first.body).toBe(200);
    const second = await pay(applicationId, body, expertToken, key);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await paymentsOf(applicationId)).toHaveLength(1);
    expect(await recordedEvents(applicationId)).toHaveLength(1);
    // The seller is told once.
    const told = await ctx.database.db
      .select()
      .from(messageQueue)
      .where(and(eq(messageQueue.template, 'repayment_received'), eq(messageQueue.to, seller.email)));
    expect(told).toHaveLength(1);

    // Another key is another payment.
    const third = await pay(applicationId, body, expertToken, { 'idempotency-key': 'b3f0c1d2-0000-4000-8000-000000000002' });
    expect(third.statusCode).toBe(200);
    expect(third.json().paid_amount).toBe(2 * body.amount);
    expect(await paymentsOf(applicationId)).toHaveLength(2);
  });

  it('is recorded once when the two arrive at the same moment, the key in the body', async () => {
    const applicationId = await approvedApplication(seller, new Date());
    const body = { amount: 5_000, paid_at: today(), idempotency_key: 'double-click-0001' };
    const answers = await Promise.all([pay(applicationId, body), pay(applicationId, body)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(answers[1]!.json()).toEqual(answers[0]!.json());
    expect(answers[0]!.json().paid_amount).toBe(5_000);
    expect(await paymentsOf(applicationId)).toHaveLength(1);
  });

  it('refuses the same key with other details, and a body key that contradicts the header', async () => {
    const applicationId = await approvedApplication(seller, new Date());
    const key = { 'idempotency-key': 'reused-key-0001' };
    expect((await pay(applicationId, { amount: 1_000, paid_at: today() }, expertToken, key)).statusCode).toBe(200);
    const other = await pay(applicationId, { amount: 2_000, paid_at: today() }, expertToken, { ...key, 'accept-language': 'en' });
    expectErrorCode(other, 409, 'idempotency_key_reused');
    const contradicting = await pay(
      applicationId,
      { amount: 1_000, paid_at: today(), idempotency_key: 'another-key-0001' },
      expertToken,
      key,
    );
    expect(contradicting.statusCode).toBe(400);
    expect(contradicting.json().errors.fields.idempotency_key).toBeTruthy();
    expect((await pay(applicationId, { amount: 1_000, paid_at: today() }, expertToken, { 'idempotency-key': 'short' })).statusCode).toBe(
      400,
    );
    expect(await paymentsOf(applicationId)).toHaveLength(1);
  });

  it('is documented in the OpenAPI document', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const operation = doc.paths['/admin/applications/{id}/payments'].post;
    expect(operation.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ in: 'header', name: 'idempotency-key' })]));
    const schema = operation.requestBody.content['application/json'].schema;
    expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining(['idempotency_key']));
    expect(operation.description).toContain('Idempotency-Key');
  });
});

describe('reminders two days before a due date', () => {
  it('queues one e-mail and one SMS per installment even with two runners at once', async () => {
    const seller = await registerVerifiedCustomer(ctx);
    const approvedAt = new Date('2030-05-06T09:00:00Z');
    const applicationId = await approvedApplication(seller, approvedAt);
    const [first] = await ctx.database.db
      .select()
      .from(repaymentInstallments)
      .where(and(eq(repaymentInstallments.applicationId, applicationId), eq(repaymentInstallments.number, 1)));
    expect(first!.dueDate).toBe('2030-05-19');

    // Three days before: nothing yet.
    expect(await sendDueReminders(ctx.database.db, new Date('2030-05-16T09:00:00Z'))).toBe(0);
    const twoDaysBefore = new Date('2030-05-17T09:00:00Z');
    const runs = await Promise.all([sendDueReminders(ctx.database.db, twoDaysBefore), sendDueReminders(ctx.database.db, twoDaysBefore)]);
    expect(runs.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(await sendDueReminders(ctx.database.db, new Date('2030-05-18T09:00:00Z'))).toBe(0);

    const queued = await ctx.database.db.select().from(messageQueue).where(eq(messageQueue.template, 'repayment_reminder'));
    const ours = queued.filter((row) => row.to === seller.email || row.to === seller.phone);
    expect(ours.map((row) => row.channel).sort()).toEqual(['email', 'sms']);

    await ctx.app.delivery.runDue();
    const [sms] = await sentTo(ctx, seller.phone, 'sms');
    expect(sms!.body).toContain('19.05.2030');
  });

  it('skips a paid installment', async () => {
    const seller = await registerVerifiedCustomer(ctx);
    const applicationId = await approvedApplication(seller, new Date('2031-05-05T09:00:00Z'));
    await ctx.database.db
      .update(repaymentInstallments)
      .set({ paidAmount: 999_999_999_99 })
      .where(and(eq(repaymentInstallments.applicationId, applicationId), eq(repaymentInstallments.number, 1)));
    expect(await sendDueReminders(ctx.database.db, new Date('2031-05-16T09:00:00Z'))).toBe(0);
  });
});

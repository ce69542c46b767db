import { and, eq, gte, lte, sql } from 'drizzle-orm';
import type { Language } from '@worq/domain/language';
import { formatTry } from '@worq/domain/plan';
import { addDays, istanbulDay } from '@worq/domain/repayment';
import type { Db } from '../../db/client.ts';
import { applications, customers, repaymentInstallments, repaymentReminders } from '../../db/schema.ts';
import { enqueueMessage } from '../../delivery/queue.ts';
import { renderEmail, renderSms } from '../../delivery/templates/catalogue.ts';
import type { Delivery, OutgoingMessage } from '../../plugins/delivery.ts';
import { fixScheduleOf } from '../repayment/public.ts';

/*
 * What a seller hears about their repayments, by e-mail and SMS in their language: a recorded
 * payment, and a reminder two days before each due date. Amounts are written the Turkish way in both
 * languages, as the web writes them (₺1.234,56); dates the way the reader's language writes them
 * (22.03.2026 in Turkish, 22/03/2026 in English).
 */

/** `YYYY-MM-DD` as dd.MM.yyyy (Turkish) or dd/MM/yyyy (English). */
export function formatDay(day: string, language: Language): string {
  const [year, month, date] = day.split('-');
  return language === 'en' ? `${date}/${month}/${year}` : `${date}.${month}.${year}`;
}

interface Seller {
  email: string;
  phone: string | null;
  firstName: string;
  language: Language;
}

async function sellerOf(db: Db, applicationId: string): Promise<Seller | undefined> {
  const [row] = await db
    .select({ email: customers.email, phone: customers.phoneNumber, firstName: customers.firstName, language: customers.preferredLanguage })
    .from(applications)
    .innerJoin(customers, eq(customers.id, applications.customerId))
    .where(eq(applications.id, applicationId));
  return row;
}

function paymentMessages(seller: Seller, payment: { amount: number; paidAt: string; remaining: number }): OutgoingMessage[] {
  const { language } = seller;
  const params = {
    firstName: seller.firstName,
    amount: formatTry(payment.amount),
    paidAt: formatDay(payment.paidAt, language),
    remaining: formatTry(payment.remaining),
  };
  const email = renderEmail('repayment_received', language, params);
  const messages: OutgoingMessage[] = [
    {
      channel: 'email',
      to: seller.email,
      subject: email.subject,
      body: email.text,
      html: email.html,
      template: 'repayment_received',
      language,
    },
  ];
  if (seller.phone)
    messages.push({
      channel: 'sms',
      to: seller.phone,
      body: renderSms('repayment_received', language, params),
      template: 'repayment_received',
      language,
    });
  return messages;
}

/** After a payment is recorded (and committed): tells the seller what arrived and what is left. */
export async function notifyPaymentRecorded(
  delivery: Delivery,
  db: Db,
  applicationId: string,
  payment: { amount: number; paidAt: string; remaining: number },
): Promise<void> {
  const seller = await sellerOf(db, applicationId);
  if (!seller) return;
  for (const message of paymentMessages(seller, payment)) await delivery.send(message);
}

/** Days before a due date the reminder goes out. */
export const reminderLeadDays = 2;

/**
 * One reminder run: for every unpaid installment of an approved application due within the next
 * two days (today included, so a run missed yesterday still reminds), inserts the once-only key
 * (installment, kind) and queues the e-mail and SMS in the same transaction. A second runner's
 * insert conflicts and queues nothing. Returns how many installments were reminded.
 */
export async function sendDueReminders(db: Db, now = new Date()): Promise<number> {
  const today = istanbulDay(now);
  const horizon = addDays(today, reminderLeadDays);

  // Applications approved before schedules were stored get theirs now, so they are reminded too.
  const unscheduled = await db
    .select({ id: applications.id, decidedAt: applications.decidedAt })
    .from(applications)
    .where(
      and(
        eq(applications.status, 'approved'),
        sql`not exists (select 1 from ${repaymentInstallments} where ${repaymentInstallments.applicationId} = ${applications.id})`,
      ),
    );
  for (const application of unscheduled) await fixScheduleOf(db, application);

  const candidates = await db
    .select({
      id: repaymentInstallments.id,
      applicationId: repaymentInstallments.applicationId,
      number: repaymentInstallments.number,
      dueDate: repaymentInstallments.dueDate,
      amount: repaymentInstallments.amount,
      paidAmount: repaymentInstallments.paidAmount,
    })
    .from(repaymentInstallments)
    .innerJoin(applications, eq(applications.id, repaymentInstallments.applicationId))
    .where(
      and(
        eq(applications.status, 'approved'),
        gte(repaymentInstallments.dueDate, today),
        lte(repaymentInstallments.dueDate, horizon),
        sql`${repaymentInstallments.paidAmount} < ${repaymentInstallments.amount}`,
        sql`not exists (select 1 from ${repaymentReminders} where ${repaymentReminders.installmentId} = ${repaymentInstallments.id} and ${repaymentReminders.kind} = 'due_in_two_days')`,
      ),
    );

  let reminded = 0;
  for (const installment of candidates) {
    const seller = await sellerOf(db, installment.applicationId);
    if (!seller) continue;
    const sent = await db.transaction(async (tx) => {
      const [key] = await tx
        .insert(repaymentReminders)
        .values({ installmentId: installment.id, kind: 'due_in_two_days' })
        .onConflictDoNothing()
        .returning({ installmentId: repaymentReminders.installmentId });
      if (!key) return false;
      const { language } = seller;
      const params = {
        firstName: seller.firstName,
        number: installment.number,
        amount: formatTry(installment.amount - installment.paidAmount),
        dueDate: formatDay(installment.dueDate, language),
      };
      const email = renderEmail('repayment_reminder', language, params);
      await enqueueMessage(tx, {
        channel: 'email',
        to: seller.email,
        subject: email.subject,
        body: email.text,
        html: email.html,
        template: 'repayment_reminder',
        language,
      });
      if (seller.phone) {
        await enqueueMessage(tx, {
          channel: 'sms',
          to: seller.phone,
          body: renderSms('repayment_reminder', language, params),
          template: 'repayment_reminder',
          language,
        });
      }
      return true;
    });
    if (sent) reminded += 1;
  }
  return reminded;
}

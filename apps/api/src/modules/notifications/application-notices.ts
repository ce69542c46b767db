import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { applications, customers } from '../../db/schema.ts';
import type { Delivery } from '../../plugins/delivery.ts';

/*
 * The messages a seller gets about an application: received (on completion) and the expert's
 * decision. Both go by e-mail and SMS in the customer's language. Callers never fail because of
 * delivery: the delivery layer queues the message and retries it.
 */

async function loadTarget(db: Db, applicationId: string) {
  const [row] = await db
    .select({
      status: applications.status,
      rejectReason: applications.rejectReason,
      email: customers.email,
      phone: customers.phoneNumber,
      firstName: customers.firstName,
      language: customers.preferredLanguage,
    })
    .from(applications)
    .innerJoin(customers, eq(customers.id, applications.customerId))
    .where(eq(applications.id, applicationId));
  return row;
}

export async function notifyApplicationReceived(delivery: Delivery, db: Db, applicationId: string): Promise<void> {
  const target = await loadTarget(db, applicationId);
  if (!target) return;
  const text =
    target.language === 'en'
      ? `Hello ${target.firstName}, we received your WorqTrade application. Our experts will review it and let you know.`
      : `Merhaba ${target.firstName}, WorqTrade başvurunuzu aldık. Uzmanlarımız inceleyip size haber verecek.`;
  await delivery.send({ channel: 'email', to: target.email, subject: 'WorqTrade', body: text });
  if (target.phone) await delivery.send({ channel: 'sms', to: target.phone, body: text });
}

export async function notifyApplicationDecision(delivery: Delivery, db: Db, applicationId: string): Promise<void> {
  const target = await loadTarget(db, applicationId);
  if (!target || (target.status !== 'approved' && target.status !== 'rejected')) return;
  const approved = target.status === 'approved';
  const text =
    target.language === 'en'
      ? approved
        ? `Hello ${target.firstName}, your WorqTrade application has been approved.`
        : `Hello ${target.firstName}, your WorqTrade application was not approved. Reason: ${target.rejectReason ?? ''}`
      : approved
        ? `Merhaba ${target.firstName}, WorqTrade başvurunuz onaylandı.`
        : `Merhaba ${target.firstName}, WorqTrade başvurunuz onaylanmadı. Gerekçe: ${target.rejectReason ?? ''}`;
  await delivery.send({ channel: 'email', to: target.email, subject: 'WorqTrade', body: text });
  if (target.phone) await delivery.send({ channel: 'sms', to: target.phone, body: text });
}

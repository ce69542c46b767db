import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { applications, customers } from '../../db/schema.ts';
import {
  renderEmail,
  renderSms,
  type EmailTemplateParams,
  type SmsTemplateName,
  type SmsTemplateParams,
} from '../../delivery/templates/catalogue.ts';
import type { Delivery } from '../../plugins/delivery.ts';

/*
 * The messages a seller gets about an application: received (on completion) and the expert's
 * decision. Both go by e-mail and SMS in the customer's language. Callers never fail because of
 * delivery: the delivery layer queues the message and retries it.
 */

type ApplicationTemplate = SmsTemplateName & keyof EmailTemplateParams;

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

type Target = NonNullable<Awaited<ReturnType<typeof loadTarget>>>;

async function sendBoth<N extends ApplicationTemplate>(
  delivery: Delivery,
  target: Target,
  name: N,
  params: EmailTemplateParams[N] & SmsTemplateParams[N],
) {
  const language = target.language;
  const email = renderEmail(name, language, params);
  await delivery.send({
    channel: 'email',
    to: target.email,
    subject: email.subject,
    body: email.text,
    html: email.html,
    template: name,
    language,
  });
  if (target.phone) {
    await delivery.send({ channel: 'sms', to: target.phone, body: renderSms(name, language, params), template: name, language });
  }
}

export async function notifyApplicationReceived(delivery: Delivery, db: Db, applicationId: string): Promise<void> {
  const target = await loadTarget(db, applicationId);
  if (!target) return;
  await sendBoth(delivery, target, 'application_received', { firstName: target.firstName });
}

export async function notifyApplicationDecision(delivery: Delivery, db: Db, applicationId: string): Promise<void> {
  const target = await loadTarget(db, applicationId);
  if (!target) return;
  if (target.status === 'approved') {
    await sendBoth(delivery, target, 'application_approved', { firstName: target.firstName });
  } else if (target.status === 'rejected') {
    await sendBoth(delivery, target, 'application_rejected', { firstName: target.firstName, reason: target.rejectReason ?? '' });
  }
}

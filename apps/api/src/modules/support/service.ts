import { and, desc, eq, ilike, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { formatPhone } from '@worq/domain/validation';
import type {
  ContactPreference,
  SupportRequestCreated,
  SupportRequestPage,
  SupportRequestView,
  SupportTopic,
  supportRequestBody,
} from '@worq/domain/wire/support';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { customers, supportRequests } from '../../db/schema.ts';
import { renderEmail } from '../../delivery/templates/catalogue.ts';
import type { Delivery } from '../../plugins/delivery.ts';
import { AppError } from '../../plugins/errors.ts';
import { containsPattern } from '../../db/search.ts';

/*
 * Support requests (API.md "Support requests"): the built-in way to reach the provider's team when
 * no chat is configured. Stored for experts to call back (listed like contact forms) and e-mailed
 * to SUPPORT_EMAIL when it is set.
 */

/** The team's labels in the e-mail (the team reads Turkish). */
const topicLabels: Record<SupportTopic, string> = {
  company_change: 'Şirket bilgisi değişikliği',
  connection: 'Mağaza bağlantısı',
  application: 'Başvuru',
  other: 'Diğer',
};
const preferenceLabels: Record<ContactPreference, string> = { email: 'E-posta', phone: 'Telefon' };

export async function createSupportRequest(
  ctx: { db: Db; delivery: Delivery; supportEmail: string | undefined },
  customerId: string,
  body: z.output<typeof supportRequestBody>,
): Promise<SupportRequestCreated> {
  const [customer] = await ctx.db.select().from(customers).where(eq(customers.id, customerId));
  if (!customer) throw new AppError(401, 'unauthorized');
  const [row] = await ctx.db
    .insert(supportRequests)
    .values({ customerId, topic: body.topic, message: body.message, contactPreference: body.contact_preference })
    .returning();
  if (ctx.supportEmail) {
    const email = renderEmail('support_request', 'tr', {
      name: `${customer.firstName} ${customer.lastName}`.trim(),
      email: customer.email,
      phone: customer.phoneNumber ? formatPhone(customer.phoneNumber) : '—',
      topic: topicLabels[body.topic],
      contactPreference: preferenceLabels[body.contact_preference],
      message: body.message,
    });
    await ctx.delivery.send({
      channel: 'email',
      to: ctx.supportEmail,
      subject: email.subject,
      body: email.text,
      html: email.html,
      template: 'support_request',
      language: 'tr',
    });
  }
  return { id: row!.id, created_at: row!.createdAt.toISOString() };
}

function listQuery(db: Db) {
  const handler = alias(customers, 'handler');
  return db
    .select({
      request: supportRequests,
      customer: {
        id: customers.id,
        firstName: customers.firstName,
        lastName: customers.lastName,
        email: customers.email,
        phoneNumber: customers.phoneNumber,
      },
      handlerFirstName: handler.firstName,
      handlerLastName: handler.lastName,
      handlerEmail: handler.email,
    })
    .from(supportRequests)
    .innerJoin(customers, eq(customers.id, supportRequests.customerId))
    .leftJoin(handler, eq(handler.id, supportRequests.handledBy));
}
type Row = Awaited<ReturnType<typeof listQuery>>[number];

function toView(row: Row): SupportRequestView {
  const { request, customer } = row;
  return {
    id: request.id,
    created_at: request.createdAt.toISOString(),
    customer: {
      id: customer.id,
      first_name: customer.firstName,
      last_name: customer.lastName,
      email: customer.email,
      phone_number: customer.phoneNumber,
    },
    topic: request.topic,
    message: request.message,
    contact_preference: request.contactPreference,
    handled_at: request.handledAt?.toISOString() ?? null,
    handled_by:
      request.handledBy && row.handlerEmail !== null
        ? { id: request.handledBy, name: `${row.handlerFirstName ?? ''} ${row.handlerLastName ?? ''}`.trim(), email: row.handlerEmail }
        : null,
  };
}

export async function supportRequestsPage(
  db: Db,
  filter: { handled: 'true' | 'false' | 'all'; q?: string | undefined; page: number; pageSize: number },
): Promise<SupportRequestPage> {
  const q = filter.q?.trim();
  const where = and(
    filter.handled === 'true'
      ? isNotNull(supportRequests.handledAt)
      : filter.handled === 'false'
        ? isNull(supportRequests.handledAt)
        : undefined,
    q
      ? or(
          ilike(customers.email, containsPattern(q)),
          ilike(sql`${customers.firstName} || ' ' || ${customers.lastName}`, containsPattern(q)),
          ilike(supportRequests.message, containsPattern(q)),
        )
      : undefined,
  );
  const rows = await listQuery(db)
    .where(where)
    .orderBy(desc(supportRequests.createdAt), desc(supportRequests.id))
    .limit(filter.pageSize)
    .offset(filter.page * filter.pageSize);
  const [counted] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(supportRequests)
    .innerJoin(customers, eq(customers.id, supportRequests.customerId))
    .where(where);
  return { total: Number(counted?.total ?? 0), items: rows.map(toView) };
}

/** Marks a request as called back, once: a handled request keeps its first handler. */
export async function markSupportRequestHandled(db: Db, id: string, expertId: string, now = new Date()): Promise<SupportRequestView> {
  await db
    .update(supportRequests)
    .set({ handledAt: now, handledBy: expertId, updatedAt: now })
    .where(and(eq(supportRequests.id, id), isNull(supportRequests.handledAt)));
  const [row] = await listQuery(db).where(eq(supportRequests.id, id)).limit(1);
  if (!row) throw new AppError(404, 'support_request_not_found');
  return toView(row);
}

import { and, asc, desc, eq, ilike, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { containsPattern, phoneDigits } from '../../db/search.ts';
import {
  applicationEvents,
  applications,
  cities,
  companies,
  contactForms,
  customers,
  integrations,
  marketplaces,
  plans,
  type ApplicationStatus,
} from '../../db/schema.ts';
import { fixScheduleOf } from '../repayment/public.ts';

export type ApplicationRow = typeof applications.$inferSelect;

/** The customer columns the back-office may show: never the password hash or consents. */
const customerColumns = {
  id: customers.id,
  firstName: customers.firstName,
  lastName: customers.lastName,
  email: customers.email,
  phoneNumber: customers.phoneNumber,
};

export interface PersonRef {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}

/* ---------- Search ---------- */

function customerMatches(q: string): SQL | undefined {
  const pattern = containsPattern(q);
  const digits = phoneDigits(q);
  return or(
    ilike(customers.email, pattern),
    ilike(sql`${customers.firstName} || ' ' || ${customers.lastName}`, pattern),
    digits.length >= 3 ? ilike(customers.phoneNumber, containsPattern(digits)) : undefined,
  );
}

/* ---------- Review queue ---------- */

/** Stores and company as submitted; the seller side writes them under these keys at completion. */
const snapshotStores = sql`coalesce(${applications.submittedSnapshot} -> 'integrations', ${applications.submittedSnapshot} -> 'stores')`;
const snapshotCompanyTitle = sql`coalesce(${applications.submittedSnapshot} -> 'company' ->> 'trade_name', ${applications.submittedSnapshot} -> 'companies' -> 0 ->> 'trade_name')`;

export type QueueStatusFilter = ApplicationStatus | 'all';

export interface QueueFilter {
  status: Exclude<QueueStatusFilter, 'not_completed'>;
  q?: string | undefined;
  page: number;
  pageSize: number;
}

export interface QueueRow {
  application: ApplicationRow;
  customer: { id: string; firstName: string; lastName: string; email: string; phoneNumber: string | null };
  plan: { estimatedStockPurchaseAmount: number; totalPaymentAmount: number; durationWeeks: number } | null;
  storeCount: number;
  companyTitle: string | null;
}

export async function listQueue(db: Db, filter: QueueFilter): Promise<{ rows: QueueRow[]; total: number }> {
  const q = filter.q?.trim();
  const where = and(
    // Only what a seller submitted reaches the back-office.
    filter.status === 'all' ? ne(applications.status, 'not_completed') : eq(applications.status, filter.status),
    q
      ? or(
          customerMatches(q),
          sql`exists (select 1 from ${companies} where ${companies.customerId} = ${applications.customerId} and (${companies.tradeName} ilike ${containsPattern(q)} or ${companies.officialFullName} ilike ${containsPattern(q)} or ${companies.taxNumber} like ${containsPattern(q.replace(/\s/g, ''))}))`,
          sql`(${applications.submittedSnapshot} -> 'company')::text ilike ${containsPattern(q)}`,
        )
      : undefined,
  );

  const storeCount = sql<number>`case when jsonb_typeof(${snapshotStores}) = 'array' then jsonb_array_length(${snapshotStores}) else (select count(*) from ${integrations} where ${integrations.customerId} = ${applications.customerId})::int end`;
  const companyTitle = sql<
    string | null
  >`coalesce(${snapshotCompanyTitle}, (select c.trade_name from ${integrations} i join ${companies} c on c.id = i.company_id where i.customer_id = ${applications.customerId} order by i.connected_at desc limit 1), (select c.trade_name from ${companies} c where c.customer_id = ${applications.customerId} order by c.updated_at desc limit 1))`;

  const rows = await db
    .select({
      application: applications,
      customer: customerColumns,
      planId: plans.id,
      estimatedStockPurchaseAmount: plans.estimatedStockPurchaseAmount,
      totalPaymentAmount: plans.totalPaymentAmount,
      durationWeeks: plans.durationWeeks,
      storeCount,
      companyTitle,
    })
    .from(applications)
    .innerJoin(customers, eq(customers.id, applications.customerId))
    .leftJoin(plans, eq(plans.applicationId, applications.id))
    .where(where)
    .orderBy(sql`${applications.submittedAt} desc nulls last`, desc(applications.createdAt), desc(applications.id))
    .limit(filter.pageSize)
    .offset(filter.page * filter.pageSize);

  const [counted] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(applications)
    .innerJoin(customers, eq(customers.id, applications.customerId))
    .where(where);

  return {
    total: Number(counted?.total ?? 0),
    rows: rows.map((row) => ({
      application: row.application,
      customer: row.customer,
      plan:
        row.planId && row.estimatedStockPurchaseAmount !== null && row.totalPaymentAmount !== null && row.durationWeeks !== null
          ? {
              estimatedStockPurchaseAmount: row.estimatedStockPurchaseAmount,
              totalPaymentAmount: row.totalPaymentAmount,
              durationWeeks: row.durationWeeks,
            }
          : null,
      storeCount: Number(row.storeCount ?? 0),
      companyTitle: row.companyTitle ?? null,
    })),
  };
}

/* ---------- One application ---------- */

export async function findApplication(db: Db, id: string): Promise<ApplicationRow | undefined> {
  const [row] = await db.select().from(applications).where(eq(applications.id, id)).limit(1);
  return row;
}

export async function findReviewCustomer(db: Db, id: string) {
  const [row] = await db
    .select({
      ...customerColumns,
      isPhoneVerified: customers.isPhoneVerified,
      isEmailVerified: customers.isEmailVerified,
      preferredLanguage: customers.preferredLanguage,
      createdAt: customers.createdAt,
    })
    .from(customers)
    .where(eq(customers.id, id))
    .limit(1);
  return row;
}

export async function findPerson(db: Db, id: string): Promise<(PersonRef & { role: string }) | undefined> {
  const [row] = await db
    .select({
      id: customers.id,
      firstName: customers.firstName,
      lastName: customers.lastName,
      email: customers.email,
      role: customers.role,
    })
    .from(customers)
    .where(eq(customers.id, id))
    .limit(1);
  return row;
}

export async function marketplaceNamesByCode(db: Db): Promise<Map<string, string>> {
  const rows = await db.select({ code: marketplaces.code, name: marketplaces.name }).from(marketplaces);
  return new Map(rows.map((row) => [row.code, row.name]));
}

/**
 * One page of an application's audit trail, oldest first: the `limit` events after the event
 * `after` (by time, then id), and whether more follow. Undefined when `after` is not an event of
 * the application. An application experts read is submitted, so its trail only grows at the end.
 */
export async function listEvents(db: Db, applicationId: string, page: { limit: number; after?: string | undefined }) {
  const ofApplication = eq(applicationEvents.applicationId, applicationId);
  let where: SQL | undefined = ofApplication;
  if (page.after) {
    const [cursor] = await db
      .select({ id: applicationEvents.id })
      .from(applicationEvents)
      .where(and(ofApplication, eq(applicationEvents.id, page.after)))
      .limit(1);
    if (!cursor) return undefined;
    // Compared in the database: its timestamps are finer than a JavaScript date.
    where = and(
      ofApplication,
      sql`(${applicationEvents.createdAt}, ${applicationEvents.id}) > (select c.created_at, c.id from application_events c where c.id = ${cursor.id})`,
    );
  }
  const actor = alias(customers, 'actor');
  const rows = await db
    .select({
      id: applicationEvents.id,
      action: applicationEvents.action,
      actorRole: applicationEvents.actorRole,
      actorId: applicationEvents.actorId,
      actorFirstName: actor.firstName,
      actorLastName: actor.lastName,
      actorEmail: actor.email,
      detail: applicationEvents.detail,
      createdAt: applicationEvents.createdAt,
    })
    .from(applicationEvents)
    .leftJoin(actor, eq(actor.id, applicationEvents.actorId))
    .where(where)
    .orderBy(asc(applicationEvents.createdAt), asc(applicationEvents.id))
    .limit(page.limit + 1);
  return { rows: rows.slice(0, page.limit), hasMore: rows.length > page.limit };
}

export type EventRow = NonNullable<Awaited<ReturnType<typeof listEvents>>>['rows'][number];

/* ---------- Decision ---------- */

export interface Decision {
  status: 'approved' | 'rejected';
  rejectReason: string | null;
  expertId: string;
  now: Date;
}

/**
 * Decides an application under review, with its audit event, in one transaction. The status test
 * in the UPDATE makes a second (or concurrent) decision change nothing: undefined then.
 */
export async function decideApplication(db: Db, id: string, decision: Decision): Promise<ApplicationRow | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(applications)
      .set({
        status: decision.status,
        rejectReason: decision.rejectReason,
        decidedAt: decision.now,
        decidedBy: decision.expertId,
        updatedAt: decision.now,
      })
      .where(and(eq(applications.id, id), eq(applications.status, 'in_progress')))
      .returning();
    if (!row) return undefined;
    // The schedule is fixed in calendar days now, so a later rate change never moves it.
    if (row.status === 'approved') await fixScheduleOf(tx, row);
    await tx.insert(applicationEvents).values({
      applicationId: id,
      actorId: decision.expertId,
      actorRole: 'expert',
      action: decision.status,
      detail: decision.rejectReason ? { reject_reason: decision.rejectReason } : {},
      createdAt: decision.now,
    });
    return row;
  });
}

/* ---------- Contact forms ---------- */

function contactFormQuery(db: Db) {
  const handler = alias(customers, 'handler');
  return {
    handler,
    query: db
      .select({
        form: contactForms,
        customer: customerColumns,
        cityName: cities.name,
        applicationStatus: applications.status,
        handlerFirstName: handler.firstName,
        handlerLastName: handler.lastName,
        handlerEmail: handler.email,
      })
      .from(contactForms)
      .innerJoin(customers, eq(customers.id, contactForms.customerId))
      .innerJoin(cities, eq(cities.id, contactForms.headquartersCityId))
      .leftJoin(applications, eq(applications.id, contactForms.applicationId))
      .leftJoin(handler, eq(handler.id, contactForms.handledBy)),
  };
}

export type ContactFormRow = Awaited<ReturnType<typeof contactFormQuery>['query']>[number];

export interface ContactFormFilter {
  handled: 'true' | 'false' | 'all';
  q?: string | undefined;
  page: number;
  pageSize: number;
}

export async function listContactForms(db: Db, filter: ContactFormFilter): Promise<{ rows: ContactFormRow[]; total: number }> {
  const q = filter.q?.trim();
  const where = and(
    filter.handled === 'true' ? isNotNull(contactForms.handledAt) : filter.handled === 'false' ? isNull(contactForms.handledAt) : undefined,
    q ? or(customerMatches(q), ilike(contactForms.bestSellingStoreName, containsPattern(q))) : undefined,
  );
  const rows = await contactFormQuery(db)
    .query.where(where)
    .orderBy(desc(contactForms.createdAt), desc(contactForms.id))
    .limit(filter.pageSize)
    .offset(filter.page * filter.pageSize);
  const [counted] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(contactForms)
    .innerJoin(customers, eq(customers.id, contactForms.customerId))
    .where(where);
  return { rows, total: Number(counted?.total ?? 0) };
}

/** The forms an application page shows: the application's own and every other of its seller. */
export async function contactFormsOfCustomer(db: Db, customerId: string): Promise<ContactFormRow[]> {
  return contactFormQuery(db)
    .query.where(eq(contactForms.customerId, customerId))
    .orderBy(desc(contactForms.createdAt), desc(contactForms.id));
}

export async function findContactForm(db: Db, id: string): Promise<ContactFormRow | undefined> {
  const [row] = await contactFormQuery(db).query.where(eq(contactForms.id, id)).limit(1);
  return row;
}

/** Marks a form handled once; a form already handled keeps its first handler. */
export async function markContactFormHandled(db: Db, id: string, expertId: string, now: Date): Promise<void> {
  await db
    .update(contactForms)
    .set({ handledAt: now, handledBy: expertId, updatedAt: now })
    .where(and(eq(contactForms.id, id), isNull(contactForms.handledAt)));
}

import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { applicationEvents, applications, companies, contactForms, integrations, marketplaces, plans } from '../../db/schema.ts';

export type Application = typeof applications.$inferSelect;
export type ApplicationEventAction = (typeof applicationEvents.$inferInsert)['action'];
export type Plan = typeof plans.$inferSelect;
export type ContactForm = typeof contactForms.$inferSelect;
export type NewContactForm = typeof contactForms.$inferInsert;

/** The condition of the active application (ARCHITECTURE.md §4), the same as applications_one_active_idx. */
const isActive = and(eq(applications.status, 'not_completed'), eq(applications.isLeaved, false), eq(applications.isCancelled, false));

export function isActiveApplication(application: Application): boolean {
  return application.status === 'not_completed' && !application.isLeaved && !application.isCancelled;
}

/** The first application meeting `condition`, its row locked FOR UPDATE when asked. */
async function firstApplication(db: Db, condition: SQL | undefined, options: { lock?: boolean }): Promise<Application | undefined> {
  const query = db.select().from(applications).where(condition).limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** Whether any application meets `condition`. */
async function anyApplication(db: Db, condition: SQL | undefined): Promise<boolean> {
  const rows = await db.select({ id: applications.id }).from(applications).where(condition).limit(1);
  return rows.length > 0;
}

/** The customer's application; undefined for a missing one and for anybody else's alike. */
export async function findApplication(
  db: Db,
  customerId: string,
  id: string,
  options: { lock?: boolean } = {},
): Promise<Application | undefined> {
  return firstApplication(db, and(eq(applications.id, id), eq(applications.customerId, customerId)), options);
}

export async function findActiveApplication(
  db: Db,
  customerId: string,
  options: { lock?: boolean } = {},
): Promise<Application | undefined> {
  return firstApplication(db, and(eq(applications.customerId, customerId), isActive), options);
}

/** Whether the customer has an active application (the marketplace module refuses status changes then). */
export async function hasActiveApplication(db: Db, customerId: string): Promise<boolean> {
  return (await findActiveApplication(db, customerId)) !== undefined;
}

/**
 * Whether a store is part of an application the seller submitted (under review or approved): such a
 * store cannot be removed, since the experts' decision and the repayments rest on it (spec §4).
 */
export async function isInSubmittedApplication(db: Db, customerId: string, integrationId: string): Promise<boolean> {
  return anyApplication(
    db,
    and(
      eq(applications.customerId, customerId),
      inArray(applications.status, ['in_progress', 'approved']),
      sql`exists (select 1 from jsonb_array_elements(case when jsonb_typeof(${applications.submittedSnapshot} -> 'integrations') = 'array' then ${applications.submittedSnapshot} -> 'integrations' else '[]'::jsonb end) as store where store ->> 'id' = ${integrationId})`,
    ),
  );
}

/** Whether any application of the customer ever reached step 2 (the navbar then lists Connections). */
export async function hasReachedStepTwo(db: Db, customerId: string): Promise<boolean> {
  return anyApplication(db, and(eq(applications.customerId, customerId), eq(applications.reachedStepTwo, true)));
}

/** Newest first, each with its plan when one was saved. */
export async function listApplications(db: Db, customerId: string): Promise<{ application: Application; plan: Plan | null }[]> {
  return db
    .select({ application: applications, plan: plans })
    .from(applications)
    .leftJoin(plans, eq(plans.applicationId, applications.id))
    .where(eq(applications.customerId, customerId))
    .orderBy(desc(applications.createdAt), desc(applications.id));
}

export async function insertApplication(db: Db, customerId: string): Promise<Application> {
  const [row] = await db.insert(applications).values({ customerId }).returning();
  if (!row) throw new Error('application insert returned nothing');
  return row;
}

export async function updateApplication(db: Db, id: string, values: Partial<typeof applications.$inferInsert>): Promise<Application> {
  const [row] = await db
    .update(applications)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(applications.id, id))
    .returning();
  if (!row) throw new Error('application vanished during update');
  return row;
}

export async function recordEvent(
  db: Db,
  event: { applicationId: string; actorId: string; action: ApplicationEventAction; detail?: Record<string, unknown> },
): Promise<void> {
  await db.insert(applicationEvents).values({
    applicationId: event.applicationId,
    actorId: event.actorId,
    actorRole: 'customer',
    action: event.action,
    detail: event.detail ?? {},
  });
}

/**
 * The plan_saved events one application keeps at most. A draft's plan is saved on every change of
 * the form; past this many, saves update the latest event instead of adding rows.
 */
export const maxPlanSavedEvents = 20;

/**
 * Records a plan save without growing the audit trail without bound (ARCHITECTURE.md §8): a save
 * right after a save (no other event between) updates that event, and so does every save once the
 * application holds maxPlanSavedEvents of them. The updated event carries the last save's figures
 * and time, `saves` (how many saves it stands for) and `first_saved_at`. Call it with the
 * application row locked, as savePlan does, so that two saves cannot both insert.
 */
export async function recordPlanSaved(
  db: Db,
  event: { applicationId: string; actorId: string; detail: Record<string, unknown> },
): Promise<void> {
  const ofApplication = eq(applicationEvents.applicationId, event.applicationId);
  const columns = {
    id: applicationEvents.id,
    action: applicationEvents.action,
    detail: applicationEvents.detail,
    createdAt: applicationEvents.createdAt,
  };
  const newestFirst = [desc(applicationEvents.createdAt), desc(applicationEvents.id)];
  const [latest] = await db
    .select(columns)
    .from(applicationEvents)
    .where(ofApplication)
    .orderBy(...newestFirst)
    .limit(1);
  let target = latest?.action === 'plan_saved' ? latest : undefined;
  if (!target) {
    const saves = await db
      .select(columns)
      .from(applicationEvents)
      .where(and(ofApplication, eq(applicationEvents.action, 'plan_saved')))
      .orderBy(...newestFirst)
      .limit(maxPlanSavedEvents);
    if (saves.length >= maxPlanSavedEvents) target = saves[0];
  }
  if (!target) {
    await recordEvent(db, { ...event, action: 'plan_saved', detail: { ...event.detail, saves: 1 } });
    return;
  }
  const previous = target.detail;
  await db
    .update(applicationEvents)
    .set({
      actorId: event.actorId,
      detail: {
        ...event.detail,
        saves: (typeof previous.saves === 'number' ? previous.saves : 1) + 1,
        first_saved_at: typeof previous.first_saved_at === 'string' ? previous.first_saved_at : target.createdAt.toISOString(),
      },
      createdAt: sql`now()`,
    })
    .where(eq(applicationEvents.id, target.id));
}

export async function findPlan(db: Db, applicationId: string): Promise<Plan | undefined> {
  const [row] = await db.select().from(plans).where(eq(plans.applicationId, applicationId)).limit(1);
  return row;
}

/** The customer's stores that are active and up to date, as an application needs them (ARCHITECTURE.md §4). */
const validIntegrationOf = (customerId: string) =>
  and(
    eq(integrations.customerId, customerId),
    eq(integrations.status, 'active'),
    eq(integrations.isActive, true),
    eq(integrations.isUpdated, true),
  );

/**
 * The customer's stores that count for an application: active, up to date and linked to a company
 * (ARCHITECTURE.md §4), with their marketplace and company. Secrets are not selected.
 */
export async function linkedValidIntegrations(db: Db, customerId: string) {
  return db
    .select({
      id: integrations.id,
      marketplaceId: integrations.marketplaceId,
      marketplaceCode: marketplaces.code,
      marketplaceName: marketplaces.name,
      storeName: integrations.storeName,
      storeLink: integrations.storeLink,
      region: integrations.region,
      publicFields: integrations.publicFields,
      connectedAt: integrations.connectedAt,
      company: companies,
    })
    .from(integrations)
    .innerJoin(marketplaces, eq(marketplaces.id, integrations.marketplaceId))
    .innerJoin(companies, eq(companies.id, integrations.companyId))
    .where(validIntegrationOf(customerId))
    .orderBy(integrations.connectedAt, integrations.id);
}

export async function hasLinkedValidIntegration(db: Db, customerId: string): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(integrations)
    .where(and(validIntegrationOf(customerId), sql`${integrations.companyId} is not null`))
    .limit(1);
  return rows.length > 0;
}

/* ---------- Contact forms ---------- */

/** The caller's form for this application, or the one saved without an application. */
export async function findContactForm(db: Db, customerId: string, applicationId: string | null): Promise<ContactForm | undefined> {
  const [row] = await db
    .select()
    .from(contactForms)
    .where(
      and(
        eq(contactForms.customerId, customerId),
        applicationId ? eq(contactForms.applicationId, applicationId) : isNull(contactForms.applicationId),
      ),
    )
    .orderBy(desc(contactForms.createdAt))
    .limit(1)
    .for('update');
  return row;
}

export async function insertContactForm(db: Db, values: NewContactForm): Promise<ContactForm> {
  const [row] = await db.insert(contactForms).values(values).returning();
  if (!row) throw new Error('contact form insert returned nothing');
  return row;
}

export async function updateContactForm(db: Db, id: string, values: Partial<NewContactForm>): Promise<ContactForm> {
  const [row] = await db
    .update(contactForms)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(contactForms.id, id))
    .returning();
  if (!row) throw new Error('contact form vanished during update');
  return row;
}

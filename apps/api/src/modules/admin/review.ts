/** The review queue and the detail of one application, as experts read them. */
import type { StoreHostSuffixes } from '@worq/domain/store-source';
import { auditEventsPageSize, type ApplicationDetailView, type AuditEventsPage, type QueuePage } from '@worq/domain/wire/admin';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';
import { findPlan, toPlanView } from '../application/public.ts';
import { findOfferSnapshot, storePerformance } from '../insight/public.ts';
import { auditEventsPage } from './audit-events.ts';
import { contactFormsOfCustomer, findApplication, findReviewCustomer, listQueue, type QueueFilter } from './repository.ts';
import { companyOf, storesOf } from './submitted-snapshot.ts';
import { toApplicationView, toContactFormView, toCustomerSummary } from './views.ts';

export const applicationNotFound = () => new AppError(404, 'application_not_found', { messageKey: 'review_application_not_found' });

export async function reviewQueue(db: Db, filter: QueueFilter): Promise<QueuePage> {
  const { rows, total } = await listQueue(db, filter);
  return {
    total,
    items: rows.map((row) => ({
      id: row.application.id,
      created_at: row.application.createdAt.toISOString(),
      submitted_at: row.application.submittedAt?.toISOString() ?? null,
      decided_at: row.application.decidedAt?.toISOString() ?? null,
      status: row.application.status,
      reject_reason: row.application.rejectReason,
      step: row.application.step,
      customer: toCustomerSummary(row.customer),
      plan: row.plan
        ? {
            estimated_stock_purchase_amount: row.plan.estimatedStockPurchaseAmount,
            total_payment_amount: row.plan.totalPaymentAmount,
            duration_weeks: row.plan.durationWeeks,
          }
        : null,
      store_count: row.storeCount,
      company_title: row.companyTitle,
    })),
  };
}

export async function applicationDetail(db: Db, id: string, hostSuffixes: StoreHostSuffixes): Promise<ApplicationDetailView> {
  const application = await findApplication(db, id);
  // A draft the seller has not submitted is theirs alone.
  if (!application || application.status === 'not_completed') throw applicationNotFound();
  const [customer, plan, stores, contactForms, events, view] = await Promise.all([
    findReviewCustomer(db, application.customerId),
    findPlan(db, id),
    storesOf(db, application),
    contactFormsOfCustomer(db, application.customerId),
    auditEventsPage(db, id, { limit: auditEventsPageSize }),
    toApplicationView(db, application),
  ]);
  if (!customer) throw applicationNotFound();
  return {
    ...view,
    customer: {
      ...toCustomerSummary(customer),
      is_phone_verified: customer.isPhoneVerified,
      is_email_verified: customer.isEmailVerified,
      preferred_language: customer.preferredLanguage,
      created_at: customer.createdAt.toISOString(),
    },
    plan: plan ? toPlanView(plan) : null,
    integrations: stores,
    company: await companyOf(db, application, stores),
    contact_forms: contactForms.map(toContactFormView),
    events: events.events,
    events_next_cursor: events.next_cursor,
    store_performance: await storePerformance(
      db,
      application.customerId,
      stores.filter((store) => store.status !== 'deleted').map((store) => store.id),
      new Date(),
      hostSuffixes,
    ),
    offer_snapshot: await findOfferSnapshot(db, id),
  };
}

/** GET /admin/applications/{id}/events: the audit trail of a submitted application, a page at a time. */
export async function applicationEvents(
  db: Db,
  id: string,
  query: { limit: number; cursor?: string | undefined },
): Promise<AuditEventsPage> {
  const application = await findApplication(db, id);
  if (!application || application.status === 'not_completed') throw applicationNotFound();
  return auditEventsPage(db, id, query);
}

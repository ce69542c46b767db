import type { FastifyBaseLogger } from 'fastify';
import type { MessageKey, MessageParams } from '@worq/domain/messages';
import {
  rejectReasonLength,
  type AdminApplicationView,
  type AdminContactFormView,
  type ApplicationDetailView,
  type ContactFormPage,
  type CustomerSummary,
  type DecisionBody,
  type EventView,
  type PersonView,
  type QueuePage,
  type StoreView,
} from '@worq/domain/wire/admin';
import { storedSnapshot, type StoredSnapshot, type StoredSnapshotIntegration } from '@worq/domain/wire/application';
import type { CompanyView } from '@worq/domain/wire/company';
import type { Db } from '../../db/client.ts';
import type { Delivery } from '../../plugins/delivery.ts';
import { AppError } from '../../plugins/errors.ts';
import { findPlan } from '../application/repository.ts';
import { findCompanyById, latestCompanyOf } from '../company/repository.ts';
import { toCompanyView } from '../company/service.ts';
import { toPlanView } from '../gpp/service.ts';
import { listIntegrations, type ListedIntegration } from '../marketplace/repository.ts';
import { toStoreFields } from '../marketplace/service.ts';
import { notifyApplicationDecision } from '../notifications/application-notices.ts';
import {
  contactFormsOfCustomer,
  decideApplication,
  findApplication,
  findContactForm,
  findPerson,
  findReviewCustomer,
  listContactForms,
  listEvents,
  listQueue,
  markContactFormHandled,
  marketplaceNamesByCode,
  type ApplicationRow,
  type ContactFormFilter,
  type ContactFormRow,
  type EventRow,
  type PersonRef,
  type QueueFilter,
} from './repository.ts';
import { storePerformance } from '../insight/sales-history.ts';

/* ---------- Mapping ---------- */

const name = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`.trim();
const toPerson = (person: PersonRef): PersonView => ({ id: person.id, name: name(person), email: person.email });

function toCustomerSummary(customer: {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string | null;
}): CustomerSummary {
  return {
    id: customer.id,
    first_name: customer.firstName,
    last_name: customer.lastName,
    email: customer.email,
    phone_number: customer.phoneNumber,
  };
}

async function toApplicationView(db: Db, row: ApplicationRow): Promise<AdminApplicationView> {
  const decider = row.decidedBy ? await findPerson(db, row.decidedBy) : undefined;
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    submitted_at: row.submittedAt?.toISOString() ?? null,
    decided_at: row.decidedAt?.toISOString() ?? null,
    decided_by: decider ? toPerson(decider) : null,
    status: row.status,
    reject_reason: row.rejectReason,
    step: row.step,
    is_leaved: row.isLeaved,
    is_cancelled: row.isCancelled,
  };
}

export function toContactFormView(row: ContactFormRow): AdminContactFormView {
  const { form } = row;
  return {
    id: form.id,
    created_at: form.createdAt.toISOString(),
    customer: toCustomerSummary(row.customer),
    application: form.applicationId && row.applicationStatus ? { id: form.applicationId, status: row.applicationStatus } : null,
    sales_channels: form.salesChannels,
    monthly_revenue_band: form.monthlyRevenueBand,
    ecommerce_duration_band: form.ecommerceDurationBand,
    best_selling_store_name: form.bestSellingStoreName,
    headquarters_city: { id: form.headquartersCityId, name: row.cityName },
    note: form.note,
    handled_at: form.handledAt?.toISOString() ?? null,
    handled_by:
      form.handledBy && row.handlerEmail !== null
        ? {
            id: form.handledBy,
            name: name({ firstName: row.handlerFirstName ?? '', lastName: row.handlerLastName ?? '' }),
            email: row.handlerEmail,
          }
        : null,
  };
}

function toEventView(row: EventRow): EventView {
  const known = row.actorEmail !== null;
  return {
    id: row.id,
    action: row.action,
    actor: {
      id: row.actorId,
      name: known ? name({ firstName: row.actorFirstName ?? '', lastName: row.actorLastName ?? '' }) : null,
      email: row.actorEmail,
      role: row.actorRole,
    },
    detail: row.detail,
    created_at: row.createdAt.toISOString(),
  };
}

/* ---------- The submitted snapshot ---------- */

/*
 * The seller side writes `submitted_snapshot` at completion. It is read through `storedSnapshot`
 * (wire/application.ts), which names only non-secret fields and drops whatever else the row holds,
 * so nothing sensitive can leak through this page; older snapshots (`stores`, `companies`) read the same.
 */
const filled = (value: string | null | undefined): string | null => (value ? value : null);

/** The stored snapshot, or null when there is none or it is no object. */
function readSnapshot(stored: unknown): StoredSnapshot | null {
  if (stored === null || stored === undefined) return null;
  const parsed = storedSnapshot.safeParse(stored);
  return parsed.success ? parsed.data : null;
}

/** Completion needs every submitted store active and up to date, so that is the status a snapshot implies. */
const submittedStatus = (submitted: StoredSnapshotIntegration | null) => (submitted ? (filled(submitted.status) ?? 'active') : null);

function storeFromRow(row: ListedIntegration, submitted: StoredSnapshotIntegration | null): StoreView {
  const { integration } = row;
  return {
    id: integration.id,
    marketplace_code: row.marketplaceCode,
    marketplace_name: row.marketplaceName,
    ...toStoreFields(integration),
    company_id: integration.companyId,
    company_title: row.companyTitle,
    status_at_submission: submittedStatus(submitted),
    status: integration.status,
    is_active: integration.isActive,
    is_updated: integration.isUpdated,
    last_checked_at: integration.lastCheckedAt?.toISOString() ?? null,
  };
}

function storeFromSnapshot(store: StoredSnapshotIntegration, marketplaceNames: Map<string, string>): StoreView {
  const code = filled(store.marketplace_code);
  return {
    id: store.id,
    marketplace_code: code,
    marketplace_name: filled(store.marketplace_name) ?? (code ? (marketplaceNames.get(code) ?? null) : null),
    store_name: filled(store.store_name) ?? '',
    store_link: filled(store.store_link),
    region: filled(store.region),
    seller_id: filled(store.seller_id),
    merchant_id: filled(store.merchant_id),
    connected_at: filled(store.connected_at),
    company_id: filled(store.company_id),
    company_title: filled(store.company_title),
    status_at_submission: submittedStatus(store),
    status: 'deleted',
    is_active: false,
    is_updated: false,
    last_checked_at: null,
  };
}

async function storesOf(db: Db, application: ApplicationRow): Promise<StoreView[]> {
  const submitted = readSnapshot(application.submittedSnapshot)?.integrations;
  if (!submitted) return (await listIntegrations(db, application.customerId)).map((row) => storeFromRow(row, null));
  const ids = submitted.map((store) => store.id);
  const current = new Map((await listIntegrations(db, application.customerId, { ids })).map((row) => [row.integration.id, row]));
  const names = current.size < submitted.length ? await marketplaceNamesByCode(db) : new Map<string, string>();
  return submitted.map((store) => {
    const row = current.get(store.id);
    return row ? storeFromRow(row, store) : storeFromSnapshot(store, names);
  });
}

async function companyOf(db: Db, application: ApplicationRow, stores: StoreView[]): Promise<CompanyView | null> {
  const submitted = readSnapshot(application.submittedSnapshot)?.company ?? null;
  const id = filled(submitted?.id) ?? stores.find((store) => store.company_id)?.company_id ?? null;
  const row = id ? await findCompanyById(db, application.customerId, id) : await latestCompanyOf(db, application.customerId);
  const base: CompanyView | null = row ? toCompanyView(row) : null;
  if (!submitted) return base;
  return {
    id: id ?? base?.id ?? '',
    type: submitted.type ?? base?.type ?? 2,
    tax_number: filled(submitted.tax_number) ?? base?.tax_number ?? '',
    official_full_name: filled(submitted.official_full_name) ?? base?.official_full_name ?? '',
    trade_name: filled(submitted.trade_name) ?? base?.trade_name ?? '',
    tax_office: filled(submitted.tax_office) ?? base?.tax_office ?? '',
    national_id: filled(submitted.national_id) ?? base?.national_id ?? null,
    birth_date: filled(submitted.birth_date) ?? base?.birth_date ?? null,
    created_at:
      filled(submitted.created_at) ?? base?.created_at ?? application.submittedAt?.toISOString() ?? application.createdAt.toISOString(),
  };
}

/* ---------- Use cases ---------- */

const applicationNotFound = () => new AppError(404, 'application_not_found', { messageKey: 'review_application_not_found' });

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

export async function applicationDetail(db: Db, id: string): Promise<ApplicationDetailView> {
  const application = await findApplication(db, id);
  // A draft the seller has not submitted is theirs alone.
  if (!application || application.status === 'not_completed') throw applicationNotFound();
  const [customer, plan, stores, contactForms, events, view] = await Promise.all([
    findReviewCustomer(db, application.customerId),
    findPlan(db, id),
    storesOf(db, application),
    contactFormsOfCustomer(db, application.customerId),
    listEvents(db, id),
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
    events: events.map(toEventView),
    store_performance: await storePerformance(
      db,
      application.customerId,
      stores.filter((store) => store.status !== 'deleted').map((store) => store.id),
      new Date(),
    ),
  };
}

/** The acting expert as stored now: a token outlives a demotion by up to 15 minutes. */
async function currentExpert(db: Db, expertId: string): Promise<PersonRef> {
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
  try {
    await notifyApplicationDecision(ctx.delivery, ctx.db, applicationId);
  } catch (error) {
    ctx.log.error({ err: error, applicationId }, 'could not notify the seller of the decision');
  }
  return toApplicationView(ctx.db, decided);
}

export async function contactFormsPage(db: Db, filter: ContactFormFilter): Promise<ContactFormPage> {
  const { rows, total } = await listContactForms(db, filter);
  return { total, items: rows.map(toContactFormView) };
}

export async function markHandled(db: Db, formId: string, expertId: string, now = new Date()): Promise<AdminContactFormView> {
  const expert = await currentExpert(db, expertId);
  await markContactFormHandled(db, formId, expert.id, now);
  const row = await findContactForm(db, formId);
  if (!row) throw new AppError(404, 'contact_form_not_found', { messageKey: 'review_contact_form_not_found' });
  return toContactFormView(row);
}

import type { FastifyBaseLogger } from 'fastify';
import type { MessageKey, MessageParams } from '@worq/domain/messages';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import {
  applicationEventActions,
  applicationStatuses,
  ecommerceDurationBands,
  integrationStatuses,
  monthlyRevenueBands,
  salesChannels,
} from '../../db/schema.ts';
import type { Delivery } from '../../plugins/delivery.ts';
import { AppError } from '../../plugins/errors.ts';
import { findPlan } from '../application/repository.ts';
import { findCompanyById, latestCompanyOf } from '../company/repository.ts';
import { companyView, toCompanyView, type CompanyView } from '../company/service.ts';
import { planView, toPlanView } from '../gpp/service.ts';
import { listIntegrations, type ListedIntegration } from '../marketplace/repository.ts';
import { storeFieldsView, toStoreFields } from '../marketplace/service.ts';
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
import { storePerformance, storePerformanceView } from '../insight/sales-history.ts';

/* ---------- Wire shapes (API.md "Back-office") ---------- */

const iso = z.string().describe('ISO 8601 UTC');
const applicationStatus = z.enum(applicationStatuses);

export const personView = z.object({ id: z.string(), name: z.string(), email: z.string() });

const customerSummary = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone_number: z.string().nullable(),
});

export const applicationView = z.object({
  id: z.string(),
  created_at: iso,
  submitted_at: iso.nullable(),
  decided_at: iso.nullable(),
  decided_by: personView.nullable().describe('The expert who decided'),
  status: applicationStatus,
  reject_reason: z.string().nullable(),
  step: z.number().int(),
  is_leaved: z.boolean(),
  is_cancelled: z.boolean(),
});

export const queueItemView = z.object({
  id: z.string(),
  created_at: iso,
  submitted_at: iso.nullable(),
  decided_at: iso.nullable(),
  status: applicationStatus,
  reject_reason: z.string().nullable(),
  step: z.number().int(),
  customer: customerSummary,
  plan: z
    .object({
      estimated_stock_purchase_amount: z.number().int().describe('kuruş'),
      total_payment_amount: z.number().int().describe('kuruş'),
      duration_weeks: z.number().int(),
    })
    .nullable(),
  store_count: z.number().int(),
  company_title: z.string().nullable(),
});

export const queuePage = z.object({ items: z.array(queueItemView), total: z.number().int() });

export const storeView = z.object({
  id: z.string(),
  marketplace_code: z.string().nullable(),
  marketplace_name: z.string().nullable(),
  ...storeFieldsView.shape,
  // A store deleted since the submission is known only by its snapshot, which may lack the date.
  connected_at: iso.nullable(),
  company_id: z.string().nullable(),
  company_title: z.string().nullable(),
  status_at_submission: z.string().nullable().describe('As submitted (active); null when nothing was recorded'),
  status: z.enum([...integrationStatuses, 'deleted']).describe('Now; deleted when the store is gone'),
  is_active: z.boolean(),
  is_updated: z.boolean(),
  last_checked_at: iso.nullable(),
});
export type StoreView = z.infer<typeof storeView>;

export const contactFormView = z.object({
  id: z.string(),
  created_at: iso,
  customer: customerSummary,
  application: z.object({ id: z.string(), status: applicationStatus }).nullable(),
  sales_channels: z.array(z.enum(salesChannels)),
  monthly_revenue_band: z.enum(monthlyRevenueBands),
  ecommerce_duration_band: z.enum(ecommerceDurationBands),
  best_selling_store_name: z.string(),
  headquarters_city: z.object({ id: z.number().int(), name: z.string() }),
  note: z.string().nullable(),
  handled_at: iso.nullable(),
  handled_by: personView.nullable(),
});
export const contactFormPage = z.object({ items: z.array(contactFormView), total: z.number().int() });

export const eventView = z.object({
  id: z.string(),
  action: z.enum(applicationEventActions),
  actor: z.object({
    id: z.string().nullable(),
    name: z.string().nullable(),
    email: z.string().nullable(),
    role: z.enum(['customer', 'expert', 'system']),
  }),
  detail: z.record(z.string(), z.unknown()),
  created_at: iso,
});

export const applicationDetailView = applicationView.extend({
  customer: customerSummary.extend({
    is_phone_verified: z.boolean(),
    is_email_verified: z.boolean(),
    preferred_language: z.enum(['tr', 'en']),
    created_at: iso,
  }),
  plan: planView.nullable(),
  integrations: z.array(storeView),
  company: companyView.nullable(),
  contact_forms: z.array(contactFormView),
  events: z.array(eventView).describe('The audit trail, oldest first'),
  store_performance: storePerformanceView.describe("The submitted stores' synced sales of the last 12 months (underwriting)"),
});
export type ApplicationDetailView = z.infer<typeof applicationDetailView>;

export const decisionBody = z.object({
  decision: z.enum(['approved', 'rejected']),
  reject_reason: z.string().max(5000).nullish().describe('Required (10–1000 characters) when rejecting'),
});
export type DecisionBody = z.infer<typeof decisionBody>;

export const rejectReasonLength = { min: 10, max: 1000 } as const;

/* ---------- Mapping ---------- */

const name = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`.trim();
const toPerson = (person: PersonRef): z.infer<typeof personView> => ({ id: person.id, name: name(person), email: person.email });

function toCustomerSummary(customer: { id: string; firstName: string; lastName: string; email: string; phoneNumber: string | null }) {
  return {
    id: customer.id,
    first_name: customer.firstName,
    last_name: customer.lastName,
    email: customer.email,
    phone_number: customer.phoneNumber,
  };
}

async function toApplicationView(db: Db, row: ApplicationRow): Promise<z.infer<typeof applicationView>> {
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

export function toContactFormView(row: ContactFormRow): z.infer<typeof contactFormView> {
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

function toEventView(row: EventRow): z.infer<typeof eventView> {
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
 * The seller side writes `submitted_snapshot` at completion. Only whitelisted, non-secret fields
 * are read from it, whatever else it holds, so nothing sensitive can leak through this page.
 */
type Loose = Record<string, unknown>;
const isRecord = (value: unknown): value is Loose => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

interface SubmittedStore {
  id: string;
  fields: Loose;
}

function submittedStores(snapshot: Loose | null): SubmittedStore[] | null {
  const list = snapshot?.integrations ?? snapshot?.stores;
  if (!Array.isArray(list)) return null;
  return list.flatMap((entry): SubmittedStore[] => {
    if (typeof entry === 'string') return [{ id: entry, fields: {} }];
    if (!isRecord(entry)) return [];
    const id = text(entry.id) ?? text(entry.integration_id);
    return id ? [{ id, fields: entry }] : [];
  });
}

function submittedCompany(snapshot: Loose | null): Loose | null {
  const company = snapshot?.company ?? (Array.isArray(snapshot?.companies) ? snapshot.companies[0] : undefined);
  return isRecord(company) ? company : null;
}

/** Completion needs every submitted store active and up to date, so that is the status a snapshot implies. */
const submittedStatus = (submitted: Loose | null) => (submitted ? (text(submitted.status) ?? 'active') : null);

function storeFromRow(row: ListedIntegration, submitted: Loose | null): StoreView {
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

function storeFromSnapshot(store: SubmittedStore, marketplaceNames: Map<string, string>): StoreView {
  const fields = store.fields;
  const code = text(fields.marketplace_code);
  return {
    id: store.id,
    marketplace_code: code,
    marketplace_name: text(fields.marketplace_name) ?? (code ? (marketplaceNames.get(code) ?? null) : null),
    store_name: text(fields.store_name) ?? '',
    store_link: text(fields.store_link),
    region: text(fields.region),
    seller_id: text(fields.seller_id),
    merchant_id: text(fields.merchant_id),
    connected_at: text(fields.connected_at),
    company_id: text(fields.company_id),
    company_title: text(fields.company_title),
    status_at_submission: submittedStatus(fields),
    status: 'deleted',
    is_active: false,
    is_updated: false,
    last_checked_at: null,
  };
}

async function storesOf(db: Db, application: ApplicationRow): Promise<StoreView[]> {
  const submitted = submittedStores(application.submittedSnapshot);
  if (!submitted) return (await listIntegrations(db, application.customerId)).map((row) => storeFromRow(row, null));
  const ids = submitted.map((store) => store.id);
  const current = new Map((await listIntegrations(db, application.customerId, { ids })).map((row) => [row.integration.id, row]));
  const names = current.size < submitted.length ? await marketplaceNamesByCode(db) : new Map<string, string>();
  return submitted.map((store) => {
    const row = current.get(store.id);
    return row ? storeFromRow(row, store.fields) : storeFromSnapshot(store, names);
  });
}

async function companyOf(db: Db, application: ApplicationRow, stores: StoreView[]): Promise<CompanyView | null> {
  const submitted = submittedCompany(application.submittedSnapshot);
  const id = text(submitted?.id) ?? stores.find((store) => store.company_id)?.company_id ?? null;
  const row = id ? await findCompanyById(db, application.customerId, id) : await latestCompanyOf(db, application.customerId);
  const base: CompanyView | null = row ? toCompanyView(row) : null;
  if (!submitted) return base;
  const type = submitted.type === 1 || submitted.type === 2 || submitted.type === 3 ? submitted.type : (base?.type ?? 2);
  return {
    id: id ?? base?.id ?? '',
    type,
    tax_number: text(submitted.tax_number) ?? base?.tax_number ?? '',
    official_full_name: text(submitted.official_full_name) ?? base?.official_full_name ?? '',
    trade_name: text(submitted.trade_name) ?? base?.trade_name ?? '',
    tax_office: text(submitted.tax_office) ?? base?.tax_office ?? '',
    national_id: text(submitted.national_id) ?? base?.national_id ?? null,
    birth_date: text(submitted.birth_date) ?? base?.birth_date ?? null,
    created_at:
      text(submitted.created_at) ?? base?.created_at ?? application.submittedAt?.toISOString() ?? application.createdAt.toISOString(),
  };
}

/* ---------- Use cases ---------- */

const applicationNotFound = () => new AppError(404, 'application_not_found', { messageKey: 'review_application_not_found' });

export async function reviewQueue(db: Db, filter: QueueFilter): Promise<z.infer<typeof queuePage>> {
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
): Promise<z.infer<typeof applicationView>> {
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

export async function contactFormsPage(db: Db, filter: ContactFormFilter): Promise<z.infer<typeof contactFormPage>> {
  const { rows, total } = await listContactForms(db, filter);
  return { total, items: rows.map(toContactFormView) };
}

export async function markHandled(db: Db, formId: string, expertId: string, now = new Date()): Promise<z.infer<typeof contactFormView>> {
  const expert = await currentExpert(db, expertId);
  await markContactFormHandled(db, formId, expert.id, now);
  const row = await findContactForm(db, formId);
  if (!row) throw new AppError(404, 'contact_form_not_found', { messageKey: 'review_contact_form_not_found' });
  return toContactFormView(row);
}

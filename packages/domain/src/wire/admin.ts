/*
 * Wire contract of the Back-office area (API.md "Back-office"): the experts' review queue, the
 * application page and decision, and the contact forms to call back. Repayments seen and recorded by
 * experts use the shapes of ./repayment.ts. The API validates and documents its routes with these
 * schemas; the web imports the types only.
 */
import { z } from 'zod';
import { languages } from '../language.ts';
import { adminStoreStatuses, handledFilters, queueFilters } from './choices.ts';
import { applicationStatuses, ecommerceDurationBands, monthlyRevenueBands, salesChannels } from './application.ts';
import { companyView } from './company.ts';
import { planView } from './gpp.ts';
import { storePerformanceView } from './insight.ts';
import { offerView } from './offer.ts';
import { storeFieldsView } from './marketplace.ts';

const iso = z.string().describe('ISO 8601 UTC');
const applicationStatus = z.enum(applicationStatuses);

/** What the audit trail records. */
export const applicationEventActions = [
  'started',
  'plan_saved',
  'step_changed',
  'left',
  'cancelled',
  'submitted',
  'approved',
  'rejected',
  'contact_form_saved',
  'payment_recorded',
] as const;
export type ApplicationEventAction = (typeof applicationEventActions)[number];

/** Who did something in the audit trail. */
export const actorRoles = ['customer', 'expert', 'system'] as const;
export type ActorRole = (typeof actorRoles)[number];

/** The path of the calls on one application or one contact form. */
export const adminIdParams = z.object({ id: z.guid() });
export type AdminIdParams = z.input<typeof adminIdParams>;

/** The path of POST /admin/customers/{customer_id}/end_sessions */
export const adminCustomerParams = z.object({ customer_id: z.guid() });
export type AdminCustomerParams = z.input<typeof adminCustomerParams>;

/** A list's query: its own filter, then the paging and search every back-office list shares. */
export const listQuery = <Filter extends z.ZodRawShape>(filter: Filter) =>
  z.object({
    ...filter,
    page: z.coerce.number().int().min(0).max(100_000).default(0).describe('Zero-based'),
    pagesize: z.coerce.number().int().min(1).max(100).default(20),
    q: z.string().trim().max(200).optional(),
  });

/** The filters of the review queue; `all` is every submitted application. */
export { queueFilters };
export type QueueFilter = (typeof queueFilters)[number];

/** GET /admin/applications */
export const queueQuery = listQuery({ status: z.enum(queueFilters).default('in_progress') });
export type QueueQuery = z.input<typeof queueQuery>;

/** The filters of the contact forms; `false` is still to call back. */
export const contactFormFilters = handledFilters;
export type ContactFormFilter = (typeof contactFormFilters)[number];

/** GET /admin/contact_forms */
export const contactFormQuery = listQuery({ handled: z.enum(contactFormFilters).default('false') });
export type ContactFormQuery = z.input<typeof contactFormQuery>;

/** An expert as the back-office names one (who decided, who called back). */
export const personView = z.object({ id: z.string(), name: z.string(), email: z.string() });
export type PersonView = z.output<typeof personView>;

export const customerSummary = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone_number: z.string().nullable(),
});
export type CustomerSummary = z.output<typeof customerSummary>;

/** POST /admin/applications/{id}/decision, and the head of the application page. */
export const adminApplicationView = z.object({
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
export type AdminApplicationView = z.output<typeof adminApplicationView>;

/** One row of the review queue; amounts in kuruş. */
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
export type QueueItemView = z.output<typeof queueItemView>;

/** GET /admin/applications: newest submitted first. */
export const queuePage = z.object({ items: z.array(queueItemView), total: z.number().int() });
export type QueuePage = z.output<typeof queuePage>;

/** The store now; `deleted` when the seller removed it after submitting. */
export const adminStoreStatus = z.enum(adminStoreStatuses);
export type AdminStoreStatus = z.output<typeof adminStoreStatus>;

/** A submitted store on the application page. */
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
  status: adminStoreStatus.describe('Now; deleted when the store is gone'),
  is_active: z.boolean(),
  is_updated: z.boolean(),
  last_checked_at: iso.nullable(),
});
export type StoreView = z.output<typeof storeView>;

/** A contact (skip-step) form as the back-office sees it; POST /admin/contact_forms/{id}/handled answers one. */
export const adminContactFormView = z.object({
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
export type AdminContactFormView = z.output<typeof adminContactFormView>;

/** GET /admin/contact_forms: newest first. */
export const contactFormPage = z.object({ items: z.array(adminContactFormView), total: z.number().int() });
export type ContactFormPage = z.output<typeof contactFormPage>;

/** One line of the audit trail: who (and in which role) did what, and when. */
export const eventView = z.object({
  id: z.string(),
  action: z.enum(applicationEventActions),
  actor: z.object({
    id: z.string().nullable(),
    name: z.string().nullable(),
    email: z.string().nullable(),
    role: z.enum(actorRoles),
  }),
  detail: z.record(z.string(), z.unknown()),
  created_at: iso,
});
export type EventView = z.output<typeof eventView>;

/** How many audit events the application page and one page of GET /admin/applications/{id}/events carry by default. */
export const auditEventsPageSize = 50;

/** GET /admin/applications/{id}/events: the audit trail after `cursor`, oldest first. */
export const auditEventsQuery = z.object({
  cursor: z
    .guid()
    .optional()
    .describe('Opaque: events_next_cursor of the application page or next_cursor of the page before; absent for the first page'),
  limit: z.coerce.number().int().min(1).max(200).default(auditEventsPageSize),
});
export type AuditEventsQuery = z.input<typeof auditEventsQuery>;

/** One page of the audit trail; next_cursor is null on the last page. */
export const auditEventsPage = z.object({
  events: z.array(eventView),
  next_cursor: z.string().nullable().describe('Pass as cursor for the events after these; null when there are no more'),
});
export type AuditEventsPage = z.output<typeof auditEventsPage>;

/** GET /admin/applications/{id} */
export const applicationDetailView = adminApplicationView.extend({
  customer: customerSummary.extend({
    is_phone_verified: z.boolean(),
    is_email_verified: z.boolean(),
    preferred_language: z.enum(languages),
    created_at: iso,
  }),
  plan: planView.nullable(),
  integrations: z.array(storeView),
  company: companyView.nullable(),
  contact_forms: z.array(adminContactFormView),
  events: z
    .array(eventView)
    .describe(`The first ${auditEventsPageSize} events of the audit trail, oldest first (the whole trail when it is no longer)`),
  events_next_cursor: z
    .string()
    .nullable()
    .describe('null when events is the whole trail; otherwise the cursor of GET /admin/applications/{id}/events for the rest'),
  store_performance: storePerformanceView.describe("The submitted stores' synced sales of the last 12 months (underwriting)"),
  offer_snapshot: offerView
    .nullable()
    .optional()
    .describe(
      "Issue 35: the pre-qualified offer the seller was shown when submitting (GET /gpp/offer, in the seller's language), with its policy version, inputs and forecast; null for applications submitted before it was kept",
    ),
});
export type ApplicationDetailView = z.output<typeof applicationDetailView>;

/** The length a reject reason must have once trimmed. */
export const rejectReasonLength = { min: 10, max: 1000 } as const;

/** POST /admin/applications/{id}/decision */
export const decisionBody = z.object({
  decision: z.enum(['approved', 'rejected']),
  reject_reason: z.string().max(5000).nullish().describe('Required (10–1000 characters) when rejecting'),
});
export type DecisionBody = z.input<typeof decisionBody>;

/** POST /admin/customers/{customer_id}/end_sessions answers 204 with no body. */
export const noContent = z.null().describe('No content');

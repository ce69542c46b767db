/*
 * Wire contract of the Applications area (API.md "Applications"): the seller's WorqTrade application
 * journey and the contact (skip-step) form, plus the snapshot frozen at submission for the experts.
 * The API validates and documents its routes with these schemas; the web imports the types only.
 */
import { z } from 'zod';
import { applicationStatuses, ecommerceDurationBands, monthlyRevenueBands, salesChannels } from './choices.ts';
import { storeNameField } from '../validation-schemas.ts';
import { planView } from './gpp.ts';
import { companyView } from './company.ts';
import { storeFieldsView } from './marketplace.ts';

/** Where an application stands; `not_completed` is a draft only its seller sees. */
export { applicationStatuses };
export type ApplicationStatus = (typeof applicationStatuses)[number];

/** The contact form's choices. */
export { salesChannels };
export type SalesChannel = (typeof salesChannels)[number];
export { monthlyRevenueBands };
export type MonthlyRevenueBand = (typeof monthlyRevenueBands)[number];
export { ecommerceDurationBands };
export type EcommerceDurationBand = (typeof ecommerceDurationBands)[number];

export const applicationStep = z.union([z.literal(1), z.literal(2), z.literal(3)]);
export type ApplicationStep = z.output<typeof applicationStep>;

/** The application object: the answer of every journey call. */
export const applicationView = z.object({
  id: z.string(),
  created_at: z.string(),
  status: z.enum(applicationStatuses),
  reject_reason: z.string().nullable(),
  step: applicationStep.describe('1 plan, 2 connect store, 3 summary'),
  is_leaved: z.boolean(),
  is_cancelled: z.boolean(),
});
export type ApplicationView = z.output<typeof applicationView>;

/** One row of GET /application/get_by_customer_id/{customer_id}. */
export const applicationListItem = applicationView.extend({ plan: planView.optional().describe('Present once a plan was saved') });
export type ApplicationListItem = z.output<typeof applicationListItem>;

/** GET /application/get_by_customer_id/{customer_id}: newest first. */
export const applicationList = z.array(applicationListItem);
export type ApplicationList = z.output<typeof applicationList>;

/** The path of GET /application/get_by_customer_id/{customer_id}. */
export const customerIdParams = z.object({ customer_id: z.string().max(64) });
export type CustomerIdParams = z.input<typeof customerIdParams>;

/** POST /application/leave_application and POST /application/complete_application */
export const applicationIdBody = z.object({ application_id: z.uuid() });
export type ApplicationIdBody = z.input<typeof applicationIdBody>;

/** POST /application/start_application */
export const startApplicationBody = z.object({ cancel_existing: z.boolean().optional() });
export type StartApplicationBody = z.input<typeof startApplicationBody>;

/** POST /application/set_step */
export const setStepBody = applicationIdBody.extend({ step: applicationStep });
export type SetStepBody = z.input<typeof setStepBody>;

/** What `missing` of a 409 step_requirements_not_met names, for the web to act on. */
export type MissingRequirement = 'plan' | 'linked_store' | 'summary_step';

/* ---------- Contact (skip-step) form ---------- */

/** Accepts the city id as a number or as digits in a string (a select's value is a string). */
const cityId = z
  .union([z.number(), z.string()], { error: 'city_unknown' })
  .transform((value) => (typeof value === 'number' ? value : /^\s*\d{1,4}\s*$/.test(value) ? Number(value) : Number.NaN))
  .pipe(z.number({ error: 'city_unknown' }).int('city_unknown').min(1, 'city_unknown').max(9999, 'city_unknown'));

/** POST /application/form/upsert */
export const contactFormInput = z.object({
  application_id: z.uuid().nullish().describe('The application it belongs to, when there is one'),
  sales_channels: z
    .array(z.enum(salesChannels))
    .min(1, 'select_at_least_one')
    .max(salesChannels.length)
    .refine((channels) => new Set(channels).size === channels.length, 'duplicate_choice'),
  monthly_revenue_band: z.enum(monthlyRevenueBands),
  ecommerce_duration_band: z.enum(ecommerceDurationBands),
  best_selling_store_name: storeNameField(120),
  headquarters_city_id: cityId.describe('A province id from GET /location/city/view'),
  note: z.string().trim().max(1000).nullish(),
});
export type ContactFormInput = z.input<typeof contactFormInput>;
/** The form as the API holds it once parsed: the city id is a number. */
export type ParsedContactFormInput = z.output<typeof contactFormInput>;

/** The answer of POST /application/form/upsert. */
export const contactFormView = z.object({
  id: z.string(),
  application_id: z.string().nullable(),
  sales_channels: z.array(z.enum(salesChannels)),
  monthly_revenue_band: z.enum(monthlyRevenueBands),
  ecommerce_duration_band: z.enum(ecommerceDurationBands),
  best_selling_store_name: z.string(),
  headquarters_city_id: z.number().int(),
  note: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ContactFormView = z.output<typeof contactFormView>;

/* ---------- The submitted snapshot ---------- */

/*
 * Not on the wire itself: the API stores it in applications.submitted_snapshot at completion and the
 * back-office reads it back (GET /admin/applications/{id}). It holds no secret, ever.
 */

export const snapshotIntegration = z.object({
  id: z.string(),
  marketplace_id: z.string(),
  marketplace_code: z.string(),
  marketplace_name: z.string(),
  ...storeFieldsView.shape,
  company_id: z.string(),
  company: companyView,
});
export type SnapshotIntegration = z.output<typeof snapshotIntegration>;

/** What the seller submitted, frozen at completion for the experts (never any secret). */
export const submittedSnapshot = z.object({
  integrations: z.array(snapshotIntegration),
  /** The company of the first store; `companies` lists every distinct one. */
  company: companyView,
  companies: z.array(companyView),
  plan: planView,
});
export type SubmittedSnapshot = z.output<typeof submittedSnapshot>;

type Loose = Record<string, unknown>;
const isRecord = (value: unknown): value is Loose => typeof value === 'object' && value !== null && !Array.isArray(value);
const filledText = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** Each member of `shape` may be missing, and one of the wrong type reads as missing instead of failing the whole. */
function lenient<Shape extends Record<string, z.ZodType>>(shape: Shape): { [Key in keyof Shape]: z.ZodCatch<z.ZodOptional<Shape[Key]>> } {
  return Object.fromEntries(Object.entries(shape).map(([key, member]) => [key, member.optional().catch(undefined)])) as {
    [Key in keyof Shape]: z.ZodCatch<z.ZodOptional<Shape[Key]>>;
  };
}

/**
 * Older snapshots listed the stores under `stores` (as ids, or as objects with `integration_id`) and
 * the companies under `companies` only; they are read as the current shape. Anything not a store with
 * an id is left out.
 */
function currentKeys(stored: unknown): unknown {
  if (!isRecord(stored)) return stored;
  const list = stored.integrations ?? stored.stores;
  const company = stored.company ?? (Array.isArray(stored.companies) ? stored.companies[0] : undefined);
  return {
    ...stored,
    integrations: Array.isArray(list)
      ? list.flatMap((entry): Loose[] => {
          if (typeof entry === 'string') return [{ id: entry }];
          if (!isRecord(entry)) return [];
          const id = filledText(entry.id) ?? filledText(entry.integration_id);
          return id ? [{ ...entry, id }] : [];
        })
      : undefined,
    company: isRecord(company) ? company : undefined,
  };
}

/** A submitted store as read back: only `id` is sure; an older snapshot may also hold its title and status. */
export const storedSnapshotIntegration = z.object({
  ...lenient(snapshotIntegration.shape),
  id: z.string(),
  company_title: z.string().optional().catch(undefined),
  status: z.string().optional().catch(undefined).describe('The store status at submission; absent means active'),
});
export type StoredSnapshotIntegration = z.output<typeof storedSnapshotIntegration>;

/**
 * The one reader of applications.submitted_snapshot, for snapshots of any age: the current shape
 * with every member optional, older keys read as the current ones. Unknown members are dropped, so
 * nothing the reader does not name (a secret by mistake) comes through. Use `safeParse`: a stored
 * value that is no object at all fails.
 */
export const storedSnapshot = z.preprocess(
  currentKeys,
  z.object({
    integrations: z.array(storedSnapshotIntegration).optional(),
    company: z.object(lenient(companyView.shape)).optional(),
    plan: planView.optional().catch(undefined),
  }),
);
export type StoredSnapshot = z.output<typeof storedSnapshot>;

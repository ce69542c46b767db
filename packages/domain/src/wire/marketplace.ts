/*
 * Wire contract of the Marketplaces area (API.md "Marketplaces and companies"): the marketplaces,
 * the seller's store connections and the companies they are linked to. The API validates and
 * documents its routes with these schemas; the web, the e2e fixtures and the API test kits import
 * the types only. Secrets are write-only: they appear in request bodies, never in an answer.
 */
import { z } from 'zod';
import { storeNameField } from '../validation-schemas.ts';
import { amazonRegions, integrationStatuses } from './choices.ts';
import { companyInput, companyView } from './company.ts';

/** The statuses of a store connection (the API's integrations.status column holds the same). */
export { integrationStatuses };
export const integrationStatus = z.enum(integrationStatuses);
export type IntegrationStatus = z.output<typeof integrationStatus>;

/** Amazon's SP-API regions (wire/choices.ts); the API's configuration and connector take the same list. */
export { amazonRegions };

/* ---------- Marketplaces ---------- */

export const marketplaceField = z.object({ name: z.string(), type: z.enum(['text', 'secret', 'url']), required: z.boolean() });
export type MarketplaceField = z.output<typeof marketplaceField>;

/** One entry of GET /marketplace/all */
export const marketplaceView = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  logo_url: z.string().nullable().describe('No logo is served yet: always null'),
  auth_type: z.enum(['api_key', 'oauth']),
  fields: z.array(marketplaceField),
  regions: z.array(z.enum(amazonRegions)).optional(),
});
export type MarketplaceView = z.output<typeof marketplaceView>;

/** GET /marketplace/all */
export const marketplaceList = z.array(marketplaceView);

/* ---------- Store connections ---------- */

/** What every view of a store shows of it, whichever module serves it (never a secret). */
export const storeFieldsView = z.object({
  store_name: z.string(),
  store_link: z.string().nullable(),
  region: z.string().nullable(),
  seller_id: z.string().nullable(),
  merchant_id: z.string().nullable(),
  connected_at: z.string(),
});
export type StoreFieldsView = z.output<typeof storeFieldsView>;

/** One entry of GET /marketplace/integration/list (never a secret). */
export const integrationView = z.object({
  id: z.string(),
  marketplace_id: z.string(),
  marketplace_code: z.string(),
  ...storeFieldsView.shape,
  status: integrationStatus,
  is_active: z.boolean(),
  is_updated: z.boolean(),
  company_id: z.string().nullable(),
  company_official_name: z.string().nullable(),
  company_title: z.string().nullable(),
});
export type IntegrationView = z.output<typeof integrationView>;

/** GET /marketplace/integration/list: the status filter may be repeated (?status=a&status=b). */
export const integrationListQuery = z.object({ status: z.union([integrationStatus, z.array(integrationStatus)]).optional() });
export type IntegrationListQuery = z.input<typeof integrationListQuery>;

/** GET /marketplace/integration/list */
export const integrationList = z.array(integrationView);

/** Whether a store link the seller typed is an http(s) address with a dotted host (a missing scheme means https). */
export const isHttpUrl = (value: string): boolean => {
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
  } catch {
    return false;
  }
};

/**
 * Store links are shown as links: kept only as absolute http(s) addresses (`magaza.com/x` becomes
 * `https://magaza.com/x`), so no other scheme or relative path ever reaches an href.
 */
const optionalLink = z
  .string()
  .trim()
  .max(500)
  .refine((value) => value === '' || isHttpUrl(value), 'invalid_format')
  .nullish()
  .transform((value) => (value ? new URL(/^https?:\/\//i.test(value) ? value : `https://${value}`).href : null));

/** POST /marketplace/integration/upsert (202 with the task's request_id, wire/tasks.ts) */
export const upsertBody = z.object({
  integration_id: z.uuid().optional().describe('Given: update this integration; absent: connect a new one'),
  marketplace_id: z.uuid(),
  store_name: storeNameField(120),
  store_link: optionalLink,
  region: z.string().trim().max(16).nullish(),
  credentials: z
    .record(z.string().max(64), z.string().max(4000))
    .refine((value) => Object.keys(value).length <= 20, 'invalid_value')
    .describe("The marketplace's fields by name (Amazon: spapi_oauth_code, state, selling_partner_id)"),
});
export type UpsertBody = z.input<typeof upsertBody>;

/** GET /marketplace/amazon/authorization_url (the configured default region when absent) */
export const amazonAuthorizationQuery = z.object({ region: z.enum(amazonRegions).optional() });
export type AmazonAuthorizationQuery = z.input<typeof amazonAuthorizationQuery>;

/** The answer of both authorization_url calls: the consent page and its single-use state (10 minutes). */
export const authorizationUrl = z.object({ url: z.string(), state: z.string() });
export type AuthorizationUrl = z.output<typeof authorizationUrl>;

/** POST /marketplace/ideasoft/authorization_url: the typed details stay on the server with the state. */
export const ideasoftAuthorizationBody = z.object({
  integration_id: z.uuid().optional().describe('Given: reconnect this Ideasoft integration'),
  store_name: storeNameField(120),
  store_link: optionalLink,
  store_url: z.string().trim().min(1, 'required').max(500).describe('https://{store}: a host name, no IP, port or user'),
  client_id: z.string().trim().min(1, 'required').max(200),
  client_secret: z
    .string()
    .trim()
    .max(500)
    .optional()
    .describe('Required to connect; on reconnect an empty one keeps the stored secret. Never returned.'),
});
export type IdeasoftAuthorizationBody = z.input<typeof ideasoftAuthorizationBody>;

/** POST /marketplace/integration/change_status (202 with the task's request_id) */
export const changeStatusBody = z.object({
  integration_id: z.uuid(),
  action: z.enum(['activate', 'disable', 'delete']),
});
export type ChangeStatusBody = z.input<typeof changeStatusBody>;
export type IntegrationAction = ChangeStatusBody['action'];

/* ---------- Companies of the stores ---------- */

/** POST /marketplace/integration/set_company (202 with the task's request_id): an existing company_id or a new company. */
export const setCompanyBody = z
  .object({
    integration_ids: z.array(z.uuid()).min(1).max(50),
    company_id: z.uuid().optional(),
    company: companyInput.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.company_id === undefined && value.company === undefined) {
      ctx.addIssue({ code: 'custom', path: ['company_id'], message: 'company_required' });
    }
  });
export type SetCompanyBody = z.input<typeof setCompanyBody>;

/** GET /marketplace/integration/get_details_by_customer_id: active and updated connections by company. */
export const companyWithIntegrations = z.object({
  companies: z.array(z.object({ company: companyView, integrations: z.array(integrationView) })),
  integrations_without_company: z.array(integrationView),
});
export type CompanyWithIntegrations = z.output<typeof companyWithIntegrations>;

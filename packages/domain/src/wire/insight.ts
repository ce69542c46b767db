/*
 * Wire contract of the WorqInsight area (API.md "Orders and WorqInsight"): store lookup, order sync,
 * the sales overview and its tips, and the sales history WorqTrade reads (GET /gpp/suggestion and the
 * experts' store_performance). Money is integer kuruş, days are Istanbul `YYYY-MM-DD`.
 * The API validates and documents its routes with these schemas; the web imports the types only.
 */
import { z } from 'zod';
import { daysBetween, isCalendarDay } from '../calendar.ts';
import { clientDay } from './common.ts';

/** One store id or the id repeated (`integration_id=a&integration_id=b`); read as a list. */
const integrationIds = z
  .union([z.uuid(), z.array(z.uuid()).max(50)])
  .optional()
  .transform((value) => (value === undefined ? undefined : [value].flat()));

/** POST /insight/store_lookup */
export const storeLookupBody = z.object({ store_url: z.string().max(500) });
export type StoreLookupBody = z.input<typeof storeLookupBody>;
export const storeLookup = z.object({
  marketplace_code: z.string().nullable(),
  store_name: z.string().nullable(),
  seller_id: z.string().nullable(),
  store_link: z.string(),
  candidates: z.array(z.string()),
});
export type StoreLookup = z.output<typeof storeLookup>;

/** POST /insight/sync: answers 202 with `taskAccepted` (wire/tasks.ts); the sync_orders result's data is `orderSyncData`. */
export const orderSyncBody = z.object({ integration_id: z.uuid() });
export type OrderSyncBody = z.input<typeof orderSyncBody>;
export const orderSyncData = z.object({
  new_orders: z.number().int(),
  updated_orders: z.number().int(),
  oldest_order_at: z.string().nullable(),
});
export type OrderSyncData = z.output<typeof orderSyncData>;

/** GET /insight/overview and GET /insight/tips */
/** The longest range GET /insight/overview and /insight/tips take, in days. */
export const maxRangeDays = 366;
export const rangeQuery = z
  .object({ from: clientDay.optional(), to: clientDay.optional(), integration_id: integrationIds })
  .superRefine(({ from, to }, ctx) => {
    // Runs even when a day failed its own check; compare only two real days.
    if (from === undefined || to === undefined || !isCalendarDay(from) || !isCalendarDay(to)) return;
    if (from > to) ctx.addIssue({ code: 'custom', path: ['from'], message: 'insight_range_invalid' });
    else if (daysBetween(from, to) + 1 > maxRangeDays) ctx.addIssue({ code: 'custom', path: ['to'], message: 'insight_range_too_long' });
  });
export type RangeQuery = z.input<typeof rangeQuery>;

export const totals = z.object({
  revenue: z.number().int(),
  orders: z.number().int(),
  units: z.number().int(),
  average_order_value: z.number().int(),
  cancelled_orders: z.number().int(),
  returned_orders: z.number().int(),
  cancellation_rate: z.number().describe('Cancelled orders over every order placed in the period (0–1)'),
  return_rate: z.number().describe('Returned orders over every order placed in the period (0–1)'),
});
export type Totals = z.output<typeof totals>;

export const syncStates = ['never', 'running', 'ok', 'failed'] as const;

/** Extension of API.md (issue: figures from seller-run hosts), sent with every store. */
const sourceVerified = z
  .boolean()
  .describe(
    "False: an Ideasoft or Ticimax store whose host is not shown to belong to the platform (a seller-run host could serve invented orders); its figures are labelled 'unverified source' and left out of the plan suggestion",
  );
export type SyncState = (typeof syncStates)[number];

/**
 * A store's first import while it runs (extension of API.md): the most recent days first, then the
 * older history. Estimates come from the pacing model of the store's marketplace (its documented
 * limits), fitted to how long the import has taken so far; null where nothing supports one.
 */
export const storeImport = z.object({
  phase: z
    .enum(['recent', 'history'])
    .describe(
      'recent: the last recent_days days, read first; history: the older orders, up to a year back or as far as the marketplace serves',
    ),
  recent_days: z.number().int().nonnegative().describe('How many days back the recent phase reads'),
  orders_saved: z.number().int().nonnegative().describe('Orders of the store saved so far, every status and currency'),
  steps_done: z
    .number()
    .int()
    .nonnegative()
    .nullable()
    .describe(
      "Steps of this phase done (one date window of one of the marketplace's lists); null where the marketplace pages without a total (Amazon, Ideasoft, Ticimax)",
    ),
  steps_total: z.number().int().nonnegative().nullable().describe('Steps this phase plans; null with steps_done'),
  seconds_left: z
    .number()
    .int()
    .nonnegative()
    .nullable()
    .describe(
      'Estimated seconds until this phase ends (history: until the whole import ends); null when unknown: nothing read yet, no position, or the import is not running',
    ),
  first_import_seconds: z
    .number()
    .int()
    .nonnegative()
    .nullable()
    .describe("Estimated length of the whole first import, from the store's connection; known once the recent days are in"),
});
export type StoreImport = z.output<typeof storeImport>;

/** One store's order sync, as the overview lists it. */
export const storeSync = z.object({
  integration_id: z.string(),
  marketplace_code: z.string(),
  marketplace_name: z.string().describe('Extension of API.md: the marketplace display name'),
  connection_status: z.enum(['active', 'out_of_date', 'disabled']).describe('Extension of API.md: the connection status'),
  store_name: z.string(),
  state: z.enum(syncStates),
  last_synced_at: z.string().nullable(),
  oldest_order_at: z.string().nullable(),
  message: z.string().nullable(),
  source_verified: sourceVerified.optional(),
  unclassified_orders: z
    .number()
    .int()
    .optional()
    .describe(
      "Extension of API.md: orders of the store's last import whose status could not be read (kept and counted as placed) or that could not be read at all",
    ),
  history_days: z
    .number()
    .int()
    .nonnegative()
    .nullable()
    .optional()
    .describe(
      "Extension of API.md: how many days back from now the marketplace serves this store's orders (Trendyol about 3 months, N11 since November 2024); months before that are not served, which is not the same as no sales. Null: no limit is known, the store's whole history is served",
    ),
  import: storeImport
    .nullable()
    .optional()
    .describe("Extension of API.md: the store's first import while it is under way (null once it is done)"),
});
export type StoreSync = z.output<typeof storeSync>;

/** GET /insight/overview */
export const overview = z.object({
  from: z.string(),
  to: z.string(),
  currency: z.literal('TRY'),
  totals,
  previous: totals.describe('The same figures for the equal period just before'),
  series: z.array(z.object({ date: z.string(), revenue: z.number().int(), orders: z.number().int() })),
  by_marketplace: z.array(
    z.object({
      integration_id: z.string(),
      marketplace_code: z.string(),
      store_name: z.string(),
      revenue: z.number().int(),
      orders: z.number().int(),
      source_verified: sourceVerified.optional(),
    }),
  ),
  top_products: z.array(z.object({ sku: z.string(), name: z.string(), units: z.number().int(), revenue: z.number().int() })),
  other_currencies: z.array(z.object({ currency: z.string(), amount: z.number().int(), orders: z.number().int() })),
  sync: z.array(storeSync),
});
export type Overview = z.output<typeof overview>;

export const tip = z.object({
  code: z.string(),
  severity: z.enum(['info', 'opportunity', 'warning']),
  title: z.string(),
  body: z.string(),
  metric: z.object({ name: z.string(), value: z.number() }).nullable(),
  action: z.object({ kind: z.string(), href: z.string() }).nullable(),
});
export type Tip = z.output<typeof tip>;

/** GET /insight/tips: most important first. */
export const tips = z.array(tip);

/** GET /gpp/suggestion: every figure null with months_used 0 when no orders are synced. */
export const turnoverSuggestion = z.object({
  average_monthly_turnover: z.number().int().nullable(),
  months_used: z.number().int(),
  period: z.object({ from: z.string().nullable(), to: z.string().nullable() }),
  integrations: z.array(z.object({ integration_id: z.string(), marketplace_code: z.string(), store_name: z.string() })),
  suggested_stock_purchase_amount: z.number().int().nullable(),
  excluded_integrations: z
    .array(
      z.object({
        integration_id: z.string(),
        marketplace_code: z.string(),
        store_name: z.string(),
        reason: z.enum(['unverified_source']),
      }),
    )
    .optional()
    .describe(
      "Extension of API.md: the seller's stores whose sales are left out of every figure here, and why (unverified_source: an Ideasoft or Ticimax store whose host is not shown to belong to the platform)",
    ),
  unverified_sources: z
    .boolean()
    .optional()
    .describe('Extension of API.md: true when some store was left out because its source is unverified (see excluded_integrations)'),
});
export type TurnoverSuggestion = z.output<typeof turnoverSuggestion>;

/** `store_performance` of GET /admin/applications/{id}: the submitted stores' last 12 months. */
export const storePerformanceView = z.object({
  months: z.array(
    z.object({
      month: z.string().describe('YYYY-MM'),
      revenue: z.number().int(),
      orders: z.number().int(),
      cancelled_orders: z.number().int(),
      returned_orders: z.number().int(),
      served: z
        .boolean()
        .optional()
        .describe(
          "false when a store's marketplace does not serve orders back to this month's first day (Trendyol: about 88 days): its figures are incomplete, not zero",
        ),
    }),
  ),
  cancellation_rate: z.number(),
  return_rate: z.number(),
  by_marketplace: z.array(
    z.object({
      marketplace_code: z.string(),
      store_name: z.string(),
      revenue: z.number().int(),
      source_verified: sourceVerified.optional(),
      unclassified_orders: z
        .number()
        .int()
        .optional()
        .describe("Orders of the store's last import whose status could not be read (counted as placed) or that could not be read"),
    }),
  ),
  unverified_sources: z
    .boolean()
    .optional()
    .describe("True when some store's source is unverified: its sales are in the months above, labelled in by_marketplace"),
  last_synced_at: z.string().nullable(),
});
export type StorePerformanceView = z.output<typeof storePerformanceView>;

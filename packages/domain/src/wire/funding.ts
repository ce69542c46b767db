/*
 * Wire contract of "after funding" (API.md "After funding", issue 36; funding-watch.ts decides).
 * Money is integer kuruş, days Istanbul `YYYY-MM-DD`; week 1 starts on the approval day, like the
 * repayment schedule. A week the marketplaces have not served yet has `sales: null`, never a zero.
 */
import { z } from 'zod';
import { portfolioRiskFilters, portfolioSorts, portfolioStates, warningCodes } from './choices.ts';
import { listQuery } from './admin.ts';

const iso = z.string().describe('ISO 8601 UTC');

export const warningCode = z.enum(warningCodes);
export const connectionHealthView = z
  .enum(['ok', 'stale', 'disconnected', 'no_store'])
  .describe('disconnected: a store is not active; stale: a store has not synced for 3 days or more');
export const standingView = z
  .enum(['on_track', 'ahead', 'behind', 'not_enough_data'])
  .describe('Served weeks\u2019 sales against the plan; within \u00b110 % is on track; not_enough_data before the first served week');

export const performanceWeekView = z.object({
  week: z.number().int().describe('1 = the seven days starting on the approval day'),
  week_start: z.string(),
  week_end: z.string(),
  served: z.boolean().describe('The week is over and every store synced after it'),
  sales: z.number().int().nullable().describe('Net sales of the verified stores; null when not served'),
  unverified_sales: z
    .number()
    .int()
    .nullable()
    .describe('Net sales of stores on an unverified source, shown apart and never in any figure; null when none or not served'),
  plan_expected: z.number().int().describe("The plan's estimated sales turnover per week"),
  expected: z.number().int().nullable().describe('Forecast at approval; null beyond its 12 weeks or without one'),
  low: z.number().int().nullable().describe('Low end of the 80 % interval at approval'),
  high: z.number().int().nullable(),
});
export type PerformanceWeekView = z.output<typeof performanceWeekView>;

export const performanceStoreView = z.object({
  integration_id: z.string(),
  store_name: z.string(),
  marketplace_code: z.string(),
  status: z.enum(['active', 'out_of_date', 'disabled', 'deleted']),
  connection_status: z.enum(['ok', 'stale', 'disconnected']),
  source_verified: z.boolean().describe('false: the store runs on a host the portal cannot confirm; its sales are shown apart'),
  last_synced_at: iso.nullable(),
  last_order_at: iso.nullable(),
});
export type PerformanceStoreView = z.output<typeof performanceStoreView>;

export const sellerNoteView = z.object({
  code: z.enum(['reconnect_store', 'no_recent_orders']),
  integration_id: z.string().nullable(),
  store_name: z.string().nullable(),
  days: z.number().int().nullable(),
});
export type SellerNoteView = z.output<typeof sellerNoteView>;

/** GET /application/{id}/performance */
export const performanceView = z.object({
  approved_at: iso,
  approval_day: z.string(),
  status: standingView,
  behind_by: z.number().int().describe('Plan minus sales over the served weeks when behind; 0 otherwise'),
  ahead_by: z.number().int().describe('Sales minus plan when ahead; 0 otherwise'),
  sales_to_date: z.number().int(),
  plan_to_date: z.number().int(),
  served_weeks: z.number().int(),
  forecast_method: z.enum(['ets', 'seasonal_naive', 'stopped']).nullable().describe('Of the forecast at approval; null without one'),
  weeks: z.array(performanceWeekView),
  stores: z.array(performanceStoreView),
  connection_health: connectionHealthView,
  repayment: z.object({
    total: z.number().int(),
    paid: z.number().int(),
    due_to_date: z.number().int().describe('Installments due up to today'),
    paid_share: z.number().describe('paid / total, 0…1'),
    due_share: z.number().describe('due_to_date / total, 0…1'),
  }),
  notes: z.array(sellerNoteView).describe('Friendly notes for the seller, such as reconnecting a store'),
  computed_at: iso,
});
export type PerformanceView = z.output<typeof performanceView>;

export { portfolioRiskFilters, portfolioSorts, portfolioStates };

/** GET /admin/portfolio and /admin/portfolio.csv */
export const portfolioQuery = listQuery({
  sort: z.enum(portfolioSorts).default('risk').describe('risk: the highest risk score first; sales_4w: the lowest first'),
  risk: z.enum(portfolioRiskFilters).default('all').describe('any_warning, or one warning code'),
  state: z.enum(portfolioStates).default('active').describe('active: not fully repaid'),
});
export type PortfolioQuery = z.input<typeof portfolioQuery>;
export type PortfolioQueryValues = z.output<typeof portfolioQuery>;

export const portfolioRowView = z.object({
  application_id: z.string(),
  customer: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  company_title: z.string().nullable(),
  approved_at: iso,
  funded_amount: z.number().int().describe('The estimated stock purchase the plan financed'),
  total_payment_amount: z.number().int(),
  remaining_amount: z.number().int(),
  sales_vs_plan_2w: z.number().nullable().describe('Sales over plan in the last 2 served weeks (1 = on plan)'),
  sales_vs_plan_4w: z.number().nullable(),
  late_installments: z.number().int(),
  connection_health: connectionHealthView,
  days_since_last_order: z.number().int().nullable(),
  return_rate: z.number().nullable().describe('Last 28 days'),
  return_rate_at_approval: z.number().nullable(),
  unverified_stores: z.number().int().describe('Stores on an unverified source: their sales are in no figure here'),
  warnings: z.array(warningCode).describe('Open warnings'),
  risk_score: z.number().int(),
  checked_at: iso.nullable().describe('When the rules last ran for this application'),
});
export type PortfolioRowView = z.output<typeof portfolioRowView>;

export const portfolioPage = z.object({
  rows: z.array(portfolioRowView),
  total: z.number().int(),
});
export type PortfolioPage = z.output<typeof portfolioPage>;

/** GET /admin/portfolio/summary: the back-office badge. */
export const portfolioSummaryView = z.object({
  open_warnings: z.number().int(),
  applications_with_warnings: z.number().int(),
});
export type PortfolioSummaryView = z.output<typeof portfolioSummaryView>;

export const warningView = z.object({
  id: z.string(),
  code: warningCode,
  raised_at: iso,
  cleared_at: iso.nullable(),
  evidence: z.record(z.string(), z.unknown()).describe('The figures that raised it (funding-watch.ts WarningEvidence)'),
});
export type WarningView = z.output<typeof warningView>;

/** GET /admin/applications/{id}/warnings: open first, then the newest. */
export const warningList = z.array(warningView);

/*
 * Wire contract of the pre-qualified offer and the sales forecast (GET /gpp/offer, issue 35;
 * ARCHITECTURE.md §6a; offer-policy.ts and sales-forecast.ts). Money is integer kuruş, days are
 * Istanbul `YYYY-MM-DD`. Only stores whose source is verified enter any figure here.
 */
import { z } from 'zod';

export const forecastWeekView = z.object({
  week: z.number().int().describe('1 = the seven days starting today'),
  from: z.string().describe('First Istanbul day of the week'),
  to: z.string().describe('Last Istanbul day of the week'),
  expected: z.number().int(),
  low: z.number().int().describe('Low end of the 80 % interval'),
  high: z.number().int().describe('High end of the 80 % interval'),
});
export type ForecastWeekView = z.output<typeof forecastWeekView>;

const forecastMethod = z
  .enum(['ets', 'seasonal_naive', 'stopped'])
  .describe(
    "ets: augurs' AutoETS on weekly totals; seasonal_naive: every week repeats the last one (fewer than 8 weeks of history); stopped: no sale for a week or more, longer than any earlier silence, so nothing is expected",
  );

export const salesForecastView = z
  .object({
    method: forecastMethod,
    level: z.number().describe('Share of outcomes the interval holds (0.8)'),
    history_weeks: z.number().int().describe('Full weeks of history read'),
    weeks: z.array(forecastWeekView).describe('The next 12 weeks, all verified stores together'),
    by_store: z.array(
      z.object({
        integration_id: z.string(),
        marketplace_code: z.string(),
        store_name: z.string(),
        method: forecastMethod,
        history_weeks: z.number().int(),
        weeks: z.array(forecastWeekView),
      }),
    ),
  })
  .describe('Weekly net revenue forecast; null without a full week of verified history');
export type SalesForecastView = z.output<typeof salesForecastView>;

const salesScenariosView = z.object({
  slow: z.number().int().describe('Every week at the low end of the interval'),
  expected: z.number().int(),
  fast: z.number().int().describe('Every week at the high end of the interval'),
});
export type SalesScenariosView = z.output<typeof salesScenariosView>;

const offerNote = z.object({ code: z.string(), text: z.string().describe('In the request language') });

export const offerInputsView = z
  .object({
    net_sales_90_days: z.number().int(),
    trend: z.number().nullable().describe('Last 90 days against the 90 before (0.08 = +8 %); null under 180 days of history'),
    return_rate: z.number(),
    weekly_variation: z.number().describe('Standard deviation over mean of the last 13 weekly totals'),
    history_months: z.number().int(),
    store_count: z.number().int().describe('Verified stores with sales in the last 90 days'),
    forecast_slow_8_weeks: z.number().int().nullable(),
  })
  .describe('The verified figures the policy read');
export type OfferInputsView = z.output<typeof offerInputsView>;

export const offerView = z.object({
  offer_id: z
    .string()
    .nullable()
    .describe('The stored offer (seller_offers.id) this view reads; null only in application snapshots kept before offers were stored'),
  policy_version: z.string().describe('offerPolicyVersion of packages/domain/src/offer-policy.ts'),
  computed_at: z.string().describe('When the policy first made this decision from these inputs'),
  status: z.enum(['pre_qualified', 'refused']),
  max_amount: z.number().int().nullable().describe('Up to this stock purchase; null when refused'),
  headline: z.string().nullable().describe('"So far you can get financing of up to ₺X"; null when refused'),
  subject_to_review: z.string().describe('Always shown: a pre-qualification, never a promise'),
  summary: z.string().nullable().describe('The reasons as one sentence'),
  reasons: z.array(offerNote),
  refusals: z.array(offerNote),
  raise: z.array(offerNote).describe('What would raise the offer'),
  durations: z
    .array(
      z.object({
        duration_weeks: z.number().int(),
        provider_share_rate: z.number(),
        provider_share: z.number().int(),
        total_payment: z.number().int(),
        installment_amount: z.number().int(),
      }),
    )
    .describe('The three plan durations priced at max_amount, payments from week 1; empty when refused'),
  sales_scenarios: z
    .array(z.object({ duration_weeks: z.number().int() }).extend(salesScenariosView.shape))
    .describe('Estimated sales over the first 4, 6 and 8 forecast weeks, for the plan; empty without a forecast'),
  inputs: offerInputsView,
  excluded_integrations: z.array(
    z.object({ integration_id: z.string(), marketplace_code: z.string(), store_name: z.string(), reason: z.enum(['unverified_source']) }),
  ),
  forecast: salesForecastView.nullable(),
});
export type OfferView = z.output<typeof offerView>;

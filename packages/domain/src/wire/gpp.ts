/*
 * Wire contract of the Plan area (API.md "Plan"): the revenue-sharing plan of WorqTrade, GPeT.
 * Amounts are integer kuruş. The API validates and documents its routes with these schemas; the web
 * imports the types only.
 */
import { z } from 'zod';

/** 10 billion TL in kuruş: far above any allowed plan, low enough that no product leaves safe integers. */
export const maxMoneyInput = 1_000_000_000_000;

const money = z.number().int().min(0).max(maxMoneyInput);
/** The plan lengths of `durationsWeeks` in ../plan.ts. */
export const durationWeeks = z.union([z.literal(4), z.literal(6), z.literal(8)]);
/** The first paying weeks of `paymentStartWeeks` in ../plan.ts. */
export const paymentStartWeek = z.union([z.literal(1), z.literal(2), z.literal(3)]);

/** GET /gpp/get: the plan parameters the server decides. */
export const planParametersView = z.object({
  rates: z.array(z.object({ duration_weeks: durationWeeks, provider_share_rate: z.number().describe('A fraction: 0.08 is 8 %') })),
  payment_start_weeks: z.array(paymentStartWeek),
  min_stock_purchase_amount: z.number().int().describe('Kuruş'),
  max_stock_purchase_amount: z
    .number()
    .int()
    .describe('Kuruş; the stock purchase is also capped at max_stock_to_turnover_ratio × average monthly turnover'),
  max_stock_to_turnover_ratio: z.number(),
  max_sales_to_stock_ratio: z.number(),
  suggested_stock_ratio: z.number(),
});
export type PlanParametersView = z.output<typeof planParametersView>;

/** POST /gpp/upsert: the inputs only; every figure is recomputed by the server. */
export const planInput = z.object({
  application_id: z.uuid(),
  average_monthly_turnover: money.describe('Kuruş'),
  estimated_stock_purchase_amount: money.describe('Kuruş'),
  estimated_sales_turnover: money.describe('Kuruş'),
  duration_weeks: durationWeeks,
  payment_start_week: paymentStartWeek,
});
export type PlanInput = z.input<typeof planInput>;

/** POST /gpp/upsert and GET /gpp/get_by_customer_id: a saved plan, the inputs plus every figure the server computed. */
export const planView = planInput.extend({
  provider_share_rate: z.number().describe('A fraction: 0.08 is 8 %'),
  provider_share_amount: z.number().int(),
  your_share_amount: z.number().int(),
  total_payment_amount: z.number().int(),
  installment_count: z.number().int(),
  installment_amount: z.number().int(),
  schedule: z.array(z.object({ week: z.number().int(), amount: z.number().int() })),
});
export type PlanView = z.output<typeof planView>;

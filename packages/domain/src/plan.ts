/**
 * The revenue-sharing plan (GPeT) maths of ARCHITECTURE.md §4. Every amount is an integer number
 * of kuruş (1 TL = 100 kuruş); rates are basis points so no floating point touches money.
 */

export const durationsWeeks = [4, 6, 8] as const;
export type DurationWeeks = (typeof durationsWeeks)[number];
export const paymentStartWeeks = [1, 2, 3] as const;
export type PaymentStartWeek = (typeof paymentStartWeeks)[number];

/** Provider share rate per duration, in basis points (8 %, 12 %, 16 %). */
export const providerShareRateBps: Record<DurationWeeks, number> = { 4: 800, 6: 1200, 8: 1600 };

export const planLimits = {
  minStockPurchase: 10_000_00,
  maxStockPurchase: 10_000_000_00,
  /** Stock purchase may be at most this multiple of the average monthly turnover. */
  maxStockToTurnoverRatio: 2,
  /** Estimated sales turnover may be at most this multiple of the stock purchase. */
  maxSalesToStockRatio: 5,
  /** Most customers buy stock equal to about 80 % of monthly turnover. */
  suggestedStockRatio: 0.8,
} as const;

export interface PlanInputs {
  averageMonthlyTurnover: number;
  estimatedStockPurchase: number;
  estimatedSalesTurnover: number;
  durationWeeks: DurationWeeks;
  paymentStartWeek: PaymentStartWeek;
}

export interface Installment {
  week: number;
  amount: number;
}

export interface PlanFigures {
  providerShareRateBps: number;
  providerShare: number;
  totalPayment: number;
  yourShare: number;
  installmentCount: number;
  installmentAmount: number;
  schedule: Installment[];
}

export function providerShareFor(stockPurchase: number, durationWeeks: DurationWeeks): number {
  return Math.round((stockPurchase * providerShareRateBps[durationWeeks]) / 10_000);
}

export function calculatePlan(inputs: PlanInputs): PlanFigures {
  const rate = providerShareRateBps[inputs.durationWeeks];
  const providerShare = providerShareFor(inputs.estimatedStockPurchase, inputs.durationWeeks);
  const totalPayment = inputs.estimatedStockPurchase + providerShare;
  const installmentCount = inputs.durationWeeks;
  const installmentAmount = Math.floor(totalPayment / installmentCount);
  const schedule: Installment[] = Array.from({ length: installmentCount }, (_, index) => ({
    week: inputs.paymentStartWeek + index,
    amount: installmentAmount,
  }));
  schedule[installmentCount - 1]!.amount = totalPayment - installmentAmount * (installmentCount - 1);
  return {
    providerShareRateBps: rate,
    providerShare,
    totalPayment,
    yourShare: inputs.estimatedSalesTurnover - totalPayment,
    installmentCount,
    installmentAmount,
    schedule,
  };
}

export interface PlanBounds {
  minStockPurchase: number;
  maxStockPurchase: number;
  minSalesTurnover: number;
  maxSalesTurnover: number;
}

export function planBounds(averageMonthlyTurnover: number, estimatedStockPurchase: number, durationWeeks: DurationWeeks): PlanBounds {
  const maxStockPurchase = Math.min(planLimits.maxStockPurchase, averageMonthlyTurnover * planLimits.maxStockToTurnoverRatio);
  return {
    minStockPurchase: planLimits.minStockPurchase,
    maxStockPurchase,
    minSalesTurnover: estimatedStockPurchase + providerShareFor(estimatedStockPurchase, durationWeeks),
    maxSalesTurnover: estimatedStockPurchase * planLimits.maxSalesToStockRatio,
  };
}

/** 80 % of monthly turnover, rounded down to whole lira, within the allowed stock range. */
export function suggestedStockPurchase(averageMonthlyTurnover: number): number {
  const raw = Math.floor((averageMonthlyTurnover * planLimits.suggestedStockRatio) / 100) * 100;
  const bounds = planBounds(averageMonthlyTurnover, raw, 4);
  return Math.max(bounds.minStockPurchase, Math.min(bounds.maxStockPurchase, raw));
}

export type PlanField = 'average_monthly_turnover' | 'estimated_stock_purchase_amount' | 'estimated_sales_turnover';
export type PlanViolation =
  | { key: 'stock_purchase_bounds' | 'sales_turnover_bounds'; min: number; max: number }
  /** The turnover is so low that no stock purchase fits (twice the turnover is below the minimum). */
  | { key: 'turnover_too_low'; min: number };

/** The smallest average monthly turnover for which some stock purchase is allowed. */
export const minAverageMonthlyTurnover = Math.ceil(planLimits.minStockPurchase / planLimits.maxStockToTurnoverRatio);

/** Which inputs fall outside their bounds (empty when the plan is acceptable). */
export function planViolations(inputs: PlanInputs): Partial<Record<PlanField, PlanViolation>> {
  const bounds = planBounds(inputs.averageMonthlyTurnover, inputs.estimatedStockPurchase, inputs.durationWeeks);
  const result: Partial<Record<PlanField, PlanViolation>> = {};
  if (bounds.maxStockPurchase < bounds.minStockPurchase) {
    // A range whose maximum is below its minimum would read as nonsense; the turnover is the cause.
    result.average_monthly_turnover = { key: 'turnover_too_low', min: minAverageMonthlyTurnover };
  } else if (inputs.estimatedStockPurchase < bounds.minStockPurchase || inputs.estimatedStockPurchase > bounds.maxStockPurchase) {
    result.estimated_stock_purchase_amount = { key: 'stock_purchase_bounds', min: bounds.minStockPurchase, max: bounds.maxStockPurchase };
  }
  if (inputs.estimatedSalesTurnover < bounds.minSalesTurnover || inputs.estimatedSalesTurnover > bounds.maxSalesTurnover) {
    result.estimated_sales_turnover = { key: 'sales_turnover_bounds', min: bounds.minSalesTurnover, max: bounds.maxSalesTurnover };
  }
  return result;
}

/** True when every input lies within the bounds of planBounds. */
export function isPlanWithinBounds(inputs: PlanInputs): boolean {
  const bounds = planBounds(inputs.averageMonthlyTurnover, inputs.estimatedStockPurchase, inputs.durationWeeks);
  return (
    inputs.estimatedStockPurchase >= bounds.minStockPurchase &&
    inputs.estimatedStockPurchase <= bounds.maxStockPurchase &&
    inputs.estimatedSalesTurnover >= bounds.minSalesTurnover &&
    inputs.estimatedSalesTurnover <= bounds.maxSalesTurnover
  );
}

/** The provider share rate as a fraction (0.08 for 8 %), as GET /gpp/get serves it. */
export function providerShareRate(durationWeeks: DurationWeeks): number {
  return providerShareRateBps[durationWeeks] / 10_000;
}

export const planRates: ReadonlyArray<{ durationWeeks: DurationWeeks; rate: number }> = durationsWeeks.map((durationWeeks) => ({
  durationWeeks,
  rate: providerShareRate(durationWeeks),
}));

export function isDurationWeeks(value: number): value is DurationWeeks {
  return (durationsWeeks as readonly number[]).includes(value);
}

export function isPaymentStartWeek(value: number): value is PaymentStartWeek {
  return (paymentStartWeeks as readonly number[]).includes(value);
}

const liraFormat = new Intl.NumberFormat('tr-TR', { style: 'currency', currency: 'TRY', currencyDisplay: 'narrowSymbol' });

/**
 * An amount of kuruş as Turkish lira, written the Turkish way in both languages (₺10.000,50), as the
 * web writes every amount: the server's texts, e-mails and SMS read like the screens.
 */
export function formatTry(kurus: number): string {
  return liraFormat.format(kurus / 100);
}

/*
 * The plan page's reading of the server's parameters (GET /gpp/get) over the shared plan maths of
 * @worq/domain/plan. Rates and bounds always come from the parameters, never from constants here.
 */
import { calculatePlan, durationsWeeks, type DurationWeeks, type PaymentStartWeek, type PlanFigures } from '@worq/domain/plan';
import type { PlanParameters } from '../api/plan.ts';

export interface PlanFormValues {
  averageMonthlyTurnover: number;
  estimatedStockPurchase: number;
  estimatedSalesTurnover: number;
  durationWeeks: DurationWeeks;
  paymentStartWeek: PaymentStartWeek;
}

export interface PlanBounds {
  minStockPurchase: number;
  maxStockPurchase: number;
  minSalesTurnover: number;
  maxSalesTurnover: number;
}

/**
 * The provider share rate in basis points. The wire carries a plain number; a fraction (0.08), a
 * percentage (8) and basis points (800) are all read, so a change of unit on the server side does
 * not turn 8 % into 800 %.
 */
export function rateToBps(rate: number): number {
  if (rate <= 1) return Math.round(rate * 10_000);
  if (rate <= 100) return Math.round(rate * 100);
  return Math.round(rate);
}

export function rateBpsFor(parameters: PlanParameters, durationWeeks: DurationWeeks): number | undefined {
  const entry = parameters.rates.find((rate) => rate.duration_weeks === durationWeeks);
  return entry ? rateToBps(entry.provider_share_rate) : undefined;
}

/** The durations the server offers, in the order of the domain's list. */
export function offeredDurations(parameters: PlanParameters): DurationWeeks[] {
  return durationsWeeks.filter((weeks) => rateBpsFor(parameters, weeks) !== undefined);
}

export function planBoundsFor(
  parameters: PlanParameters,
  averageMonthlyTurnover: number,
  estimatedStockPurchase: number,
  durationWeeks: DurationWeeks,
): PlanBounds {
  const rateBps = rateBpsFor(parameters, durationWeeks) ?? 0;
  return {
    minStockPurchase: parameters.min_stock_purchase_amount,
    maxStockPurchase: Math.min(
      parameters.max_stock_purchase_amount,
      Math.floor(averageMonthlyTurnover * parameters.max_stock_to_turnover_ratio),
    ),
    minSalesTurnover: estimatedStockPurchase + Math.round((estimatedStockPurchase * rateBps) / 10_000),
    maxSalesTurnover: Math.floor(estimatedStockPurchase * parameters.max_sales_to_stock_ratio),
  };
}

/** The suggested stock purchase (about 80 % of turnover), in whole lira, inside the allowed range. */
export function suggestedStockFor(parameters: PlanParameters, averageMonthlyTurnover: number): number {
  const raw = Math.floor((averageMonthlyTurnover * parameters.suggested_stock_ratio) / 100) * 100;
  const bounds = planBoundsFor(parameters, averageMonthlyTurnover, raw, 4);
  return Math.max(bounds.minStockPurchase, Math.min(bounds.maxStockPurchase, raw));
}

export function planFigures(values: PlanFormValues): PlanFigures {
  return calculatePlan(values);
}

/** Slow, expected and fast sales of the seller's own estimate: 70 %, 100 % and 130 % of it. */
export const salesScenarios = [
  { key: 'slow', percent: 70 },
  { key: 'expected', percent: 100 },
  { key: 'fast', percent: 130 },
] as const;
export type SalesScenarioKey = (typeof salesScenarios)[number]['key'];

/** The forecast's sales over one plan duration (GET /gpp/offer sales_scenarios): the 80 % interval's low end, middle and high end. */
export interface ForecastSales {
  duration_weeks: number;
  slow: number;
  expected: number;
  fast: number;
}

/** Where a sales figure came from: a forecast scenario, or the seller's own estimate. */
export type SalesSource = 'forecast_slow' | 'forecast_expected' | 'forecast_fast' | 'own';

/** The forecast scenarios in the order a tie is read: two equal scenarios name the expected one. */
const forecastOrder = ['expected', 'slow', 'fast'] as const;

/**
 * The source of the plan's estimated sales: the forecast scenario of the chosen duration it equals
 * (the offer or a scenario button filled it), else the seller's own estimate.
 */
export function salesSourceOf(
  forecast: readonly ForecastSales[] | undefined,
  durationWeeks: number,
  salesTurnover: number | null,
): SalesSource {
  const sales = salesTurnover === null ? undefined : forecast?.find((entry) => entry.duration_weeks === durationWeeks);
  const key = sales ? forecastOrder.find((name) => sales[name] === salesTurnover) : undefined;
  return key ? `forecast_${key}` : 'own';
}

export interface ScenarioOutcome {
  key: SalesScenarioKey;
  source: SalesSource;
  /** The share of the seller's own estimate (70, 100, 130); null for a forecast scenario. */
  percent: number | null;
  salesTurnover: number;
  yourShare: number;
  /** The provider share as a fraction of the sales in this scenario (0.08 = 8 %). */
  effectiveCost: number;
}

export interface DurationComparison {
  durationWeeks: DurationWeeks;
  rateBps: number;
  figures: PlanFigures;
  scenarios: ScenarioOutcome[];
}

function outcome(figures: PlanFigures, scenario: Omit<ScenarioOutcome, 'yourShare' | 'effectiveCost'>): ScenarioOutcome {
  const { salesTurnover } = scenario;
  return {
    ...scenario,
    yourShare: salesTurnover - figures.totalPayment,
    effectiveCost: salesTurnover > 0 ? figures.providerShare / salesTurnover : 0,
  };
}

/**
 * Every offered duration with its figures under three sales scenarios: the forecast's slow,
 * expected and fast sales over that duration when there is a forecast (and the seller's own
 * estimate beside them when the plan uses it), else 70, 100 and 130 % of the seller's estimate.
 */
export function compareDurations(
  parameters: PlanParameters,
  values: PlanFormValues,
  forecast: readonly ForecastSales[] = [],
): DurationComparison[] {
  const planSource = salesSourceOf(forecast, values.durationWeeks, values.estimatedSalesTurnover);
  return offeredDurations(parameters).map((durationWeeks) => {
    const figures = calculatePlan({ ...values, durationWeeks });
    const forecastSales = forecast.find((entry) => entry.duration_weeks === durationWeeks);
    const own = salesScenarios.map(({ key, percent }) =>
      outcome(figures, { key, source: 'own', percent, salesTurnover: Math.round((values.estimatedSalesTurnover * percent) / 100) }),
    );
    const scenarios = forecastSales
      ? [
          ...salesScenarios.map(({ key }) =>
            outcome(figures, { key, source: `forecast_${key}`, percent: null, salesTurnover: forecastSales[key] }),
          ),
          ...(planSource === 'own' ? [own[1]!] : []),
        ]
      : own;
    return {
      durationWeeks,
      rateBps: rateBpsFor(parameters, durationWeeks) ?? figures.providerShareRateBps,
      figures,
      scenarios,
    };
  });
}

/**
 * The pure half of the weekly sales forecast (ARCHITECTURE.md §6a, docs/decisions/017): weeks from
 * a daily series, the seasonal-naive forecast with empirical intervals used when the history is too
 * short for the model, the plan's slow / expected / fast scenarios, and the scores the backtest
 * reports. The model itself (augurs' AutoETS, WebAssembly) runs in apps/api only. Amounts are kuruş.
 */

/** Weeks forecast ahead. */
export const forecastHorizonWeeks = 12;
/** The forecast interval holds this share of outcomes (80 %). */
export const forecastIntervalLevel = 0.8;
/** Full weeks of history below which the seasonal-naive fallback replaces the model. */
export const minModelWeeks = 8;
/** Weeks of history the model reads at most (a year: the deepest backfill a marketplace serves). */
export const maxHistoryWeeks = 52;
/**
 * The relative week-on-week change assumed for the fallback's interval when the history holds fewer
 * than `minChangesForSpread` changes to measure (±35 % at one week ahead).
 */
export const defaultWeeklySpread = 0.35;
export const minChangesForSpread = 4;

/** ets: the model; seasonal_naive: the last week repeated; stopped: a store that has stopped selling. */
export type ForecastMethod = 'ets' | 'seasonal_naive' | 'stopped';

export interface ForecastWeek {
  /** 1 = the seven days starting today. */
  week: number;
  expected: number;
  /** The interval's ends (forecastIntervalLevel), never below 0. */
  low: number;
  high: number;
}

export interface WeeklyForecast {
  method: ForecastMethod;
  /** Full weeks of history the forecast read. */
  historyWeeks: number;
  weeks: ForecastWeek[];
}

/**
 * Totals of consecutive 7-day blocks that end with the series' last day; leading days that do not
 * fill a week are dropped, so every week the forecast reads is whole.
 */
export function weeklyTotals(daily: readonly number[]): number[] {
  const weeks = Math.floor(daily.length / 7);
  const start = daily.length - weeks * 7;
  const totals: number[] = [];
  for (let week = 0; week < weeks; week++) {
    let sum = 0;
    for (let day = 0; day < 7; day++) sum += daily[start + week * 7 + day]!;
    totals.push(sum);
  }
  return totals;
}

/** The p-quantile (0…1) of values, linearly interpolated; NaN for no values. */
export function quantile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const position = (sorted.length - 1) * p;
  const below = Math.floor(position);
  const above = Math.min(sorted.length - 1, below + 1);
  return sorted[below]! + (sorted[above]! - sorted[below]!) * (position - below);
}

/**
 * Seasonal-naive at the weekly level: every coming week repeats the last full week (for daily data
 * with a weekly season, the sum of the naive daily forecasts). The interval is empirical: the 10th
 * and 90th percentiles of the history's relative week-on-week changes, widened with √h for week h.
 * Null without one full week of history.
 */
export function seasonalNaiveForecast(daily: readonly number[], horizon = forecastHorizonWeeks): WeeklyForecast | null {
  const weeks = weeklyTotals(daily).slice(-maxHistoryWeeks);
  const last = weeks.at(-1);
  if (last === undefined) return null;
  const changes: number[] = [];
  for (let index = 1; index < weeks.length; index++) {
    const before = weeks[index - 1]!;
    if (before > 0) changes.push(weeks[index]! / before - 1);
  }
  const tail = (1 - forecastIntervalLevel) / 2;
  const enough = changes.length >= minChangesForSpread;
  const down = enough ? Math.min(0, quantile(changes, tail)) : -defaultWeeklySpread;
  const up = enough ? Math.max(0, quantile(changes, 1 - tail)) : defaultWeeklySpread;
  return {
    method: 'seasonal_naive',
    historyWeeks: weeks.length,
    weeks: Array.from({ length: horizon }, (_, index) => {
      const widen = Math.sqrt(index + 1);
      return {
        week: index + 1,
        expected: Math.round(last),
        low: Math.max(0, Math.round(last * (1 + down * widen))),
        high: Math.max(0, Math.round(last * (1 + up * widen))),
      };
    }),
  };
}

export interface SalesScenarios {
  /** Every week at the interval's low end. */
  slow: number;
  expected: number;
  /** Every week at the interval's high end. */
  fast: number;
}

/** Estimated sales over the first `weeks` forecast weeks, in the three scenarios the plan offers. */
export function salesScenarios(forecast: Pick<WeeklyForecast, 'weeks'>, weeks: number): SalesScenarios {
  const span = forecast.weeks.slice(0, weeks);
  const sum = (pick: (week: ForecastWeek) => number) => span.reduce((total, week) => total + pick(week), 0);
  return { slow: sum((week) => week.low), expected: sum((week) => week.expected), fast: sum((week) => week.high) };
}

/** Mean absolute error of forecasts against what happened (same length). */
export function meanAbsoluteError(actual: readonly number[], forecast: readonly number[]): number {
  if (actual.length === 0) return 0;
  return actual.reduce((sum, value, index) => sum + Math.abs(value - forecast[index]!), 0) / actual.length;
}

/** The share of outcomes inside their interval. */
export function intervalCoverage(actual: readonly number[], low: readonly number[], high: readonly number[]): number {
  if (actual.length === 0) return 0;
  return actual.filter((value, index) => value >= low[index]! && value <= high[index]!).length / actual.length;
}

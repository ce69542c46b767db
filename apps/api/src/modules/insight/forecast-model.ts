/**
 * The forecast model (docs/decisions/017-sales-forecast.md): augurs' AutoETS (WebAssembly) on the
 * weekly totals, with its own 80 % prediction interval; the seasonal-naive fallback of
 * @worq/domain/sales-forecast where the history is shorter than minModelWeeks or the model fails;
 * nothing expected from a store that has stopped selling (stoppedStoreForecast).
 * Server side only: the web never loads this.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { AutoETS, initSync } from '@bsull/augurs/ets';
import {
  forecastHorizonWeeks,
  forecastIntervalLevel,
  maxHistoryWeeks,
  minModelWeeks,
  quantile,
  seasonalNaiveForecast,
  weeklyTotals,
  type WeeklyForecast,
} from '@worq/domain/sales-forecast';

let ready = false;

/** Compiles the WebAssembly once per process, synchronously, from the file next to the package's script. */
function loadModel(): void {
  if (ready) return;
  const script = createRequire(import.meta.url).resolve('@bsull/augurs/ets');
  initSync({ module: readFileSync(script.replace(/ets\.js$/, 'ets_bg.wasm')) });
  ready = true;
}

/** Non-seasonal ETS, error and trend chosen by AICc: weekly totals carry no weekly season. */
const etsSpec = 'ZZN';
/**
 * Tuned on bench/forecast (ADR 017), each the documented way: weeks above 1.25 × the median of the
 * nine weeks around them are campaign weeks and cut back; the fitted trend is damped by 0.5 per
 * week ahead (augurs' JS build offers no damped model, and a year of history that holds part of a
 * yearly season makes a full trend overshoot); the model's interval, which assumes the model is
 * right, is widened 1.4× to cover 80 % of what happened.
 */
export const campaignWeekCap = 1.25;
export const trendDamping = 0.5;
export const intervalWidening = 1.4;

/** Campaign weeks, cut back so that one sale does not lift every coming week. */
export function capCampaignWeeks(weeks: readonly number[]): number[] {
  return weeks.map((value, index) => {
    const around = weeks.slice(Math.max(0, index - 4), index + 5).sort((a, b) => a - b);
    const median = around[Math.floor(around.length / 2)]!;
    return median > 0 ? Math.min(value, median * campaignWeekCap) : value;
  });
}

/**
 * A store has stopped selling when its last `stoppedSilenceDays` days or more sold nothing and that
 * silence is longer than any earlier one in its history: a week without one order is news for a
 * store that sells most days, not for one whose sales come in bursts with quiet weeks between.
 */
export const stoppedSilenceDays = 7;

/** Days without a sale at the end of the series, and the longest run of them before (after the first sale). */
function silences(daily: readonly number[]): { trailing: number; longestEarlier: number; sold: boolean } {
  let trailing = 0;
  while (trailing < daily.length && daily[daily.length - 1 - trailing] === 0) trailing++;
  let longestEarlier = 0;
  let run = 0;
  let sold = false;
  for (const value of daily.slice(0, daily.length - trailing)) {
    if (value > 0) {
      sold = true;
      run = 0;
    } else if (sold) {
      longestEarlier = Math.max(longestEarlier, ++run);
    }
  }
  return { trailing, longestEarlier, sold };
}

/**
 * The forecast of a store that has stopped selling: nothing expected, and an interval from nothing up
 * to the week it sold before the silence (the median of its last eight full weeks), should it resume.
 * Null when the store has not stopped: every other model would carry its former level on for weeks.
 */
export function stoppedStoreForecast(daily: readonly number[], horizon = forecastHorizonWeeks): WeeklyForecast | null {
  const { trailing, longestEarlier, sold } = silences(daily);
  if (!sold || trailing < stoppedSilenceDays || trailing <= longestEarlier) return null;
  const before = daily.slice(0, daily.length - trailing);
  const weeksBefore = weeklyTotals(before).slice(-8);
  const formerWeek = weeksBefore.length > 0 ? quantile(weeksBefore, 0.5) : before.slice(-7).reduce((sum, value) => sum + value, 0);
  return {
    method: 'stopped',
    historyWeeks: weeklyTotals(daily).slice(-maxHistoryWeeks).length,
    weeks: Array.from({ length: horizon }, (_, index) => ({ week: index + 1, expected: 0, low: 0, high: Math.round(formerWeek) })),
  };
}

/**
 * The weekly forecast of a daily series (kuruş, oldest first, ending yesterday). Null when it holds
 * no full week.
 */
export function forecastWeekly(daily: readonly number[], horizon = forecastHorizonWeeks): WeeklyForecast | null {
  const stopped = stoppedStoreForecast(daily, horizon);
  if (stopped) return stopped;
  const weeks = capCampaignWeeks(weeklyTotals(daily).slice(-maxHistoryWeeks));
  if (weeks.length < minModelWeeks || weeks.every((value) => value === weeks[0])) return seasonalNaiveForecast(daily, horizon);
  loadModel();
  const model = new AutoETS(1, etsSpec);
  try {
    // The optimiser is scale sensitive: it fits the series divided by its mean.
    const scale = weeks.reduce((sum, value) => sum + value, 0) / weeks.length || 1;
    model.fit(Float64Array.from(weeks, (value) => value / scale));
    const forecast = model.predict(horizon, forecastIntervalLevel);
    const intervals = forecast.intervals;
    if (!intervals || forecast.point.some((value) => !Number.isFinite(value))) return seasonalNaiveForecast(daily, horizon);
    const first = forecast.point[0]!;
    const slope = horizon > 1 ? forecast.point[1]! - first : 0;
    let damped = first;
    return {
      method: 'ets',
      historyWeeks: weeks.length,
      weeks: forecast.point.map((point, index) => {
        if (index > 0) damped += slope * trendDamping ** index;
        const below = (point - intervals.lower[index]!) * intervalWidening;
        const above = (intervals.upper[index]! - point) * intervalWidening;
        const expected = Math.max(0, Math.round(damped * scale));
        return {
          week: index + 1,
          expected,
          low: Math.min(expected, Math.max(0, Math.round((damped - below) * scale))),
          high: Math.max(expected, Math.round((damped + above) * scale)),
        };
      }),
    };
  } catch {
    return seasonalNaiveForecast(daily, horizon);
  } finally {
    model.free();
  }
}

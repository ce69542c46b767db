import { describe, expect, it } from 'vitest';
import {
  defaultWeeklySpread,
  forecastHorizonWeeks,
  intervalCoverage,
  meanAbsoluteError,
  quantile,
  salesScenarios,
  seasonalNaiveForecast,
  weeklyTotals,
} from './sales-forecast.ts';

describe('weeklyTotals', () => {
  it('adds whole weeks that end with the last day and drops the leading partial week', () => {
    const daily = [5, ...Array.from({ length: 14 }, (_, index) => index + 1)];
    expect(weeklyTotals(daily)).toEqual([28, 77]);
  });

  it('has no week for fewer than seven days', () => {
    expect(weeklyTotals([1, 2, 3])).toEqual([]);
  });
});

describe('quantile', () => {
  it('interpolates between sorted values', () => {
    expect(quantile([4, 1, 3, 2], 0.5)).toBe(2.5);
    expect(quantile([1, 2, 3], 0)).toBe(1);
    expect(Number.isNaN(quantile([], 0.5))).toBe(true);
  });
});

describe('seasonalNaiveForecast', () => {
  it('is null without a full week', () => {
    expect(seasonalNaiveForecast([100, 100])).toBeNull();
  });

  it('repeats the last full week for every coming week, with an interval that widens', () => {
    const daily = Array.from({ length: 7 * 10 }, (_, index) => (index % 7 === 0 ? 200 : 100) * (1 + (Math.floor(index / 7) % 3) / 10));
    const forecast = seasonalNaiveForecast(daily)!;
    expect(forecast.method).toBe('seasonal_naive');
    expect(forecast.weeks).toHaveLength(forecastHorizonWeeks);
    const last = weeklyTotals(daily).at(-1)!;
    for (const week of forecast.weeks) {
      expect(week.expected).toBe(Math.round(last));
      expect(week.low).toBeLessThanOrEqual(week.expected);
      expect(week.high).toBeGreaterThanOrEqual(week.expected);
    }
    expect(forecast.weeks[11]!.high - forecast.weeks[11]!.low).toBeGreaterThan(forecast.weeks[0]!.high - forecast.weeks[0]!.low);
  });

  it('assumes the default spread when too few weeks show how sales move', () => {
    const forecast = seasonalNaiveForecast(Array.from({ length: 14 }, () => 100))!;
    expect(forecast.weeks[0]).toEqual({
      week: 1,
      expected: 700,
      low: Math.round(700 * (1 - defaultWeeklySpread)),
      high: Math.round(700 * (1 + defaultWeeklySpread)),
    });
  });

  it('never forecasts below zero', () => {
    const daily = [...Array.from({ length: 35 }, () => 1000), ...Array.from({ length: 7 }, () => 10)];
    expect(seasonalNaiveForecast(daily)!.weeks.every((week) => week.low >= 0)).toBe(true);
  });
});

describe('salesScenarios', () => {
  it('adds the first weeks at the low end, the expectation and the high end', () => {
    const weeks = [1, 2, 3].map((week) => ({ week, expected: 100 * week, low: 50 * week, high: 150 * week }));
    expect(salesScenarios({ weeks }, 2)).toEqual({ slow: 150, expected: 300, fast: 450 });
  });
});

describe('scores', () => {
  it('measure the mean absolute error and the share inside the interval', () => {
    expect(meanAbsoluteError([10, 20], [12, 17])).toBe(2.5);
    expect(intervalCoverage([10, 20, 30, 40], [5, 25, 25, 0], [15, 30, 35, 39])).toBe(0.5);
  });
});

import { describe, expect, it } from 'vitest';
import { forecastHorizonWeeks } from '@worq/domain/sales-forecast';
import { capCampaignWeeks, forecastWeekly, stoppedSilenceDays } from './forecast-model.ts';

/** A year of daily sales around 10,000 TL a week with a weekly pattern and some noise. */
function steadyYear(seed = 7): number[] {
  let state = seed;
  const next = () => (state = (state * 16_807) % 2_147_483_647) / 2_147_483_647;
  return Array.from({ length: 364 }, (_, day) => Math.round((day % 7 === 5 ? 2_000 : 1_333) * (0.8 + 0.4 * next()) * 100));
}

describe('forecastWeekly', () => {
  it('forecasts 12 weeks with augurs for a long enough history, each within its 80 % interval', () => {
    const forecast = forecastWeekly(steadyYear())!;
    expect(forecast.method).toBe('ets');
    expect(forecast.historyWeeks).toBe(52);
    expect(forecast.weeks).toHaveLength(forecastHorizonWeeks);
    for (const week of forecast.weeks) {
      expect(week.low).toBeLessThanOrEqual(week.expected);
      expect(week.high).toBeGreaterThanOrEqual(week.expected);
      expect(week.expected).toBeGreaterThan(800_000);
      expect(week.expected).toBeLessThan(1_300_000);
    }
  });

  it('falls back to seasonal-naive below eight weeks of history', () => {
    expect(forecastWeekly(steadyYear().slice(-35))!.method).toBe('seasonal_naive');
  });

  it('has nothing to say without a full week', () => {
    expect(forecastWeekly([1, 2, 3])).toBeNull();
  });

  it('sees a store that stopped selling', () => {
    const daily = [...steadyYear().slice(0, 280), ...Array.from({ length: 84 }, () => 0)];
    expect(forecastWeekly(daily)!.weeks[0]!.expected).toBeLessThan(100_000);
  });

  it('expects nothing from a store silent for a week after selling every day, up to its former week should it resume', () => {
    const daily = [...steadyYear().slice(0, 364 - stoppedSilenceDays), ...Array.from({ length: stoppedSilenceDays }, () => 0)];
    const forecast = forecastWeekly(daily)!;
    expect(forecast.method).toBe('stopped');
    for (const week of forecast.weeks) {
      expect(week.expected).toBe(0);
      expect(week.low).toBe(0);
      expect(week.high).toBeGreaterThan(800_000);
      expect(week.high).toBeLessThan(1_300_000);
    }
  });

  it('keeps the model for a store whose earlier quiet spells were as long as the current one', () => {
    const daily = steadyYear();
    daily.fill(0, 200, 210);
    daily.fill(0, 357);
    const forecast = forecastWeekly(daily)!;
    expect(forecast.method).toBe('ets');
    expect(forecast.weeks[0]!.expected).toBeGreaterThan(0);
  });
});

describe('capCampaignWeeks', () => {
  it('cuts a campaign week back to 1.25 times the median around it', () => {
    expect(capCampaignWeeks([100, 100, 400, 100, 100])).toEqual([100, 100, 125, 100, 100]);
  });
});

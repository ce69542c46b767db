/*
 * Periods, day buckets and the figures' lira format of the WorqInsight dashboard. Days are Istanbul
 * calendar days (packages/domain/src/calendar.ts), whatever zone the browser is in, because the
 * server counts them that way.
 */
import type { LiraOptions } from '../../lib/format.ts';
import { addDays, daysBetween, istanbulToday } from '@worq/domain/calendar';

export { addDays, istanbulToday };

export type PeriodId = '7d' | '30d' | '90d' | 'this_month' | 'last_month' | 'custom';
export const periodIds: PeriodId[] = ['7d', '30d', '90d', 'this_month', 'last_month', 'custom'];

export function daysInRange(from: string, to: string): number {
  return daysBetween(from, to) + 1;
}

function monthStart(day: string, offset = 0): string {
  return new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1 + offset, 1)).toISOString().slice(0, 10);
}

/** The inclusive range of a preset period, ending today (Istanbul). */
export function rangeOf(period: Exclude<PeriodId, 'custom'>, now: Date = new Date()): { from: string; to: string } {
  const today = istanbulToday(now);
  switch (period) {
    case '7d':
      return { from: addDays(today, -6), to: today };
    case '30d':
      return { from: addDays(today, -29), to: today };
    case '90d':
      return { from: addDays(today, -89), to: today };
    case 'this_month':
      return { from: monthStart(today), to: today };
    case 'last_month':
      return { from: monthStart(today, -1), to: addDays(monthStart(today), -1) };
  }
}

export interface SeriesPoint {
  date: string;
  revenue: number;
  orders: number;
}

/** Ranges over 90 days are shown by week (weeks start on Monday, as in Turkey). */
export function bucketSeries(series: SeriesPoint[]): { by: 'day' | 'week'; points: SeriesPoint[] } {
  if (series.length <= 90) return { by: 'day', points: series };
  const weeks: SeriesPoint[] = [];
  for (const point of series) {
    const weekday = (new Date(`${point.date}T00:00:00Z`).getUTCDay() + 6) % 7;
    const monday = addDays(point.date, -weekday);
    const last = weeks.at(-1);
    if (last && last.date === monday) {
      last.revenue += point.revenue;
      last.orders += point.orders;
    } else weeks.push({ date: weeks.length === 0 ? point.date : monday, revenue: point.revenue, orders: point.orders });
  }
  return { by: 'week', points: weeks };
}

/**
 * Figures are whole lira written the Turkish way in both languages (₺1.234.567), as the seller's
 * marketplace panels and bank write them: no `language` given to formatLira. The chart's axis is
 * compact (₺80 B) in Turkish only; English has no Turkish short word, so its axis keeps the full
 * grouping (₺80.000).
 */
export const figureLira: LiraOptions = { narrow: true, wholeLira: true };

/** The change against the previous period as a fraction, or null when there is nothing to compare. */
export function changeOf(current: number, previous: number): number | null {
  if (previous === 0) return current === 0 ? 0 : null;
  return (current - previous) / previous;
}

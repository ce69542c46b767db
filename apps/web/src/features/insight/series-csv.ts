/*
 * The WorqInsight daily series as CSV, loaded only when the seller downloads it (the CSV writer
 * stays out of the dashboard's chunk).
 */
import { toCsv } from '@worq/domain/csv';
import { formatDay } from '../../lib/format.ts';
import type { SeriesPoint } from './period.ts';

/**
 * Turkish Excel reads `;`-separated files with a decimal comma, English ones `,` with a decimal
 * point; a BOM makes it read the Turkish letters as UTF-8.
 */
export function seriesCsv(series: SeriesPoint[], language: string, headers: { date: string; revenue: string; orders: string }): string {
  const english = language === 'en';
  const amount = (kurus: number) => {
    const text = (kurus / 100).toFixed(2);
    return english ? text : text.replace('.', ',');
  };
  return toCsv(
    [
      [headers.date, headers.revenue, headers.orders],
      ...series.map((point) => [formatDay(point.date, language), amount(point.revenue), point.orders]),
    ],
    { delimiter: english ? ',' : ';', bom: true },
  );
}

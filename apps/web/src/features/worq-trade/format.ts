import { formatDate as formatMoment, formatLira, formatPercent } from '../../lib/format.ts';

export { localeOf } from '../../lib/format.ts';

/** Money is integer kuruş on the wire (ARCHITECTURE.md §4); the web shows Turkish lira. */
export function formatMoney(kurus: number): string {
  return formatLira(kurus);
}

/** The provider share rate arrives as a fraction (0.08 for 8 %). */
export function formatRate(rate: number): string {
  return formatPercent(rate, 'tr');
}

export function formatDate(iso: string, language: string): string {
  return formatMoment(iso, language, '');
}

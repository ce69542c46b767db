/*
 * How the repayment schedule writes money and days: ₺1.234,56 and 22.03.2026 in Turkish,
 * ₺1,234.56 and 22/03/2026 in English. Days arrive as Istanbul calendar days (`YYYY-MM-DD`) and are
 * written as they are, never shifted through the browser's time zone.
 */
import { formatLira as formatLiraIn } from '../../lib/format.ts';

export function formatLira(kurus: number, language: string): string {
  return formatLiraIn(kurus, { language, narrow: true });
}

export { formatDay, istanbulDayOf } from '../../lib/format.ts';

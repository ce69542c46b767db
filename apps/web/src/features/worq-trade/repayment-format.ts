/*
 * How the repayment schedule writes money and days: ₺1.234,56 and 22.03.2026 in Turkish,
 * ₺1,234.56 and 22/03/2026 in English. Days arrive as Istanbul calendar days (`YYYY-MM-DD`) and are
 * written as they are, never shifted through the browser's time zone.
 */

export function formatLira(kurus: number, language: string): string {
  const locale = language.startsWith('en') ? 'en-GB' : 'tr-TR';
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'TRY', currencyDisplay: 'narrowSymbol' }).format(kurus / 100);
}

export function formatDay(day: string, language: string): string {
  const [year, month, date] = day.split('-');
  if (!year || !month || !date) return day;
  return language.startsWith('en') ? `${date}/${month}/${year}` : `${date}.${month}.${year}`;
}

/** The Istanbul calendar day of an ISO moment (an approval at 00:30 Istanbul is that day, not the UTC one before). */
export function istanbulDayOf(iso: string): string {
  const moment = new Date(iso);
  if (Number.isNaN(moment.getTime())) return iso.slice(0, 10);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Istanbul', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    moment,
  );
}

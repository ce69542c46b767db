/** Money is integer kuruş on the wire (ARCHITECTURE.md §4); the web shows Turkish lira. */
const moneyFormat = new Intl.NumberFormat('tr-TR', { style: 'currency', currency: 'TRY' });

export function formatMoney(kurus: number): string {
  return moneyFormat.format(kurus / 100);
}

/** The provider share rate arrives as a fraction (0.08 for 8 %). */
export function formatRate(rate: number): string {
  return new Intl.NumberFormat('tr-TR', { style: 'percent', maximumFractionDigits: 1 }).format(rate);
}

export function localeOf(language: string): string {
  return language === 'en' ? 'en-GB' : 'tr-TR';
}

export function formatDate(iso: string, language: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium' }).format(date);
}

/*
 * How the web writes money, numbers and days, in one place (issue 17). Money is integer kuruş on the
 * wire (ARCHITECTURE.md §4). Days (`YYYY-MM-DD`) are Istanbul calendar days and are written as they
 * are, never shifted through the browser's time zone. Formatters are built once per locale and
 * options: building an Intl formatter costs far more than using one.
 */
import { istanbulDay, istanbulTimeZone } from '@worq/domain/calendar';

export type Locale = 'tr-TR' | 'en-GB';

export function localeOf(language: string): Locale {
  return language.startsWith('en') ? 'en-GB' : 'tr-TR';
}

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function numberFormat(locale: Locale, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(locale, options)));
  return format;
}

function dateFormat(locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) dateFormats.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  return format;
}

export interface LiraOptions {
  /**
   * The UI language; Turkish grouping (₺1.234,56) unless English (₺1,234.56). Left out, the amount
   * is written the Turkish way whatever the UI language (the back-office, WorqTrade's plan, WorqInsight).
   */
  language?: string;
  /** `₺` even where the locale would write `TRY`. */
  narrow?: boolean;
  /** No kuruş (₺1.235), for figures where they are noise. */
  wholeLira?: boolean;
  /** Short, for chart axes: ₺80 B, ₺1,2 Mn in Turkish; ₺80k, ₺1.2m in English. */
  compact?: boolean;
  /** What stands in for a missing or unreadable amount. */
  empty?: string;
}

/** 123456 kuruş → "₺1.234,56"; `empty` (a dash) for a missing amount. */
export function formatLira(
  kurus: number | null | undefined,
  { language = 'tr', narrow = false, wholeLira = false, compact = false, empty = '—' }: LiraOptions = {},
): string {
  if (typeof kurus !== 'number' || !Number.isFinite(kurus)) return empty;
  return numberFormat(localeOf(language), {
    style: 'currency',
    currency: 'TRY',
    ...(narrow ? { currencyDisplay: 'narrowSymbol' } : {}),
    ...(wholeLira ? { maximumFractionDigits: 0 } : {}),
    ...(compact ? { notation: 'compact', minimumFractionDigits: 0, maximumFractionDigits: 1 } : {}),
  }).format(kurus / 100);
}

export function formatNumber(value: number, language: string): string {
  return numberFormat(localeOf(language), {}).format(value);
}

/** A fraction (0.08) as a percentage ("%8" in Turkish, "8%" in English). */
export function formatPercent(fraction: number, language: string, maximumFractionDigits = 1): string {
  return numberFormat(localeOf(language), { style: 'percent', maximumFractionDigits }).format(fraction);
}

/** A calendar day as dd.MM.yyyy in Turkish and dd/MM/yyyy in English. */
export function formatDay(day: string, language: string): string {
  const [year, month, date] = day.split('-');
  if (!year || !month || !date) return day;
  return language.startsWith('en') ? `${date}/${month}/${year}` : `${date}.${month}.${year}`;
}

function momentOf(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const moment = new Date(iso);
  return Number.isNaN(moment.getTime()) ? null : moment;
}

/** "25 Kas 2026"; `empty` for a missing or unreadable moment. */
export function formatDate(iso: string | null | undefined, language: string, empty = '—'): string {
  const moment = momentOf(iso);
  return moment ? dateFormat(localeOf(language), { dateStyle: 'medium' }).format(moment) : empty;
}

export interface DateTimeOptions {
  style?: 'short' | 'medium';
  /** In Istanbul time whatever the browser's zone (figures computed in Istanbul days). */
  istanbul?: boolean;
  empty?: string;
}

/** "25 Kas 2026 14:02"; `empty` for a missing or unreadable moment. */
export function formatDateTime(
  iso: string | null | undefined,
  language: string,
  { style = 'medium', istanbul = false, empty = '—' }: DateTimeOptions = {},
): string {
  const moment = momentOf(iso);
  if (!moment) return empty;
  return dateFormat(localeOf(language), {
    dateStyle: style,
    timeStyle: 'short',
    ...(istanbul ? { timeZone: istanbulTimeZone } : {}),
  }).format(moment);
}

/** The Istanbul calendar day of an ISO moment (an approval at 00:30 Istanbul is that day, not the UTC one before). */
export function istanbulDayOf(iso: string): string {
  const moment = momentOf(iso);
  if (!moment) return iso.slice(0, 10);
  return istanbulDay(moment);
}

/*
 * Istanbul calendar days, written `YYYY-MM-DD`. A day is the one a seller in Türkiye sees on the
 * wall clock; the moment is converted with Intl's `Europe/Istanbul` zone, and arithmetic on days
 * works on whole day numbers so that a loop over a range counts integers, never compares strings.
 */

export const istanbulTimeZone = 'Europe/Istanbul';

/** The first day any client may ask about: nothing the portal holds is older. */
export const earliestDay = '2015-01-01';

const dayMs = 86_400_000;
const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: istanbulTimeZone, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The Istanbul calendar day of a moment. */
export function istanbulDay(moment: Date | number): string {
  return dayFormat.format(moment);
}

/** Whether `value` is a real calendar day written `YYYY-MM-DD` (no 2026-02-30, no year 0). */
export function isCalendarDay(value: string): boolean {
  const match = dayPattern.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Days since 1970-01-01 of a `YYYY-MM-DD` day. Throws on anything that is not a calendar day. */
export function dayNumber(day: string): number {
  if (!isCalendarDay(day)) throw new RangeError(`not a calendar day: ${day}`);
  return Date.parse(`${day}T00:00:00Z`) / dayMs;
}

/** The `YYYY-MM-DD` day of a day number. */
export function dayOfNumber(number: number): string {
  return new Date(number * dayMs).toISOString().slice(0, 10);
}

/** A day plus a number of days (may be negative). */
export function addDays(day: string, days: number): string {
  return dayOfNumber(dayNumber(day) + days);
}

/** Whole days from `from` to `to` (0 for the same day, negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/** Every day from `from` to `to`, both included, in order. */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let number = dayNumber(from), last = dayNumber(to); number <= last; number++) days.push(dayOfNumber(number));
  return days;
}

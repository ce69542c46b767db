/*
 * Istanbul time, the one module for it. A day is the one a seller in Türkiye sees on the wall clock,
 * written `YYYY-MM-DD`; arithmetic on days works on whole day numbers so that a loop over a range
 * counts integers, never compares strings. Offsets come from Intl's `Europe/Istanbul` zone (UTC+3
 * all year since September 2016, UTC+2 in winter before), never from a hand-written +3 h: lint
 * refuses one outside this file.
 */

export const istanbulTimeZone = 'Europe/Istanbul';

/** The first day any client may ask about: nothing the portal holds is older. */
export const earliestDay = '2015-01-01';

const dayMs = 86_400_000;
const hourMs = 3_600_000;
const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const latestMs = 8.64e15;
const clockFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: istanbulTimeZone,
  hourCycle: 'h23',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/*
 * Intl costs microseconds a call and imports convert every order, so the offset is asked once per
 * UTC hour and kept: since 1910 Istanbul's offsets are whole hours that change on whole hours. The
 * cache is emptied when it would outgrow about eleven years of hours.
 */
const offsetByHour = new Map<number, number>();
const offsetCacheSize = 100_000;

function msOf(moment: Date | number): number {
  return typeof moment === 'number' ? moment : moment.getTime();
}

/** Istanbul is east of Greenwich: its wall clock runs ahead of UTC by less than a day. */
function offsetFromIntl(hourStart: number): number {
  let wallSeconds = 0;
  for (const { type, value } of clockFormat.formatToParts(hourStart)) {
    if (type === 'hour') wallSeconds += Number(value) * 3600;
    else if (type === 'minute') wallSeconds += Number(value) * 60;
    else if (type === 'second') wallSeconds += Number(value);
  }
  const utcSeconds = (((hourStart % dayMs) + dayMs) % dayMs) / 1000;
  return ((wallSeconds - utcSeconds + 86_400) % 86_400) * 1000;
}

/** Istanbul's offset from UTC at a moment, in ms (10,800,000 for UTC+3); NaN for an invalid moment or one outside Date's range. */
export function istanbulOffsetMs(moment: Date | number): number {
  const ms = msOf(moment);
  if (!(Math.abs(ms) <= latestMs)) return NaN;
  const hour = Math.floor(ms / hourMs);
  let offset = offsetByHour.get(hour);
  if (offset === undefined) {
    offset = offsetFromIntl(hour * hourMs);
    if (offsetByHour.size >= offsetCacheSize) offsetByHour.clear();
    offsetByHour.set(hour, offset);
  }
  return offset;
}

/**
 * The Istanbul wall clock of a moment as epoch ms read as if it were UTC (what Trendyol and n11 call
 * GMT+3 epochs); `new Date(wall).toISOString()` spells the wall clock. NaN for an invalid moment.
 */
export function istanbulWallClock(moment: Date | number): number {
  const ms = msOf(moment);
  return ms + istanbulOffsetMs(ms);
}

/**
 * The moment whose Istanbul wall clock reads `wall` (epoch ms read as if it were UTC); NaN for NaN.
 * A wall clock that happened twice (clocks set back) is its earlier moment; one that never happened
 * (clocks set forward) is read with the offset before the change, as Temporal's `compatible` does.
 */
export function fromIstanbulWallClock(wall: number): number {
  if (!Number.isFinite(wall)) return NaN;
  const before = istanbulOffsetMs(wall - dayMs);
  const after = istanbulOffsetMs(wall + dayMs);
  if (before === after) return wall - before;
  if (istanbulOffsetMs(wall - before) === before) return wall - before;
  if (istanbulOffsetMs(wall - after) === after) return wall - after;
  return wall - before;
}

/**
 * An unzoned date and time (`2024-05-01T14:20:00`, `2024-05-01 14:20`) read on the Istanbul wall
 * clock, as epoch ms; NaN for what `Date.parse` cannot read with an offset after it.
 */
export function parseIstanbulLocal(text: string): number {
  return fromIstanbulWallClock(Date.parse(`${text}+00:00`));
}

/** The Istanbul wall clock of a moment, `YYYY-MM-DDTHH:mm:ss.sss`, without a zone. */
export function istanbulLocalTime(moment: Date | number): string {
  return new Date(istanbulWallClock(moment)).toISOString().slice(0, 23);
}

/** Istanbul's offset at a moment as ISO 8601 writes it: `+03:00`. */
export function istanbulOffsetText(moment: Date | number): string {
  const minutes = istanbulOffsetMs(moment) / 60_000;
  return `+${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** A moment on the Istanbul wall clock with its offset: `2026-11-28T10:00:00+03:00` (`…00.000+03:00` with milliseconds). */
export function istanbulIsoTime(moment: Date | number, { milliseconds = false }: { milliseconds?: boolean } = {}): string {
  return `${istanbulLocalTime(moment).slice(0, milliseconds ? 23 : 19)}${istanbulOffsetText(moment)}`;
}

/** The Istanbul calendar day of a moment. Throws RangeError on an invalid moment. */
export function istanbulDay(moment: Date | number): string {
  return istanbulLocalTime(moment).slice(0, 10);
}

/** Today in Istanbul, `YYYY-MM-DD` (the day of `now`). */
export function istanbulToday(now: Date | number = Date.now()): string {
  return istanbulDay(now);
}

/** The Istanbul calendar day of a moment as a day number (days since 1970-01-01, see dayNumber). */
export function istanbulDayNumber(moment: Date | number): number {
  return Math.floor(istanbulWallClock(moment) / dayMs);
}

/** The first moment of an Istanbul calendar day. Throws on anything that is not a calendar day. */
export function istanbulDayStart(day: string): Date {
  return new Date(fromIstanbulWallClock(dayNumber(day) * dayMs));
}

/** The first moment after an Istanbul calendar day (its exclusive end: the next day's start). */
export function istanbulDayEnd(day: string): Date {
  return istanbulDayStart(addDays(day, 1));
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

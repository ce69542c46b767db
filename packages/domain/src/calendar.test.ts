import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayNumber,
  daysBetween,
  daysOf,
  fromIstanbulWallClock,
  isCalendarDay,
  istanbulDay,
  istanbulDayEnd,
  istanbulDayNumber,
  istanbulDayStart,
  istanbulIsoTime,
  istanbulLocalTime,
  istanbulOffsetMs,
  istanbulOffsetText,
  istanbulWallClock,
} from './calendar.ts';

describe('Istanbul calendar days', () => {
  it('reads the day on an Istanbul wall clock', () => {
    expect(istanbulDay(new Date('2026-11-27T20:59:59Z'))).toBe('2026-11-27');
    expect(istanbulDay(new Date('2026-11-27T21:00:00Z'))).toBe('2026-11-28');
  });

  it('accepts real calendar days only', () => {
    for (const day of ['2024-02-29', '2015-01-01', '9999-12-31']) expect(isCalendarDay(day)).toBe(true);
    for (const day of ['2026-02-30', '2023-02-29', '2026-13-01', '0000-01-01', '+010000-01-01', '2026-1-01', ''])
      expect(isCalendarDay(day)).toBe(false);
    expect(() => dayNumber('2026-02-30')).toThrow(RangeError);
  });

  it('does arithmetic on whole days across months, years and leap days', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(daysBetween('2026-01-01', '2026-12-31')).toBe(364);
    expect(daysBetween('2026-03-01', '2026-02-28')).toBe(-1);
    expect(daysOf('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(daysOf('2026-03-02', '2026-03-01')).toEqual([]);
  });

  it('ends a loop at the last day of the calendar instead of running past it', () => {
    expect(daysOf('9999-12-30', '9999-12-31')).toEqual(['9999-12-30', '9999-12-31']);
  });
});

describe('Istanbul moments', () => {
  const at = (iso: string) => Date.parse(iso);

  it('starts an Istanbul day at 21:00 UTC the day before', () => {
    expect(istanbulDayStart('2026-11-28').toISOString()).toBe('2026-11-27T21:00:00.000Z');
    expect(istanbulDayEnd('2026-11-28').toISOString()).toBe('2026-11-28T21:00:00.000Z');
    expect(istanbulDay(istanbulDayStart('2026-11-28'))).toBe('2026-11-28');
    expect(istanbulDay(istanbulDayEnd('2026-11-28').getTime() - 1)).toBe('2026-11-28');
    expect(istanbulDayNumber(at('2026-11-27T21:00:00Z'))).toBe(dayNumber('2026-11-28'));
    expect(istanbulDayNumber(at('2026-11-27T20:59:59.999Z'))).toBe(dayNumber('2026-11-27'));
    expect(() => istanbulDayStart('2026-02-30')).toThrow(RangeError);
  });

  it('writes the Istanbul wall clock with its offset, as marketplaces read it', () => {
    expect(istanbulIsoTime(at('2026-11-28T07:00:00Z'))).toBe('2026-11-28T10:00:00+03:00');
    expect(istanbulIsoTime(at('2026-02-28T21:00:00Z'), { milliseconds: true })).toBe('2026-03-01T00:00:00.000+03:00');
    expect(istanbulLocalTime(new Date('2026-11-27T21:30:00.250Z'))).toBe('2026-11-28T00:30:00.250');
    expect(istanbulOffsetText(at('2026-06-01T00:00:00Z'))).toBe('+03:00');
    expect(istanbulWallClock(at('2026-11-28T07:00:00Z'))).toBe(at('2026-11-28T10:00:00Z'));
    expect(fromIstanbulWallClock(at('2026-11-28T10:00:00Z'))).toBe(at('2026-11-28T07:00:00Z'));
    expect(fromIstanbulWallClock(NaN)).toBeNaN();
    expect(istanbulWallClock(new Date(NaN))).toBeNaN();
    expect(() => istanbulDay(NaN)).toThrow(RangeError);
  });

  it('takes its offsets from the time zone database, not from a fixed +3 hours', () => {
    // Winter 2015: Türkiye was on UTC+2 until it stayed on summer time from September 2016.
    const winter2015 = at('2015-01-15T21:30:00Z');
    expect(istanbulOffsetMs(winter2015)).toBe(2 * 60 * 60 * 1000);
    expect(istanbulDay(winter2015)).toBe('2015-01-15');
    expect(istanbulDay(winter2015)).not.toBe(new Date(winter2015 + 3 * 60 * 60 * 1000).toISOString().slice(0, 10));
    expect(istanbulIsoTime(winter2015)).toBe('2015-01-15T23:30:00+02:00');
    expect(istanbulDayStart('2015-01-16').toISOString()).toBe('2015-01-15T22:00:00.000Z');
    expect(istanbulOffsetMs(at('2015-07-01T12:00:00Z'))).toBe(3 * 60 * 60 * 1000);
    expect(istanbulOffsetMs(at('2016-12-01T12:00:00Z'))).toBe(3 * 60 * 60 * 1000);
  });

  it('reads wall clocks around a clock change the way Temporal does', () => {
    // 27 March 2016, 03:00 Istanbul (01:00 UTC): clocks went forward to 04:00.
    expect(fromIstanbulWallClock(at('2016-03-27T02:59:00Z'))).toBe(at('2016-03-27T00:59:00Z'));
    expect(fromIstanbulWallClock(at('2016-03-27T03:30:00Z'))).toBe(at('2016-03-27T01:30:00Z'));
    expect(fromIstanbulWallClock(at('2016-03-27T04:00:00Z'))).toBe(at('2016-03-27T01:00:00Z'));
    // 8 November 2015, 04:00 Istanbul (01:00 UTC): clocks went back to 03:00; 03:30 happened twice.
    expect(fromIstanbulWallClock(at('2015-11-08T03:30:00Z'))).toBe(at('2015-11-08T00:30:00Z'));
    expect(fromIstanbulWallClock(at('2015-11-08T04:30:00Z'))).toBe(at('2015-11-08T02:30:00Z'));
  });

  it('round-trips every half hour of 2015 and 2016 through the wall clock', () => {
    const mismatches: string[] = [];
    for (let ms = at('2015-01-01T00:00:00Z'); ms < at('2017-01-01T00:00:00Z'); ms += 30 * 60_000) {
      const wall = istanbulWallClock(ms);
      if (istanbulWallClock(fromIstanbulWallClock(wall)) !== wall) mismatches.push(new Date(ms).toISOString());
    }
    expect(mismatches).toEqual([]);
  });
});

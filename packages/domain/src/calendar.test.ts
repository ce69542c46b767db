import { describe, expect, it } from 'vitest';
import { addDays, dayNumber, daysBetween, daysOf, isCalendarDay, istanbulDay } from './calendar.ts';

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

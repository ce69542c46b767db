import { describe, expect, it } from 'vitest';
import { addDays, istanbulDay } from '../calendar.ts';
import { rangeQuery } from './insight.ts';

const messagesOf = (query: Record<string, string>) => {
  const parsed = rangeQuery.safeParse(query);
  return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('the overview range as a client sends it', () => {
  const today = istanbulDay(new Date());

  it('takes real days from 2015-01-01 to tomorrow, up to 366 days long', () => {
    expect(messagesOf({ from: '2015-01-01', to: '2015-12-31' })).toEqual([]);
    expect(messagesOf({ from: addDays(today, -365), to: today })).toEqual([]);
    expect(messagesOf({ to: addDays(today, 1) })).toEqual([]);
  });

  it('refuses impossible, too early and future days, and spans over 366 days', () => {
    expect(messagesOf({ to: '9999-12-31' })).toEqual(['to: date_out_of_range']);
    expect(messagesOf({ from: '2014-12-31' })).toEqual(['from: date_out_of_range']);
    expect(messagesOf({ to: addDays(today, 2) })).toEqual(['to: date_out_of_range']);
    expect(messagesOf({ from: '2026-02-30' })).toHaveLength(1);
    expect(messagesOf({ from: '2025-01-01', to: '2026-01-02' })).toEqual(['to: insight_range_too_long']);
    expect(messagesOf({ from: '2025-02-01', to: '2025-01-01' })).toEqual(['from: insight_range_invalid']);
  });
});

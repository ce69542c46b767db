import { describe, expect, it } from 'vitest';
import {
  connectionHealth,
  evaluateWarnings,
  isWeekServed,
  riskScore,
  salesVsPlan,
  standingOf,
  weeksSinceApproval,
  type WarningCode,
  type WatchInput,
  type WatchWeek,
} from './funding-watch.ts';

const week = (number: number, sales: number | null, low: number | null = 800, planExpected = 1_000): WatchWeek => ({
  week: number,
  from: `2026-10-${String(1 + (number - 1) * 7).padStart(2, '0')}`,
  to: `2026-10-${String(7 + (number - 1) * 7).padStart(2, '0')}`,
  sales,
  planExpected,
  expected: low === null ? null : low + 200,
  low,
  high: low === null ? null : low + 400,
});

const store = (lastSyncedDay: string, status: 'active' | 'out_of_date' | 'disabled' | 'deleted' = 'active') => ({
  integrationId: 'store-1',
  storeName: 'Atölye',
  marketplaceCode: 'trendyol',
  status,
  lastSyncedAt: `${lastSyncedDay}T09:00:00.000Z`,
  lastSyncedDay,
});

/** A healthy seller on 2026-10-29: four served weeks on plan, synced today, ordered yesterday. */
const healthy: WatchInput = {
  today: '2026-10-29',
  approvalDay: '2026-10-01',
  weeks: [week(1, 1_000), week(2, 1_000), week(3, 1_000), week(4, 1_000)],
  stores: [store('2026-10-29')],
  lastOrderDay: '2026-10-28',
  lateInstallments: [],
  recentReturnRate: 0.05,
  recentOrders: 120,
  returnRateAtApproval: 0.05,
};

const codes = (input: WatchInput): WarningCode[] => evaluateWarnings(input).map((warning) => warning.code);

describe('warning rules', () => {
  // Each row: the change from the healthy seller, and the warnings it must raise (and nothing else).
  const cases: { name: string; change: Partial<WatchInput>; expected: WarningCode[] }[] = [
    { name: 'a healthy seller', change: {}, expected: [] },
    {
      name: 'a late installment',
      change: { lateInstallments: [{ number: 2, dueDate: '2026-10-20', open: 50_000 }] },
      expected: ['installment_late'],
    },
    { name: 'a store last synced 3 days ago', change: { stores: [store('2026-10-26')] }, expected: ['store_stale'] },
    { name: 'a store last synced 2 days ago (not yet)', change: { stores: [store('2026-10-27')] }, expected: [] },
    {
      name: 'a disconnected store, 3 days without a sync',
      change: { stores: [store('2026-10-26', 'out_of_date')] },
      expected: ['store_stale'],
    },
    { name: 'every store removed', change: { stores: [] }, expected: ['store_stale'] },
    { name: 'no order for 7 days', change: { lastOrderDay: '2026-10-22' }, expected: ['no_orders'] },
    { name: 'no order for 6 days (not yet)', change: { lastOrderDay: '2026-10-23' }, expected: [] },
    { name: 'no order ever since approval, 28 days on', change: { lastOrderDay: null }, expected: ['no_orders'] },
    {
      name: 'a quiet store that is also stale: only the stale warning (its orders are unknown)',
      change: { lastOrderDay: '2026-10-10', stores: [store('2026-10-20')] },
      expected: ['store_stale'],
    },
    {
      name: 'two served weeks in a row under the low end',
      change: { weeks: [week(1, 1_000), week(2, 1_000), week(3, 700), week(4, 600)] },
      expected: ['sales_below_forecast'],
    },
    {
      name: 'one week under the low end (not yet)',
      change: { weeks: [week(1, 1_000), week(2, 1_000), week(3, 1_000), week(4, 600)] },
      expected: [],
    },
    {
      name: 'an unserved week is not a zero: one low week then an unserved one',
      change: { weeks: [week(1, 1_000), week(2, 1_000), week(3, 600), week(4, null)] },
      expected: [],
    },
    {
      name: 'weeks beyond the forecast have no band',
      change: { weeks: [week(1, 1_000), week(2, 1_000), week(3, 100, null), week(4, 100, null)] },
      expected: [],
    },
    { name: 'the return rate doubled', change: { recentReturnRate: 0.1 }, expected: ['return_rate_doubled'] },
    { name: 'the return rate up by half (not yet)', change: { recentReturnRate: 0.075 }, expected: [] },
    { name: 'doubled on too few orders (not yet)', change: { recentReturnRate: 0.2, recentOrders: 19 }, expected: [] },
    {
      name: 'a zero rate at approval is judged against the 2 % floor',
      change: { returnRateAtApproval: 0, recentReturnRate: 0.03 },
      expected: [],
    },
    {
      name: 'a zero rate at approval, 4 % now',
      change: { returnRateAtApproval: 0, recentReturnRate: 0.04 },
      expected: ['return_rate_doubled'],
    },
    { name: 'no rate at approval: never judged', change: { returnRateAtApproval: null, recentReturnRate: 0.5 }, expected: [] },
  ];
  for (const { name, change, expected } of cases) {
    it(name, () => {
      expect(codes({ ...healthy, ...change }).sort()).toEqual([...expected].sort());
    });
  }

  it('records the evidence that raised each warning', () => {
    const [late] = evaluateWarnings({ ...healthy, lateInstallments: [{ number: 2, dueDate: '2026-10-20', open: 50_000 }] });
    expect(late).toEqual({ code: 'installment_late', installments: [{ number: 2, due_date: '2026-10-20', open: 50_000, days_late: 9 }] });
    const [below] = evaluateWarnings({ ...healthy, weeks: [week(1, 1_000), week(2, 1_000), week(3, 700), week(4, 600)] });
    expect(below).toEqual({
      code: 'sales_below_forecast',
      weeks: [
        { week: 3, from: '2026-10-15', to: '2026-10-21', sales: 700, low: 800 },
        { week: 4, from: '2026-10-22', to: '2026-10-28', sales: 600, low: 800 },
      ],
    });
    const [quiet] = evaluateWarnings({ ...healthy, lastOrderDay: '2026-10-20' });
    expect(quiet).toEqual({ code: 'no_orders', last_order_day: '2026-10-20', days: 9 });
  });
});

describe('weeks since approval', () => {
  it('starts week 1 on the approval day and counts only started weeks', () => {
    expect(weeksSinceApproval('2026-10-01', '2026-10-08', 12)).toEqual([
      { week: 1, from: '2026-10-01', to: '2026-10-07' },
      { week: 2, from: '2026-10-08', to: '2026-10-14' },
    ]);
    expect(weeksSinceApproval('2026-10-01', '2026-09-30', 12)).toEqual([]);
    expect(weeksSinceApproval('2026-01-01', '2026-11-28', 10)).toHaveLength(10);
  });

  it('serves a week only once it is over and every store synced after it', () => {
    expect(isWeekServed('2026-10-07', '2026-10-08', '2026-10-08')).toBe(true);
    expect(isWeekServed('2026-10-07', '2026-10-08', '2026-10-07')).toBe(false);
    expect(isWeekServed('2026-10-07', '2026-10-07', '2026-10-08')).toBe(false);
    expect(isWeekServed('2026-10-07', '2026-10-20', null)).toBe(false);
  });
});

describe('standing and risk', () => {
  it('is on track within ±10 %, ahead or behind beyond, and says by how much', () => {
    expect(standingOf([week(1, 950), week(2, 1_000)]).status).toBe('on_track');
    expect(standingOf([week(1, 500), week(2, 1_000)])).toMatchObject({ status: 'behind', gap: 500, sales: 1_500, plan: 2_000 });
    expect(standingOf([week(1, 1_500), week(2, 1_500)])).toMatchObject({ status: 'ahead', gap: 1_000 });
    expect(standingOf([week(1, null)])).toMatchObject({ status: 'not_enough_data', servedWeeks: 0 });
  });

  it('compares the last served weeks with the plan', () => {
    expect(salesVsPlan([week(1, 2_000), week(2, 500), week(3, 500), week(4, null)], 2)).toBe(0.5);
    expect(salesVsPlan([week(1, null)], 4)).toBeNull();
  });

  it('puts a late installment above every other single warning', () => {
    expect(riskScore(['installment_late'], 1)).toBeGreaterThan(riskScore(['store_stale'], 1));
    expect(riskScore([], 0)).toBe(30);
    expect(riskScore([], 1.4)).toBe(0);
    expect(riskScore([], null)).toBe(0);
  });

  it('calls the connection disconnected, stale or ok', () => {
    expect(connectionHealth([store('2026-10-29')], '2026-10-29')).toBe('ok');
    expect(connectionHealth([store('2026-10-26')], '2026-10-29')).toBe('stale');
    expect(connectionHealth([store('2026-10-29', 'disabled')], '2026-10-29')).toBe('disconnected');
    expect(connectionHealth([], '2026-10-29')).toBe('no_store');
  });
});

import { describe, expect, it } from 'vitest';
import { addDays, allocatePayment, fixSchedule, installmentStatuses, istanbulDay } from './repayment.ts';

describe('istanbulDay', () => {
  it('counts a moment just after midnight in Istanbul as the Istanbul day, not the UTC one', () => {
    // 2026-03-09 00:30 in Istanbul (UTC+3) is still 2026-03-08 in UTC.
    expect(istanbulDay(new Date('2026-03-08T21:30:00Z'))).toBe('2026-03-09');
    expect(istanbulDay(new Date('2026-03-08T20:59:59Z'))).toBe('2026-03-08');
  });
});

describe('fixSchedule', () => {
  it('puts installment n on the last day of week start + n − 1 counted from the approval day', () => {
    const schedule = fixSchedule(new Date('2026-03-02T09:00:00Z'), 2, [100, 100, 150]);
    // Approval day 2026-03-02 is day 1 of week 1; week 2 ends on 2026-03-15.
    expect(schedule).toEqual([
      { number: 1, dueDate: '2026-03-15', amount: 100 },
      { number: 2, dueDate: '2026-03-22', amount: 100 },
      { number: 3, dueDate: '2026-03-29', amount: 150 },
    ]);
  });

  it('crosses month and year ends on calendar days', () => {
    expect(fixSchedule(new Date('2026-12-28T12:00:00Z'), 1, [1])[0]!.dueDate).toBe('2027-01-03');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });
});

describe('installmentStatuses', () => {
  const rows = [
    { dueDate: '2026-03-15', amount: 100, paidAmount: 100 },
    { dueDate: '2026-03-22', amount: 100, paidAmount: 40 },
    { dueDate: '2026-03-29', amount: 100, paidAmount: 0 },
    { dueDate: '2026-04-05', amount: 100, paidAmount: 0 },
  ];

  it('marks paid, late, the next due one and the upcoming rest', () => {
    expect(installmentStatuses(rows, '2026-03-23')).toEqual(['paid', 'late', 'due', 'upcoming']);
  });

  it('keeps an installment due on its due date itself', () => {
    expect(installmentStatuses(rows, '2026-03-22')).toEqual(['paid', 'due', 'upcoming', 'upcoming']);
  });
});

describe('allocatePayment', () => {
  it('fills the oldest unpaid installments first and spills into the next', () => {
    const rows = [
      { number: 2, amount: 100, paidAmount: 30 },
      { number: 1, amount: 100, paidAmount: 100 },
      { number: 3, amount: 100, paidAmount: 0 },
    ];
    expect(allocatePayment(rows, 120)).toEqual([
      { number: 2, amount: 70 },
      { number: 3, amount: 50 },
    ]);
  });
});

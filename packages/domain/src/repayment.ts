/*
 * Repayments after approval (API.md "Repayments after approval"). Dates are Istanbul calendar days
 * written `YYYY-MM-DD`: an approval at 00:30 in Istanbul (21:30 UTC the day before) counts from the
 * Istanbul day, which is the one the seller and the expert see.
 */

import { addDays, istanbulDay } from './calendar.ts';

/** Istanbul days and their arithmetic come from the one calendar module. */
export { addDays, istanbulDay };

/**
 * The due date of installment `number` (1-based): the last day of week `paymentStartWeek + number − 1`,
 * weeks counted from the approval day, which is day 1 of week 1. With start week 1, the first
 * installment is due six days after the approval day.
 */
export function installmentDueDate(approvalDay: string, paymentStartWeek: number, number: number): string {
  const week = paymentStartWeek + number - 1;
  return addDays(approvalDay, week * 7 - 1);
}

export interface ScheduledInstallment {
  number: number;
  dueDate: string;
  amount: number;
}

/** The fixed schedule of an approved plan: its installment amounts on calendar days from approval. */
export function fixSchedule(approvedAt: Date, paymentStartWeek: number, amounts: readonly number[]): ScheduledInstallment[] {
  const approvalDay = istanbulDay(approvedAt);
  return amounts.map((amount, index) => ({
    number: index + 1,
    dueDate: installmentDueDate(approvalDay, paymentStartWeek, index + 1),
    amount,
  }));
}

export type InstallmentStatus = 'upcoming' | 'due' | 'paid' | 'late';

/**
 * paid: fully paid; late: unpaid after its due date; due: the next one to pay (the first unpaid
 * installment that is not late); upcoming: the rest.
 */
export function installmentStatuses(
  installments: readonly { dueDate: string; amount: number; paidAmount: number }[],
  today: string,
): InstallmentStatus[] {
  let nextFound = false;
  return installments.map((installment) => {
    if (installment.paidAmount >= installment.amount) return 'paid';
    if (installment.dueDate < today) return 'late';
    if (nextFound) return 'upcoming';
    nextFound = true;
    return 'due';
  });
}

/**
 * Spreads a payment over the oldest unpaid installments first. Returns what each installment
 * receives (only those that receive something); the caller refuses amounts beyond what is left.
 */
export function allocatePayment(
  installments: readonly { number: number; amount: number; paidAmount: number }[],
  payment: number,
): { number: number; amount: number }[] {
  const allocations: { number: number; amount: number }[] = [];
  let left = payment;
  for (const installment of [...installments].sort((a, b) => a.number - b.number)) {
    if (left <= 0) break;
    const open = installment.amount - installment.paidAmount;
    if (open <= 0) continue;
    const share = Math.min(open, left);
    allocations.push({ number: installment.number, amount: share });
    left -= share;
  }
  return allocations;
}

import useSWR from 'swr';
import { get } from '../../../lib/http-client.ts';

export type InstallmentStatus = 'upcoming' | 'due' | 'paid' | 'late';

/** GET /application/{id}/repayments (API.md "Repayments after approval"); money in kuruş, days `YYYY-MM-DD`. */
export interface Repayments {
  approved_at: string;
  total_payment_amount: number;
  paid_amount: number;
  remaining_amount: number;
  installments: { number: number; due_date: string; amount: number; paid_amount: number; status: InstallmentStatus }[];
}

export function repaymentsKey(applicationId: string): string {
  return `/application/${encodeURIComponent(applicationId)}/repayments`;
}

/** Only asked for an approved application (the server answers 404 before approval). */
export function useRepayments(applicationId: string | null) {
  return useSWR(applicationId ? repaymentsKey(applicationId) : null, (url: string) => get<Repayments>(url));
}

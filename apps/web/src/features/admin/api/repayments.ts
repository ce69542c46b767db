import useSWR from 'swr';
import { istanbulToday } from '@worq/domain/calendar';
import type { InstallmentStatus, PaymentBody, RepaymentView } from '@worq/domain/wire/repayment';
import { call, routeUrl } from '../../../lib/http-client.ts';

/** The repayment object (API.md "Repayments after approval"); kuruş, days `YYYY-MM-DD`. */
export type { InstallmentStatus, RepaymentView as Repayments };

export const repaymentsPath = (id: string) => routeUrl('GET /admin/applications/{id}/repayments', { id });

export function useAdminRepayments(applicationId: string | null) {
  return useSWR(applicationId ? repaymentsPath(applicationId) : null, () =>
    call('GET /admin/applications/{id}/repayments', { path: { id: applicationId! } }),
  );
}

/**
 * POST /admin/applications/{id}/payments: 409 payment_exceeds_remaining beyond what is left. The
 * Idempotency-Key names the submission: sent again with the same key (a retry after a lost answer),
 * the server answers as the first time and records nothing new.
 */
export function recordPayment(applicationId: string, body: PaymentBody, idempotencyKey: string): Promise<RepaymentView> {
  return call(
    'POST /admin/applications/{id}/payments',
    { path: { id: applicationId }, body },
    { headers: { 'Idempotency-Key': idempotencyKey } },
  );
}

/** A new idempotency key, one per payment submission. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/**
 * Lira as an expert types it (1.234,56 · 1234,56 · 1234.56 · ₺1.234) → kuruş; null when it is not
 * an amount. A comma is the decimal mark when present (Turkish); otherwise a dot followed by exactly
 * three digits groups thousands, and any other dot is the decimal mark.
 */
export function parseLira(text: string): number | null {
  let cleaned = text.replace(/[\s₺]|TL|TRY/gi, '');
  if (cleaned === '') return null;
  if (cleaned.includes(',')) cleaned = cleaned.replace(/\./g, '').replace(',', '.');
  else if (/^\d{1,3}(\.\d{3})+$/.test(cleaned)) cleaned = cleaned.replace(/\./g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  return Math.round(Number(cleaned) * 100);
}

/** Today in Istanbul, `YYYY-MM-DD` (the default payment date). */
export { istanbulToday };

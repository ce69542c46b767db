import useSWR from 'swr';
import type { InstallmentStatus, RepaymentView } from '@worq/domain/wire/repayment';
import { call, routeUrl } from '../../../lib/http-client.ts';

export type { InstallmentStatus, RepaymentView as Repayments };

export function repaymentsKey(applicationId: string): string {
  return routeUrl('GET /application/{id}/repayments', { id: applicationId });
}

/**
 * GET /application/{id}/repayments (API.md "Repayments after approval"); money in kuruş, days `YYYY-MM-DD`.
 * Only asked for an approved application (the server answers 404 before approval).
 */
export function useRepayments(applicationId: string | null) {
  return useSWR(applicationId ? repaymentsKey(applicationId) : null, () =>
    call('GET /application/{id}/repayments', { path: { id: applicationId! } }),
  );
}

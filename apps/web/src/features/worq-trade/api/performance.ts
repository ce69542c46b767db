import useSWR from 'swr';
import type { PerformanceStoreView, PerformanceView, PerformanceWeekView, SellerNoteView } from '@worq/domain/wire/funding';
import { call, routeUrl } from '../../../lib/http-client.ts';

export type { PerformanceView as Performance, PerformanceWeekView as PerformanceWeek, PerformanceStoreView as PerformanceStore };
export type { SellerNoteView as SellerNote };

export function performanceKey(applicationId: string): string {
  return routeUrl('GET /application/{id}/performance', { id: applicationId });
}

/**
 * GET /application/{id}/performance (API.md "After funding"): the approved application's sales since
 * approval against its plan. Money in kuruş; a week the marketplaces have not served has `sales: null`.
 */
export function usePerformance(applicationId: string | null) {
  return useSWR(applicationId ? performanceKey(applicationId) : null, () =>
    call('GET /application/{id}/performance', { path: { id: applicationId! } }),
  );
}

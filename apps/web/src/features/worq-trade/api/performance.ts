import useSWR from 'swr';
import type { PerformanceStoreView, PerformanceView, PerformanceWeekView, SellerNoteView } from '@worq/domain/wire/funding';
import { get } from '../../../lib/http-client.ts';

export type { PerformanceView as Performance, PerformanceWeekView as PerformanceWeek, PerformanceStoreView as PerformanceStore };
export type { SellerNoteView as SellerNote };

export function performanceKey(applicationId: string): string {
  return `/application/${encodeURIComponent(applicationId)}/performance`;
}

/**
 * GET /application/{id}/performance (API.md "After funding"): the approved application's sales since
 * approval against its plan. Money in kuruş; a week the marketplaces have not served has `sales: null`.
 */
export function usePerformance(applicationId: string | null) {
  return useSWR(applicationId ? performanceKey(applicationId) : null, (url: string) => get<PerformanceView>(url));
}

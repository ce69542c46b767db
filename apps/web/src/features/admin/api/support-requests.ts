import useSWR from 'swr';
import type { SupportRequestsQuery, SupportRequestView } from '@worq/domain/wire/support';
import { handledFilters } from '@worq/domain/wire/choices';
import { call, routeUrl } from '../../../lib/http-client.ts';

/** A seller's support request as the back-office sees it (API.md "Support requests"). */
export type { SupportRequestView as SupportRequest };

export const supportRequestFilters = handledFilters;
export type SupportRequestFilter = (typeof supportRequestFilters)[number];
export const supportRequestsPath = routeUrl('GET /admin/support_requests');
export const supportRequestsPageSize = 20;

export function useSupportRequests({ handled, q, page }: { handled: SupportRequestFilter; q: string; page: number }) {
  return useSWR(
    [supportRequestsPath, handled, q, page] as const,
    () =>
      call('GET /admin/support_requests', {
        query: { handled, ...(q ? { q } : {}), page, pagesize: supportRequestsPageSize } satisfies SupportRequestsQuery,
      }),
    { keepPreviousData: true },
  );
}

/** POST /admin/support_requests/{id}/handled — the team has answered the seller. */
export function markSupportRequestHandled(id: string): Promise<SupportRequestView> {
  return call('POST /admin/support_requests/{id}/handled', { path: { id } });
}

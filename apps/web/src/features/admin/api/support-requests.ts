import useSWR from 'swr';
import type { SupportRequestPage, SupportRequestsQuery, SupportRequestView } from '@worq/domain/wire/support';
import { handledFilters } from '@worq/domain/wire/choices';
import { get, post } from '../../../lib/http-client.ts';

/** A seller's support request as the back-office sees it (API.md "Support requests"). */
export type { SupportRequestView as SupportRequest };

export const supportRequestFilters = handledFilters;
export type SupportRequestFilter = (typeof supportRequestFilters)[number];
export const supportRequestsPath = '/admin/support_requests';
export const supportRequestsPageSize = 20;

export function useSupportRequests({ handled, q, page }: { handled: SupportRequestFilter; q: string; page: number }) {
  return useSWR(
    [supportRequestsPath, handled, q, page] as const,
    ([url]) =>
      get<SupportRequestPage>(url, {
        handled,
        ...(q ? { q } : {}),
        page,
        pagesize: supportRequestsPageSize,
      } satisfies SupportRequestsQuery),
    { keepPreviousData: true },
  );
}

/** POST /admin/support_requests/{id}/handled — the team has answered the seller. */
export function markSupportRequestHandled(id: string): Promise<SupportRequestView> {
  return post<SupportRequestView>(`${supportRequestsPath}/${encodeURIComponent(id)}/handled`, {});
}

import useSWR from 'swr';
import { get, post } from '../../../lib/http-client.ts';
import type { PersonRef } from './contact-forms.ts';
import type { ReviewCustomer } from './review-queue.ts';

export type SupportTopic = 'company_change' | 'connection' | 'application' | 'other';

/** A seller's support request as the back-office sees it (API.md "Support requests"). */
export interface SupportRequest {
  id: string;
  created_at: string;
  customer: ReviewCustomer;
  topic: SupportTopic;
  message: string;
  contact_preference: 'email' | 'phone';
  handled_at: string | null;
  handled_by: PersonRef | null;
}

export interface SupportRequestPage {
  items: SupportRequest[];
  total: number;
}

export const supportRequestFilters = ['false', 'true', 'all'] as const;
export type SupportRequestFilter = (typeof supportRequestFilters)[number];
export const supportRequestsPath = '/admin/support_requests';
export const supportRequestsPageSize = 20;

export function useSupportRequests({ handled, q, page }: { handled: SupportRequestFilter; q: string; page: number }) {
  return useSWR(
    [supportRequestsPath, handled, q, page] as const,
    ([url]) => get<SupportRequestPage>(url, { handled, ...(q ? { q } : {}), page, pagesize: supportRequestsPageSize }),
    { keepPreviousData: true },
  );
}

/** POST /admin/support_requests/{id}/handled — the team has answered the seller. */
export function markSupportRequestHandled(id: string): Promise<SupportRequest> {
  return post<SupportRequest>(`${supportRequestsPath}/${encodeURIComponent(id)}/handled`, {});
}

import useSWR from 'swr';
import type { QueueFilter, QueueItemView } from '@worq/domain/wire/admin';
import type { ApplicationStatus } from '@worq/domain/wire/application';
import { queueFilters } from '@worq/domain/wire/choices';
import type { RouteQuery } from '@worq/domain/wire/routes';
import { call, routeUrl } from '../../../lib/http-client.ts';

/** A submitted application's status: every one but the seller's draft. */
export type ReviewStatus = Exclude<ApplicationStatus, 'not_completed'>;
export { queueFilters };
export type { QueueFilter, QueueItemView as QueueItem };
export const queuePageSize = 20;

/** What the queue screen asks for; the page size is fixed. */
export interface QueueQuery {
  status: QueueFilter;
  q: string;
  page: number;
}

export const reviewQueuePath = routeUrl('GET /admin/applications');

/** Newest submission first; `q` matches the seller's name, e-mail or phone and the company. */
export function useReviewQueue({ status, q, page }: QueueQuery) {
  return useSWR(
    [reviewQueuePath, status, q, page] as const,
    () => {
      const query: RouteQuery<'GET /admin/applications'> = { status, ...(q ? { q } : {}), page, pagesize: queuePageSize };
      return call('GET /admin/applications', { query });
    },
    { keepPreviousData: true },
  );
}

import useSWR from 'swr';
import { get } from '../../../lib/http-client.ts';

export type ReviewStatus = 'in_progress' | 'approved' | 'rejected';
export const queueFilters = ['in_progress', 'approved', 'rejected', 'all'] as const;
export type QueueFilter = (typeof queueFilters)[number];
export const queuePageSize = 20;

export interface ReviewCustomer {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string | null;
}

/** One row of the review queue (GET /admin/applications); amounts in kuruş. */
export interface QueueItem {
  id: string;
  created_at: string;
  submitted_at: string | null;
  status: ReviewStatus | 'not_completed';
  reject_reason: string | null;
  step: number;
  customer: ReviewCustomer;
  plan: { estimated_stock_purchase_amount: number; total_payment_amount: number; duration_weeks: number } | null;
  store_count: number;
  company_title: string | null;
}

export interface QueuePage {
  items: QueueItem[];
  total: number;
}

export interface QueueQuery {
  status: QueueFilter;
  q: string;
  page: number;
}

export const reviewQueuePath = '/admin/applications';

/** Newest submission first; `q` matches the seller's name, e-mail or phone and the company. */
export function useReviewQueue({ status, q, page }: QueueQuery) {
  return useSWR(
    [reviewQueuePath, status, q, page] as const,
    ([url]) => get<QueuePage>(url, { status, ...(q ? { q } : {}), page, pagesize: queuePageSize }),
    { keepPreviousData: true },
  );
}

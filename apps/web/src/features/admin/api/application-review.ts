import useSWR from 'swr';
import { get, post } from '../../../lib/http-client.ts';
import type { ContactForm, PersonRef } from './contact-forms.ts';
import type { ReviewCustomer, ReviewStatus } from './review-queue.ts';

/** The store now; `deleted` when the seller removed it after submitting. */
export type StoreStatus = 'active' | 'out_of_date' | 'disabled' | 'deleted';
export type CompanyType = 1 | 2 | 3;

export interface ReviewPlan {
  application_id: string;
  average_monthly_turnover: number;
  estimated_stock_purchase_amount: number;
  estimated_sales_turnover: number;
  duration_weeks: number;
  payment_start_week: number;
  provider_share_rate: number;
  provider_share_amount: number;
  your_share_amount: number;
  total_payment_amount: number;
  installment_count: number;
  installment_amount: number;
  schedule: { week: number; amount: number }[];
}

export interface ReviewStore {
  id: string;
  marketplace_code: string | null;
  marketplace_name: string | null;
  store_name: string;
  store_link: string | null;
  status: StoreStatus;
  status_at_submission: string | null;
  connected_at: string | null;
  company_title: string | null;
}

export interface ReviewCompany {
  type: CompanyType;
  tax_number: string;
  official_full_name: string;
  trade_name: string;
  tax_office: string;
}

export type EventAction =
  | 'started'
  | 'plan_saved'
  | 'step_changed'
  | 'left'
  | 'cancelled'
  | 'submitted'
  | 'approved'
  | 'rejected'
  | 'contact_form_saved'
  | 'payment_recorded';

/** One line of the audit trail: who (and in which role) did what, and when. */
export interface ApplicationEvent {
  id: string;
  action: EventAction;
  actor: { id: string | null; name: string | null; email: string | null; role: 'customer' | 'expert' | 'system' };
  detail: Record<string, unknown>;
  created_at: string;
}

export interface ApplicationReview {
  id: string;
  created_at: string;
  submitted_at: string | null;
  status: ReviewStatus | 'not_completed';
  reject_reason: string | null;
  step: number;
  decided_at: string | null;
  decided_by: PersonRef | null;
  customer: ReviewCustomer & { preferred_language: 'tr' | 'en' };
  plan: ReviewPlan | null;
  integrations: ReviewStore[];
  company: ReviewCompany | null;
  contact_forms: ContactForm[];
  events: ApplicationEvent[];
  /** The submitted stores' synced sales, last 12 months (absent from older servers). */
  store_performance?: StorePerformance;
}

export interface StorePerformance {
  months: { month: string; revenue: number; orders: number; cancelled_orders: number; returned_orders: number }[];
  cancellation_rate: number;
  return_rate: number;
  by_marketplace: { marketplace_code: string; store_name: string; revenue: number }[];
  last_synced_at: string | null;
}

export const rejectReasonMinLength = 10;
export const rejectReasonMaxLength = 1000;

export function applicationReviewPath(id: string): string {
  return `/admin/applications/${encodeURIComponent(id)}`;
}

export function useApplicationReview(id: string | undefined) {
  return useSWR(id ? applicationReviewPath(id) : null, (url: string) => get<ApplicationReview>(url));
}

export type DecisionBody = { decision: 'approved' } | { decision: 'rejected'; reject_reason: string };

/** 409 already_decided when another expert was first (not_under_review for a draft); 400 with fields.reject_reason. */
export function decideApplication(id: string, body: DecisionBody): Promise<unknown> {
  return post<unknown>(`${applicationReviewPath(id)}/decision`, body);
}

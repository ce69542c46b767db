import useSWR from 'swr';
import { get, post } from '../../../lib/http-client.ts';
import type { ReviewCustomer, ReviewStatus } from './review-queue.ts';

export const salesChannels = ['marketplace', 'own_website', 'other_channels', 'none'] as const;
export type SalesChannel = (typeof salesChannels)[number];
export const revenueBands = ['0_50k', '50k_500k', '500k_1m', '1m_2m', '2m_5m', '5m_plus', 'prefer_not_to_share'] as const;
export type RevenueBand = (typeof revenueBands)[number];
export const durationBands = ['0_3m', '3m_1y', '1y_5y', '5y_plus'] as const;
export type DurationBand = (typeof durationBands)[number];

/** An expert as the back-office names one (who decided, who called back). */
export interface PersonRef {
  id: string;
  name: string;
  email: string;
}

/** A contact (skip-step) form as the back-office sees it. */
export interface ContactForm {
  id: string;
  created_at: string;
  customer: ReviewCustomer;
  application: { id: string; status: ReviewStatus | 'not_completed' } | null;
  sales_channels: SalesChannel[];
  monthly_revenue_band: RevenueBand;
  ecommerce_duration_band: DurationBand;
  best_selling_store_name: string;
  headquarters_city: { id: number; name: string };
  note: string | null;
  handled_at: string | null;
  handled_by: PersonRef | null;
}

export interface ContactFormPage {
  items: ContactForm[];
  total: number;
}

export const contactFormFilters = ['false', 'true', 'all'] as const;
export type ContactFormFilter = (typeof contactFormFilters)[number];
export const contactFormsPath = '/admin/contact_forms';
export const contactFormsPageSize = 20;

export function useContactForms({ handled, q, page }: { handled: ContactFormFilter; q: string; page: number }) {
  return useSWR(
    [contactFormsPath, handled, q, page] as const,
    ([url]) => get<ContactFormPage>(url, { handled, ...(q ? { q } : {}), page, pagesize: contactFormsPageSize }),
    { keepPreviousData: true },
  );
}

/** POST /admin/contact_forms/{id}/handled — the team has called the seller back. */
export function markContactFormHandled(id: string): Promise<ContactForm> {
  return post<ContactForm>(`${contactFormsPath}/${encodeURIComponent(id)}/handled`, {});
}

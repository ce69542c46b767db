import useSWR from 'swr';
import type { AdminContactFormView, ContactFormFilter, ContactFormPage, ContactFormQuery } from '@worq/domain/wire/admin';
import type {
  EcommerceDurationBand,
  MonthlyRevenueBand,
  SalesChannel,
  ecommerceDurationBands,
  monthlyRevenueBands,
  salesChannels as wireSalesChannels,
} from '@worq/domain/wire/application';
import { get, post } from '../../../lib/http-client.ts';

// The choices in the order the screens show them, checked against the wire's lists.
export const salesChannels = ['marketplace', 'own_website', 'other_channels', 'none'] as const satisfies typeof wireSalesChannels;
export const revenueBands = [
  '0_50k',
  '50k_500k',
  '500k_1m',
  '1m_2m',
  '2m_5m',
  '5m_plus',
  'prefer_not_to_share',
] as const satisfies typeof monthlyRevenueBands;
export const durationBands = ['0_3m', '3m_1y', '1y_5y', '5y_plus'] as const satisfies typeof ecommerceDurationBands;
export type { SalesChannel, MonthlyRevenueBand as RevenueBand, EcommerceDurationBand as DurationBand };

/** A contact (skip-step) form as the back-office sees it. */
export type { AdminContactFormView as ContactForm, ContactFormFilter };

// Still to call back first, as the screen offers them.
export const contactFormFilters = ['false', 'true', 'all'] as const satisfies readonly ContactFormFilter[];
export const contactFormsPath = '/admin/contact_forms';
export const contactFormsPageSize = 20;

export function useContactForms({ handled, q, page }: { handled: ContactFormFilter; q: string; page: number }) {
  return useSWR(
    [contactFormsPath, handled, q, page] as const,
    ([url]) => {
      const query: ContactFormQuery = { handled, ...(q ? { q } : {}), page, pagesize: contactFormsPageSize };
      return get<ContactFormPage>(url, query);
    },
    { keepPreviousData: true },
  );
}

/** POST /admin/contact_forms/{id}/handled — the team has called the seller back. */
export function markContactFormHandled(id: string): Promise<AdminContactFormView> {
  return post<AdminContactFormView>(`${contactFormsPath}/${encodeURIComponent(id)}/handled`, {});
}

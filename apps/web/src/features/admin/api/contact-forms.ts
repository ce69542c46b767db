import useSWR from 'swr';
import type { AdminContactFormView, ContactFormFilter, ContactFormPage, ContactFormQuery } from '@worq/domain/wire/admin';
import { handledFilters } from '@worq/domain/wire/choices';
import { get, post } from '../../../lib/http-client.ts';

/** A contact (skip-step) form as the back-office sees it. */
export type { AdminContactFormView as ContactForm, ContactFormFilter };

// Still to call back first, as the screen offers them.
export const contactFormFilters = handledFilters;
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

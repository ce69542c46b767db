import useSWR from 'swr';
import type { AdminContactFormView, ContactFormFilter } from '@worq/domain/wire/admin';
import { handledFilters } from '@worq/domain/wire/choices';
import type { RouteQuery } from '@worq/domain/wire/routes';
import { call, routeUrl } from '../../../lib/http-client.ts';

/** A contact (skip-step) form as the back-office sees it. */
export type { AdminContactFormView as ContactForm, ContactFormFilter };

// Still to call back first, as the screen offers them.
export const contactFormFilters = handledFilters;
export const contactFormsPath = routeUrl('GET /admin/contact_forms');
export const contactFormsPageSize = 20;

export function useContactForms({ handled, q, page }: { handled: ContactFormFilter; q: string; page: number }) {
  return useSWR(
    [contactFormsPath, handled, q, page] as const,
    () => {
      const query: RouteQuery<'GET /admin/contact_forms'> = { handled, ...(q ? { q } : {}), page, pagesize: contactFormsPageSize };
      return call('GET /admin/contact_forms', { query });
    },
    { keepPreviousData: true },
  );
}

/** POST /admin/contact_forms/{id}/handled — the team has called the seller back. */
export function markContactFormHandled(id: string): Promise<AdminContactFormView> {
  return call('POST /admin/contact_forms/{id}/handled', { path: { id } });
}

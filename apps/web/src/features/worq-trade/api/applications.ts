import useSWR from 'swr';
import { get, post } from '../../../lib/http-client.ts';
import type { Plan } from './plan.ts';

export type ApplicationStatus = 'not_completed' | 'in_progress' | 'approved' | 'rejected';
export type ApplicationStep = 1 | 2 | 3;

/** The application object of API.md; the list adds the plan when one was saved. */
export interface Application {
  id: string;
  created_at: string;
  status: ApplicationStatus;
  reject_reason: string | null;
  step: ApplicationStep;
  is_leaved: boolean;
  is_cancelled: boolean;
  plan?: Plan | null;
}

// ---- calls (API.md "Applications (V)") ----------------------------------------------------------

/** Key of the applications list; one per customer, so a sign-in as someone else never sees stale rows. */
export function applicationsKey(customerId: string): string {
  return `/application/get_by_customer_id/${encodeURIComponent(customerId)}`;
}

/** GET /application/get_by_customer_id/{customer_id} — newest first, each with its plan when saved. */
export function useApplications(customerId: string | null | undefined) {
  return useSWR(customerId ? applicationsKey(customerId) : null, (url: string) => get<Application[]>(url));
}

/** The one application the onboarding works on (§4): not completed, not left, not cancelled. */
export function isActiveApplication(application: Application): boolean {
  return application.status === 'not_completed' && !application.is_leaved && !application.is_cancelled;
}

export function activeApplicationOf(applications: readonly Application[] | undefined): Application | null {
  return applications?.find(isActiveApplication) ?? null;
}

export const stepSlugs: Record<ApplicationStep, string> = {
  1: 'revenue-sharing-plan',
  2: 'connect-store',
  3: 'summary',
};

export function stepPath(step: ApplicationStep): string {
  return `/worq-trade/onboarding/${stepSlugs[step]}`;
}

/** 201; 409 active_application_exists unless `cancel_existing` confirms cancelling the active one. */
export function startApplication(cancelExisting = false): Promise<Application> {
  return post<Application>('/application/start_application', cancelExisting ? { cancel_existing: true } : {});
}

/** 409 step_requirements_not_met when the step's conditions are not there yet. */
export function setApplicationStep(application_id: string, step: ApplicationStep): Promise<Application> {
  return post<Application>('/application/set_step', { application_id, step });
}

export function leaveApplication(application_id: string): Promise<Application> {
  return post<Application>('/application/leave_application', { application_id });
}

/** Moves the application to in_progress (Under Review). */
export function completeApplication(application_id: string): Promise<Application> {
  return post<Application>('/application/complete_application', { application_id });
}

// ---- contact (skip-step) form ------------------------------------------------------------------

export const salesChannels = ['marketplace', 'own_website', 'other_channels', 'none'] as const;
export type SalesChannel = (typeof salesChannels)[number];
export const revenueBands = ['0_50k', '50k_500k', '500k_1m', '1m_2m', '2m_5m', '5m_plus', 'prefer_not_to_share'] as const;
export type RevenueBand = (typeof revenueBands)[number];
export const durationBands = ['0_3m', '3m_1y', '1y_5y', '5y_plus'] as const;
export type DurationBand = (typeof durationBands)[number];
export const contactNoteMaxLength = 1000;

export interface ContactFormInput {
  application_id?: string;
  sales_channels: SalesChannel[];
  monthly_revenue_band: RevenueBand;
  ecommerce_duration_band: DurationBand;
  best_selling_store_name: string;
  headquarters_city_id: number | string;
  note?: string;
}

/** POST /application/form/upsert — stored for the experts; it does not move the application. */
export function upsertContactForm(input: ContactFormInput): Promise<unknown> {
  return post<unknown>('/application/form/upsert', input);
}

export interface City {
  id: number | string;
  name: string;
  plate_code: number | string;
}

/** Turkey's 81 provinces in one page (specification §9). */
export const cityPageSize = 81;
export const citiesKey = '/location/city/view';

export function useCities() {
  return useSWR(citiesKey, (url: string) => get<{ items: City[]; total: number }>(url, { page: 0, pagesize: cityPageSize }), {
    revalidateOnFocus: false,
  });
}

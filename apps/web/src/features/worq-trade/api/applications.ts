import useSWR from 'swr';
import type {
  ApplicationListItem,
  ApplicationStep,
  ApplicationView,
  ContactFormInput,
  ContactFormView,
  EcommerceDurationBand,
  MonthlyRevenueBand,
  SalesChannel,
  SetStepBody,
  StartApplicationBody,
} from '@worq/domain/wire/application';
import { ecommerceDurationBands, monthlyRevenueBands, salesChannels } from '@worq/domain/wire/choices';
import { call, routeUrl } from '../../../lib/http-client.ts';

/** The application object of API.md as the list gives it, with the plan once one was saved. */
export type { ApplicationListItem as Application, ApplicationStep };

// ---- calls (API.md "Applications (V)") ----------------------------------------------------------

/** Key of the applications list; one per customer, so a sign-in as someone else never sees stale rows. */
export function applicationsKey(customerId: string): string {
  return routeUrl('GET /application/get_by_customer_id/{customer_id}', { customer_id: customerId });
}

/** GET /application/get_by_customer_id/{customer_id} — newest first, each with its plan when saved. */
export const fetchApplications = (customerId: string) =>
  call('GET /application/get_by_customer_id/{customer_id}', { path: { customer_id: customerId } });

export function useApplications(customerId: string | null | undefined) {
  return useSWR(customerId ? applicationsKey(customerId) : null, () => fetchApplications(customerId!));
}

/** The one application the onboarding works on (§4): not completed, not left, not cancelled. */
export function isActiveApplication(application: ApplicationView): boolean {
  return application.status === 'not_completed' && !application.is_leaved && !application.is_cancelled;
}

export function activeApplicationOf(applications: readonly ApplicationListItem[] | undefined): ApplicationListItem | null {
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
export function startApplication(cancelExisting = false): Promise<ApplicationView> {
  const body: StartApplicationBody = cancelExisting ? { cancel_existing: true } : {};
  return call('POST /application/start_application', { body });
}

/** 409 step_requirements_not_met when the step's conditions are not there yet. */
export function setApplicationStep(application_id: string, step: ApplicationStep): Promise<ApplicationView> {
  const body: SetStepBody = { application_id, step };
  return call('POST /application/set_step', { body });
}

export function leaveApplication(application_id: string): Promise<ApplicationView> {
  return call('POST /application/leave_application', { body: { application_id } });
}

/** Moves the application to in_progress (Under Review). */
export function completeApplication(application_id: string): Promise<ApplicationView> {
  return call('POST /application/complete_application', { body: { application_id } });
}

// ---- contact (skip-step) form ------------------------------------------------------------------

// The choices in the order the form shows them (wire/choices).
export { salesChannels };
export type { SalesChannel, MonthlyRevenueBand as RevenueBand, EcommerceDurationBand as DurationBand };
export const revenueBands = monthlyRevenueBands;
export const durationBands = ecommerceDurationBands;
export const contactNoteMaxLength = 1000;

/** POST /application/form/upsert — stored for the experts; it does not move the application. */
export function upsertContactForm(input: ContactFormInput): Promise<ContactFormView> {
  return call('POST /application/form/upsert', { body: input });
}

/** Turkey's 81 provinces in one page (specification §9). */
export const cityPageSize = 81;
export const citiesKey = routeUrl('GET /location/city/view');

export function useCities() {
  return useSWR(citiesKey, () => call('GET /location/city/view', { query: { page: 0, pagesize: cityPageSize } }), {
    revalidateOnFocus: false,
  });
}

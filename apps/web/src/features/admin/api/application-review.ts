import useSWR from 'swr';
import type {
  AdminApplicationView,
  AdminStoreStatus,
  ApplicationDetailView,
  AuditEventsPage,
  DecisionBody,
  EventView,
  rejectReasonLength,
} from '@worq/domain/wire/admin';
import type { PlanView } from '@worq/domain/wire/gpp';
import type { StorePerformanceView } from '@worq/domain/wire/insight';
import { call, routeUrl } from '../../../lib/http-client.ts';

/** The store now; `deleted` when the seller removed it after submitting. */
export type { AdminStoreStatus as StoreStatus };
/** The application page and its pieces: plan, one line of the audit trail, the sales of the last 12 months. */
export type {
  ApplicationDetailView as ApplicationReview,
  PlanView as ReviewPlan,
  EventView as ApplicationEvent,
  StorePerformanceView as StorePerformance,
  DecisionBody,
};

// The server's bounds of a reject reason (the web takes no code from the wire, so they are checked against it).
export const rejectReasonMinLength: (typeof rejectReasonLength)['min'] = 10;
export const rejectReasonMaxLength: (typeof rejectReasonLength)['max'] = 1000;

export function applicationReviewPath(id: string): string {
  return routeUrl('GET /admin/applications/{id}', { id });
}

/** GET /admin/applications/{id}/events — the audit events after `cursor` (events_next_cursor, then next_cursor). */
export function getApplicationEvents(id: string, cursor: string): Promise<AuditEventsPage> {
  return call('GET /admin/applications/{id}/events', { path: { id }, query: { cursor } });
}

export function useApplicationReview(id: string | undefined) {
  return useSWR(id ? applicationReviewPath(id) : null, () => call('GET /admin/applications/{id}', { path: { id: id! } }));
}

/** 409 already_decided when another expert was first (not_under_review for a draft); 400 with fields.reject_reason. */
export function decideApplication(id: string, body: DecisionBody): Promise<AdminApplicationView> {
  return call('POST /admin/applications/{id}/decision', { path: { id }, body });
}

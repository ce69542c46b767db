/*
 * Wire contract of the Support requests area (API.md "Support requests"): the form a signed-in
 * seller sends to the provider's team, and the back-office list the team calls back from.
 * The API validates and documents its routes with these schemas; the web imports the types only.
 */
import { z } from 'zod';
import { contactPreferences, handledFilters, supportMessageLength, supportTopics } from './choices.ts';

/** What the request is about (the API's support_requests table takes the same list). */
export { supportTopics };
export type SupportTopic = (typeof supportTopics)[number];
/** How the seller wants to be answered. */
export { contactPreferences };
export type ContactPreference = (typeof contactPreferences)[number];

export { supportMessageLength };

/** POST /support/request (201 with supportRequestCreated) */
export const supportRequestBody = z.object({
  topic: z.enum(supportTopics),
  message: z.string().trim().min(supportMessageLength.min).max(supportMessageLength.max),
  contact_preference: z.enum(contactPreferences),
});
export type SupportRequestBody = z.input<typeof supportRequestBody>;

const iso = z.string().describe('ISO 8601 UTC');

export const supportRequestCreated = z.object({ id: z.string(), created_at: iso });
export type SupportRequestCreated = z.output<typeof supportRequestCreated>;

/** One request as the back-office sees it; POST /admin/support_requests/{id}/handled answers it too. */
export const supportRequestView = z.object({
  id: z.string(),
  created_at: iso,
  customer: z.object({
    id: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    phone_number: z.string().nullable(),
  }),
  topic: z.enum(supportTopics),
  message: z.string(),
  contact_preference: z.enum(contactPreferences),
  handled_at: iso.nullable(),
  handled_by: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
});
export type SupportRequestView = z.output<typeof supportRequestView>;

/** GET /admin/support_requests: handled defaults to false (still to call back); all = every request. */
export const supportRequestsQuery = z.object({
  handled: z.enum(handledFilters).default('false'),
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  pagesize: z.coerce.number().int().min(1).max(100).default(20),
  q: z.string().trim().max(200).optional(),
});
export type SupportRequestsQuery = z.input<typeof supportRequestsQuery>;
export const supportRequestPage = z.object({ items: z.array(supportRequestView), total: z.number().int() });
export type SupportRequestPage = z.output<typeof supportRequestPage>;

/** POST /admin/support_requests/{id}/handled */
export const supportRequestParams = z.object({ id: z.guid() });
export type SupportRequestParams = z.input<typeof supportRequestParams>;

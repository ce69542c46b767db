/*
 * Wire contract of the development tools (API.md Development only, GET /dev/outbox): the messages the
 * outbox transport kept instead of sending. Absent in production.
 * The API validates and documents its route with these schemas; the web and the e2e fixtures
 * import the types only.
 */
import { z } from 'zod';

/** A message the outbox transport kept instead of sending. */
export const outboxEntry = z.object({
  id: z.string(),
  channel: z.enum(['sms', 'email']),
  to: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  html: z.string().nullable(),
  created_at: z.string(),
});
export type OutboxEntry = z.output<typeof outboxEntry>;

/** GET /dev/outbox: newest first, at most 200. */
export const outboxQuery = z.object({ to: z.string().trim().max(320).optional() });
export type OutboxQuery = z.input<typeof outboxQuery>;
export const outboxEntries = z.array(outboxEntry);

/** The audit trail of an application, a page at a time, as experts read it. */
import type { AuditEventsPage } from '@worq/domain/wire/admin';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';
import { listEvents } from './repository.ts';
import { toEventView } from './views.ts';

/**
 * `limit` events after the event named by `cursor` (from the start without one), oldest first.
 * next_cursor is the last event's id while more follow. 400 for a cursor that is not an event of
 * the application.
 */
export async function auditEventsPage(
  db: Db,
  applicationId: string,
  query: { limit: number; cursor?: string | undefined },
): Promise<AuditEventsPage> {
  const page = await listEvents(db, applicationId, { limit: query.limit, after: query.cursor });
  if (!page) throw new AppError(400, 'validation_failed', { fields: { cursor: { key: 'invalid_value' } } });
  const last = page.rows.at(-1);
  return { events: page.rows.map(toEventView), next_cursor: page.hasMore && last ? last.id : null };
}

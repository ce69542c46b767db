import type { UpsertBody } from '@worq/domain/wire/marketplace';
import type { TaskAccepted } from '@worq/domain/wire/tasks';
import { call } from '../../../lib/http-client.ts';

/** POST /marketplace/integration/upsert — 202; the connection is verified in a background task. */
export function upsertIntegration(body: UpsertBody): Promise<TaskAccepted> {
  return call('POST /marketplace/integration/upsert', { body });
}

import type { ChangeStatusBody, IntegrationAction } from '@worq/domain/wire/marketplace';
import type { TaskAccepted } from '@worq/domain/wire/tasks';
import { post } from '../../../lib/http-client.ts';

/** POST /marketplace/integration/change_status — 202; 409 active_application_exists. */
export function changeIntegrationStatus(integration_id: string, action: IntegrationAction): Promise<TaskAccepted> {
  return post<TaskAccepted>('/marketplace/integration/change_status', { integration_id, action } satisfies ChangeStatusBody);
}

import type { IntegrationAction } from '@worq/domain/wire/marketplace';
import type { TaskAccepted } from '@worq/domain/wire/tasks';
import { call } from '../../../lib/http-client.ts';

/** POST /marketplace/integration/change_status — 202; 409 active_application_exists. */
export function changeIntegrationStatus(integration_id: string, action: IntegrationAction): Promise<TaskAccepted> {
  return call('POST /marketplace/integration/change_status', { body: { integration_id, action } });
}

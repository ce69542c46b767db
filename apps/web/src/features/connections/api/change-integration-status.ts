import { post } from '../../../lib/http-client.ts';

export type IntegrationAction = 'activate' | 'disable' | 'delete';

/** POST /marketplace/integration/change_status — 202; 409 active_application_exists. */
export function changeIntegrationStatus(integration_id: string, action: IntegrationAction): Promise<{ request_id: string }> {
  return post<{ request_id: string }>('/marketplace/integration/change_status', { integration_id, action });
}

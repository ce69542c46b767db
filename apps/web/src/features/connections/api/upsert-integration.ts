import { post } from '../../../lib/http-client.ts';

export interface UpsertIntegrationBody {
  integration_id?: string;
  marketplace_id: string;
  store_name: string;
  store_link?: string;
  region?: string;
  credentials: Record<string, string>;
}

/** POST /marketplace/integration/upsert — 202; the connection is verified in a background task. */
export function upsertIntegration(body: UpsertIntegrationBody): Promise<{ request_id: string }> {
  return post<{ request_id: string }>('/marketplace/integration/upsert', body);
}

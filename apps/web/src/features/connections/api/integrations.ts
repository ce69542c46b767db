import useSWR from 'swr';
import { get } from '../../../lib/http-client.ts';

export type IntegrationStatus = 'active' | 'out_of_date' | 'disabled';

export interface Integration {
  id: string;
  marketplace_id: string;
  marketplace_code: string;
  store_name: string;
  store_link: string | null;
  region: string | null;
  seller_id: string | null;
  merchant_id: string | null;
  connected_at: string;
  status: IntegrationStatus;
  is_active: boolean;
  is_updated: boolean;
  company_id: string | null;
  company_official_name: string | null;
  company_title: string | null;
}

/*
 * Every key of this feature starts with /marketplace/integration, so a finished background task
 * (which revalidates that prefix) refreshes the list and the company grouping alike.
 */
export const integrationListKey = '/marketplace/integration/list';

/** GET /marketplace/integration/list — every status; the page filters. */
export function useIntegrations() {
  return useSWR(integrationListKey, (url: string) => get<Integration[]>(url));
}

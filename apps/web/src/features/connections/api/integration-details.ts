import useSWR from 'swr';
import { get } from '../../../lib/http-client.ts';
import type { Integration } from './integrations.ts';

export type CompanyType = 1 | 2 | 3;

export interface Company {
  id: string;
  type: CompanyType;
  tax_number: string;
  official_full_name: string;
  trade_name: string;
  tax_office: string | null;
  national_id?: string | null;
  birth_date?: string | null;
}

export interface IntegrationDetails {
  companies: Array<{ company: Company; integrations: Integration[] }>;
  integrations_without_company: Integration[];
}

export const integrationDetailsKey = '/marketplace/integration/get_details_by_customer_id';

/** GET /marketplace/integration/get_details_by_customer_id — active, updated integrations by company. */
export function useIntegrationDetails(enabled = true) {
  return useSWR(enabled ? integrationDetailsKey : null, (url: string) => get<IntegrationDetails>(url));
}

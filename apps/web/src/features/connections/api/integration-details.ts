import useSWR from 'swr';
import type { CompanyView } from '@worq/domain/wire/company';
import type { CompanyWithIntegrations } from '@worq/domain/wire/marketplace';
import { call, routeUrl } from '../../../lib/http-client.ts';

export type { CompanyView as Company, CompanyWithIntegrations as IntegrationDetails };

export const integrationDetailsKey = routeUrl('GET /marketplace/integration/get_details_by_customer_id');

/** GET /marketplace/integration/get_details_by_customer_id — active, updated integrations by company. */
export function useIntegrationDetails(enabled = true) {
  return useSWR(enabled ? integrationDetailsKey : null, () => call('GET /marketplace/integration/get_details_by_customer_id'));
}

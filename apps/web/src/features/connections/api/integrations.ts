import useSWR from 'swr';
import { call, routeUrl } from '../../../lib/http-client.ts';

export type { IntegrationView as Integration, IntegrationStatus } from '@worq/domain/wire/marketplace';

/*
 * Every key of this feature starts with /marketplace/integration, so a finished background task
 * (which revalidates that prefix) refreshes the list and the company grouping alike.
 */
export const integrationListKey = routeUrl('GET /marketplace/integration/list');

/** GET /marketplace/integration/list — every status; the page filters. */
export function useIntegrations() {
  return useSWR(integrationListKey, () => call('GET /marketplace/integration/list'));
}

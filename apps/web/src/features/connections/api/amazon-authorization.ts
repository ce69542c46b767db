import type { AmazonRegion } from '@worq/domain/wire/choices';
import type { AuthorizationUrl } from '@worq/domain/wire/marketplace';
import { call } from '../../../lib/http-client.ts';

/** GET /marketplace/amazon/authorization_url?region= — the consent page and its single-use state. */
export function getAmazonAuthorizationUrl(region: AmazonRegion): Promise<AuthorizationUrl> {
  return call('GET /marketplace/amazon/authorization_url', { query: { region } });
}

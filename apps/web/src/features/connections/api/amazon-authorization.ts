import type { AmazonAuthorizationQuery, AuthorizationUrl } from '@worq/domain/wire/marketplace';
import { call } from '../../../lib/http-client.ts';

/**
 * GET /marketplace/amazon/authorization_url?region= — the consent page and its single-use state.
 * The region is one of those /marketplace/all lists for Amazon (plain strings there); the server
 * refuses any other with a 400.
 */
export function getAmazonAuthorizationUrl(region: string): Promise<AuthorizationUrl> {
  // Sent as the form has it: the server's list is the one check, so the type is asserted here.
  return call('GET /marketplace/amazon/authorization_url', { query: { region } as AmazonAuthorizationQuery });
}

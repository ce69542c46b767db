import type { AmazonAuthorizationQuery, AuthorizationUrl } from '@worq/domain/wire/marketplace';
import { get } from '../../../lib/http-client.ts';

/**
 * GET /marketplace/amazon/authorization_url?region= — the consent page and its single-use state.
 * The region is one of those /marketplace/all lists for Amazon (plain strings there); the server
 * refuses any other with a 400.
 */
export function getAmazonAuthorizationUrl(region: string): Promise<AuthorizationUrl> {
  return get<AuthorizationUrl>('/marketplace/amazon/authorization_url', { region } satisfies Record<
    keyof AmazonAuthorizationQuery,
    string
  >);
}

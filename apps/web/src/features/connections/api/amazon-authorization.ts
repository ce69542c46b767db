import { get } from '../../../lib/http-client.ts';

/** GET /marketplace/amazon/authorization_url?region= — the consent page and its single-use state. */
export function getAmazonAuthorizationUrl(region: string): Promise<{ url: string; state: string }> {
  return get<{ url: string; state: string }>('/marketplace/amazon/authorization_url', { region });
}

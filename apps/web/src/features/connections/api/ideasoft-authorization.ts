import type { AuthorizationUrl, IdeasoftAuthorizationBody } from '@worq/domain/wire/marketplace';
import { call } from '../../../lib/http-client.ts';

/**
 * POST /marketplace/ideasoft/authorization_url — the store's consent page and its single-use state.
 * The typed details stay on the server with the state; the URL carries only the client id.
 */
export function getIdeasoftAuthorizationUrl(body: IdeasoftAuthorizationBody): Promise<AuthorizationUrl> {
  return call('POST /marketplace/ideasoft/authorization_url', { body });
}

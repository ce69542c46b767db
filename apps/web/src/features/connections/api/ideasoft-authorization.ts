import { post } from '../../../lib/http-client.ts';

export interface IdeasoftAuthorizationBody {
  integration_id?: string;
  store_name: string;
  store_link?: string;
  store_url: string;
  client_id: string;
  client_secret: string;
}

/**
 * POST /marketplace/ideasoft/authorization_url — the store's consent page and its single-use state.
 * The typed details stay on the server with the state; the URL carries only the client id.
 */
export function getIdeasoftAuthorizationUrl(body: IdeasoftAuthorizationBody): Promise<{ url: string; state: string }> {
  return post<{ url: string; state: string }>('/marketplace/ideasoft/authorization_url', body);
}

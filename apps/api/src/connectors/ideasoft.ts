/**
 * Ideasoft admin API (shared/MARKETPLACES.md). Each store runs its own OAuth2 server on its own
 * domain: token at `POST {store}/oauth/v2/token`, then `Authorization: Bearer` on `/admin-api/…`.
 *
 * Which grant: the store admin creates the API client (Entegrasyonlar → API → Ekle) and Ideasoft
 * documents the authorization-code flow for it (`{store}/panel/auth` → code → token); no public
 * document confirms a client-credentials grant. The seller gives us only store URL, client id and
 * client secret, so the connector obtains tokens in this order:
 *   1. `refresh_token` (saved from an earlier answer) → grant_type=refresh_token. Ideasoft issues
 *      a new refresh token on every refresh and the old one stops working, so the new pair is
 *      returned in VerifyResult.secrets for the caller to store.
 *   2. `authorization_code` (+ `redirect_uri`), when an authorize step supplied one →
 *      grant_type=authorization_code.
 *   3. otherwise grant_type=client_credentials with the client id/secret. The token endpoint is the
 *      standard OAuth server one (FOSOAuthServer's /oauth/v2/token), which grants it to clients
 *      allowed to use it; a client that is not answers `invalid_client`/`unauthorized_client`,
 *      shown as bad credentials. Unconfirmed: keep this choice easy to revisit.
 */
import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import { marketplaceFetch } from './http.ts';
import {
  ConnectorError,
  type Connector,
  type ConnectorContext,
  type Credentials,
  type MarketplaceOrder,
  type OrderPage,
  type VerifyResult,
} from './types.ts';

/**
 * The API lives on each seller's own store domain: the placeholder is replaced with the store URL
 * the seller typed. Configuration (IDEASOFT_BASE_URL) or the sandbox replace the whole base.
 */
export const defaultBaseUrl = '{store_url}';

/** Ideasoft's list endpoints allow at most 100 rows per page. */
const ordersPerPage = 100;

export interface IdeasoftTokens {
  access_token: string;
  refresh_token?: string;
}

/**
 * The origin of a store the seller typed (`magaza.com`, `https://magaza.com/` …), refusing anything
 * that is not a public https name: the seller chooses this host and our server calls it.
 * Ticimax uses it too. (DNS answers are not checked; a resolver-level guard belongs to the fetch.)
 */
export function publicStoreOrigin(storeUrl: string | undefined, field: string): string {
  const raw = (storeUrl ?? '').trim();
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `https://${raw}`);
  } catch {
    throw new ConnectorError('bad_credentials', 'marketplace_bad_credentials', `${field} is not a URL: ${raw}`);
  }
  const host = url.hostname.toLowerCase();
  const privateName = !host.includes('.') || /\.(localhost|local|internal|lan|home)$/.test(host);
  if (url.protocol !== 'https:' || url.port !== '' || isIP(host.replace(/^\[|\]$/g, '')) !== 0 || privateName) {
    throw new ConnectorError('bad_credentials', 'marketplace_bad_credentials', `${field} must be a public https address: ${raw}`);
  }
  return url.origin;
}

const ideasoftStoreOrigin = (storeUrl: string | undefined) => publicStoreOrigin(storeUrl, 'store_url');

function storeNameOf(storeUrl: string | undefined): { storeName?: string } {
  try {
    return { storeName: new URL(ideasoftStoreOrigin(storeUrl)).hostname };
  } catch {
    return {};
  }
}

function apiBase(credentials: Credentials, ctx: ConnectorContext): string {
  const base = ctx.baseUrl.replace(/\/+$/, '');
  return base.includes('{store_url}') ? base.replace('{store_url}', ideasoftStoreOrigin(credentials.store_url)) : base;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function describe(status: number, body: unknown): string {
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    const parts = [record.error, record.error_description, record.message, record.errorMessage].filter((part) => typeof part === 'string');
    if (parts.length) return `Ideasoft ${status} ${parts.join(' ')}`;
  }
  return `Ideasoft ${status}`;
}

function failure(status: number, body: unknown): ConnectorError {
  const detail = describe(status, body);
  if (status === 400 || status === 401) return new ConnectorError('bad_credentials', 'marketplace_bad_credentials', detail);
  if (status === 403) return new ConnectorError('forbidden', 'marketplace_forbidden', detail);
  if (status === 429) return new ConnectorError('rate_limited', 'marketplace_rate_limited', detail);
  if (status >= 500) return new ConnectorError('unavailable', 'marketplace_unavailable', detail);
  return new ConnectorError('unexpected', 'marketplace_unexpected', detail);
}

/** Gets a token with the best grant the credentials allow (see the file comment). */
export async function ideasoftToken(credentials: Credentials, ctx: ConnectorContext): Promise<IdeasoftTokens> {
  const clientId = credentials.client_id?.trim() ?? '';
  const clientSecret = credentials.client_secret?.trim() ?? '';
  if (!clientId || !clientSecret) throw new ConnectorError('bad_credentials', 'marketplace_bad_credentials', 'client_id and client_secret are required');
  const form: Record<string, string> = { client_id: clientId, client_secret: clientSecret };
  if (credentials.refresh_token) {
    Object.assign(form, { grant_type: 'refresh_token', refresh_token: credentials.refresh_token });
  } else if (credentials.authorization_code) {
    Object.assign(form, { grant_type: 'authorization_code', code: credentials.authorization_code, redirect_uri: credentials.redirect_uri ?? '' });
  } else {
    form.grant_type = 'client_credentials';
  }
  const response = await marketplaceFetch(
    `${apiBase(credentials, ctx)}/oauth/v2/token`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams(form).toString(),
      finalStatuses: [400, 401, 403],
    },
    ctx,
  );
  const body = (await readJson(response)) as Record<string, unknown> | undefined;
  if (!response.ok) throw failure(response.status, body);
  if (!body || typeof body.access_token !== 'string' || body.access_token === '') {
    throw new ConnectorError('unexpected', 'marketplace_unexpected', 'Ideasoft token answer without access_token');
  }
  return {
    access_token: body.access_token,
    ...(typeof body.refresh_token === 'string' && body.refresh_token ? { refresh_token: body.refresh_token } : {}),
  };
}

async function adminGet(path: string, accessToken: string, credentials: Credentials, ctx: ConnectorContext): Promise<unknown> {
  const response = await marketplaceFetch(
    `${apiBase(credentials, ctx)}/admin-api${path}`,
    {
      method: 'GET',
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
      finalStatuses: [400, 401, 403, 404],
    },
    ctx,
  );
  const body = await readJson(response);
  if (!response.ok) throw failure(response.status, body);
  return body;
}

const sha = (text: string) => createHash('sha256').update(text).digest('base64url');

// Ideasoft rotates refresh tokens: once one is used, only its successor works. When a caller holds
// a stale one (a listOrders call cannot hand back new secrets), the successor is taken from here.
const rotatedTokens = new Map<string, IdeasoftTokens>();
const rotatedTokensLimit = 1_000;

function remember(oldRefreshToken: string, tokens: IdeasoftTokens): void {
  rotatedTokens.delete(sha(oldRefreshToken));
  rotatedTokens.set(sha(oldRefreshToken), tokens);
  if (rotatedTokens.size > rotatedTokensLimit) {
    const oldest = rotatedTokens.keys().next().value;
    if (oldest !== undefined) rotatedTokens.delete(oldest);
  }
}

/**
 * Runs `call` with a saved access token when there is one, else (or when Ideasoft refuses it with
 * 401) with a fresh token; `tokens` is set when new tokens were obtained, for the caller to store.
 */
async function withToken<T>(
  credentials: Credentials,
  ctx: ConnectorContext,
  call: (accessToken: string) => Promise<T>,
): Promise<{ result: T; tokens?: IdeasoftTokens }> {
  let current = credentials;
  const successor = credentials.refresh_token ? rotatedTokens.get(sha(credentials.refresh_token)) : undefined;
  if (successor) current = { ...credentials, ...successor };
  if (current.access_token) {
    try {
      return { result: await call(current.access_token), ...(successor ? { tokens: successor } : {}) };
    } catch (error) {
      if (!(error instanceof ConnectorError && error.kind === 'bad_credentials')) throw error;
    }
  }
  let tokens: IdeasoftTokens;
  try {
    tokens = await ideasoftToken(current, ctx);
  } catch (error) {
    // A refresh token used up elsewhere (another process rotated it): start again from the client.
    if (!(error instanceof ConnectorError && error.kind === 'bad_credentials' && current.refresh_token)) throw error;
    const { refresh_token: _stale, access_token: _expired, ...client } = current;
    tokens = await ideasoftToken(client, ctx);
  }
  if (current.refresh_token && tokens.refresh_token && tokens.refresh_token !== current.refresh_token) {
    remember(current.refresh_token, tokens);
    if (credentials.refresh_token && credentials.refresh_token !== current.refresh_token) remember(credentials.refresh_token, tokens);
  }
  return { result: await call(tokens.access_token), tokens };
}

/** yyyy-mm-dd in Turkey's time (UTC+3 all year), the day granularity Ideasoft's date filters take. */
function turkeyDay(date: Date): string {
  return new Date(date.getTime() + 3 * 3_600_000).toISOString().slice(0, 10);
}

interface IdeasoftOrder {
  id?: number | string;
  status?: string;
  currency?: string;
  finalAmount?: number | string;
  generalAmount?: number | string;
  createdAt?: string;
  orderItems?: { productQuantity?: number | string }[];
}

/**
 * Ideasoft's order statuses in the shared vocabulary of sandbox/orders.ts (created, preparing,
 * shipped, delivered, cancelled, returned). `ideasoftStatusOf` is the sandbox's way back.
 */
const statusFromIdeasoft: Record<string, string> = {
  waiting_for_approval: 'created',
  waiting_for_payment: 'created',
  on_accumulation: 'created',
  approved: 'preparing',
  being_prepared: 'preparing',
  fulfilled: 'shipped',
  delivered: 'delivered',
  cancelled: 'cancelled',
  deleted: 'cancelled',
  refunded: 'returned',
  partially_refunded: 'returned',
};

export const ideasoftStatusOf: Record<string, string> = {
  created: 'waiting_for_approval',
  preparing: 'being_prepared',
  shipped: 'fulfilled',
  delivered: 'delivered',
  cancelled: 'cancelled',
  returned: 'refunded',
};

function toMarketplaceOrder(order: IdeasoftOrder): MarketplaceOrder {
  const amount = Number(order.finalAmount ?? order.generalAmount ?? 0);
  return {
    id: String(order.id ?? ''),
    orderedAt: new Date(order.createdAt ?? 0).toISOString(),
    totalAmount: Number.isFinite(amount) ? Math.round(amount * 100) : 0,
    currency: order.currency === 'TL' || !order.currency ? 'TRY' : order.currency,
    status: statusFromIdeasoft[order.status ?? ''] ?? 'created',
    itemCount: (order.orderItems ?? []).reduce((sum, item) => sum + (Number(item.productQuantity) || 0), 0),
  };
}

/** Lists are plain arrays; some proxies wrap them, so a `data`/`items` wrapper is accepted too. */
function listOf(body: unknown): unknown[] | undefined {
  if (Array.isArray(body)) return body;
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    if (Array.isArray(record.data)) return record.data;
    if (Array.isArray(record.items)) return record.items;
  }
  return undefined;
}

export const ideasoftConnector: Connector = {
  code: 'ideasoft',
  fields: [
    { name: 'store_url', type: 'url', required: true },
    { name: 'client_id', type: 'text', required: true },
    { name: 'client_secret', type: 'secret', required: true },
  ],

  async verify(credentials, ctx): Promise<VerifyResult> {
    const { result: body, tokens } = await withToken(credentials, ctx, (token) => adminGet('/products?limit=1', token, credentials, ctx));
    if (!listOf(body)) throw new ConnectorError('unexpected', 'marketplace_unexpected', 'Ideasoft products answer is not a list');
    return {
      ...storeNameOf(credentials.store_url),
      ...(tokens ? { secrets: { access_token: tokens.access_token, ...(tokens.refresh_token ? { refresh_token: tokens.refresh_token } : {}) } } : {}),
    };
  },

  /**
   * `page` counts from 0 (Ideasoft's own pages count from 1). The date filter works in whole days,
   * so the rows outside the exact range are dropped here; paging still follows Ideasoft's pages.
   * A saved `access_token` is used while it works; a rotated refresh token met here cannot be
   * returned (OrderPage has no secrets), so it is remembered in process (see withToken).
   */
  async listOrders(credentials, range, page, ctx): Promise<OrderPage> {
    if (!Number.isInteger(page) || page < 0) throw new RangeError('page must be a whole number from 0');
    const query = new URLSearchParams({
      limit: String(ordersPerPage),
      page: String(page + 1),
      sort: 'id',
      startCreatedAt: turkeyDay(range.from),
      endCreatedAt: turkeyDay(range.to),
    });
    const { result: body } = await withToken(credentials, ctx, (token) => adminGet(`/orders?${query.toString()}`, token, credentials, ctx));
    const rows = listOf(body);
    if (!rows) throw new ConnectorError('unexpected', 'marketplace_unexpected', 'Ideasoft orders answer is not a list');
    const orders = (rows as IdeasoftOrder[])
      .map(toMarketplaceOrder)
      .filter((order) => {
        const at = Date.parse(order.orderedAt);
        return at >= range.from.getTime() && at < range.to.getTime();
      });
    return { orders, nextPage: rows.length === ordersPerPage ? page + 1 : null };
  },
};

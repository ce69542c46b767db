/**
 * Ideasoft admin API (docs/reference/MARKETPLACES.md, docs/marketplaces.md "Ideasoft"). Each store runs its
 * own OAuth2 server on its own domain, and Ideasoft offers only the authorization-code grant:
 *   1. the seller creates an API client in the store admin (Entegrasyonlar → API) with our redirect
 *      URI and gives us store address, client id and client secret;
 *   2. the browser goes to `{store}/panel/auth?client_id&response_type=code&state&redirect_uri`
 *      (`ideasoftAuthorizeUrl`) and comes back to our callback with `code` and `state`;
 *   3. the code is exchanged at `POST {store}/oauth/v2/token` (`exchangeIdeasoftCode`);
 *   4. later calls send `Authorization: Bearer {access_token}` to `/admin-api/…`; when Ideasoft
 *      refuses the access token, it is refreshed with grant_type=refresh_token. Ideasoft issues a
 *      new refresh token on every refresh and the old one stops working, so the new pair goes to
 *      `ctx.onSecretsRotated` (the caller stores it, encrypted) and to VerifyResult.secrets.
 * There is no client_credentials fallback: Ideasoft refuses that grant (`unauthorized_client`).
 * Every HTTP call goes through `marketplaceFetch`, i.e. `ctx.fetch`, so an outbound guard for
 * seller-typed hosts can be plugged in the registry.
 */
import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import { istanbulDay, parseIstanbulLocal } from '@worq/domain/calendar';
import { marketplaceFetch, readOptionalJson, unexpectedAnswer } from './http.ts';
import { ideasoftOrdersPage, type IdeasoftOrder, type IdeasoftOrderItem } from './ideasoft-schema.ts';
import {
  ConnectorError,
  type Connector,
  type ConnectorContext,
  type Credentials,
  type MarketplaceOrder,
  type MarketplaceOrderLine,
  type OrderPage,
  type KnownOrderStatus,
  type VerifyResult,
} from './types.ts';

/**
 * The API lives on each seller's own store domain: the placeholder is replaced with the store URL
 * the seller typed. Configuration (IDEASOFT_BASE_URL) or the sandbox replace the whole base.
 */
export const defaultBaseUrl = '{store_url}';

/** Ideasoft's list endpoints allow at most 100 rows per page. */
export const ideasoftOrdersPerPage = 100;

export interface IdeasoftTokens {
  access_token: string;
  refresh_token: string;
}

/**
 * The origin of a store the seller typed (`magaza.com`, `https://magaza.com/` …), refusing anything
 * that is not a public https host name: no IP literal, no port, no user or password in it. The
 * seller chooses this host and our server calls it. Ticimax uses it too. DNS answers are not
 * checked here; the outbound guard in front of `ctx.fetch` does that.
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
  const withCredentials = url.username !== '' || url.password !== '';
  if (url.protocol !== 'https:' || url.port !== '' || withCredentials || isIP(host.replace(/^\[|\]$/g, '')) !== 0 || privateName) {
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

/** The store's own origin (live), or the configured/sandbox base that replaces every store. */
function apiBase(storeUrl: string | undefined, baseUrl: string): string {
  const base = baseUrl.replace(/\/+$/, '');
  return base.includes('{store_url}') ? base.replace('{store_url}', ideasoftStoreOrigin(storeUrl)) : base;
}

function describe(status: number, body: unknown): string {
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    const parts = [record.error, record.error_description, record.message, record.errorMessage].filter((part) => typeof part === 'string');
    if (parts.length) return `Ideasoft ${status} ${parts.join(' ')}`;
  }
  return `Ideasoft ${status}`;
}

function retryAfterMs(response: Response): number | undefined {
  const seconds = Number(response.headers.get('retry-after'));
  return response.headers.get('retry-after') !== null && Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : undefined;
}

/**
 * A refusal of the store's OAuth server (`/oauth/v2/token`): 400 and 401 are its answers to a bad
 * client, code or refresh token (RFC 6749 §5.2), so they mean the credentials.
 */
function tokenFailure(response: Response, body: unknown, badGrantMessageKey: string): ConnectorError {
  const { status } = response;
  if (status === 400 || status === 401) return new ConnectorError('bad_credentials', badGrantMessageKey, describe(status, body));
  return adminFailure(response, body);
}

/**
 * A refusal of the admin API. Only 401 means the access token (it is then refreshed); a 400, 404
 * or 422 is a request the store could not serve, which no new credentials would mend.
 */
function adminFailure(response: Response, body: unknown): ConnectorError {
  const { status } = response;
  const detail = describe(status, body);
  if (status === 401) return new ConnectorError('bad_credentials', 'marketplace_bad_credentials', detail);
  if (status === 403) return new ConnectorError('forbidden', 'marketplace_forbidden', detail);
  if (status === 429) {
    const wait = retryAfterMs(response);
    return new ConnectorError('rate_limited', 'marketplace_rate_limited', detail, wait === undefined ? {} : { retryAfterMs: wait });
  }
  if (status >= 500) return new ConnectorError('unavailable', 'marketplace_unavailable', detail);
  return new ConnectorError('unexpected', 'marketplace_unexpected', detail);
}

function clientOf(credentials: Credentials): { clientId: string; clientSecret: string } {
  const clientId = credentials.client_id?.trim() ?? '';
  const clientSecret = credentials.client_secret?.trim() ?? '';
  if (!clientId || !clientSecret)
    throw new ConnectorError('bad_credentials', 'marketplace_bad_credentials', 'client_id and client_secret are required');
  return { clientId, clientSecret };
}

export interface IdeasoftAuthorizeUrlOptions {
  storeUrl: string;
  clientId: string;
  state: string;
  redirectUri: string;
  /** The connector base (`{store_url}` live; the sandbox or a configured host otherwise). */
  baseUrl: string;
}

/** The store's consent page the browser is sent to. The client secret never appears in it. */
export function ideasoftAuthorizeUrl(options: IdeasoftAuthorizeUrlOptions): string {
  const query = new URLSearchParams({
    client_id: options.clientId,
    response_type: 'code',
    state: options.state,
    redirect_uri: options.redirectUri,
  });
  return `${apiBase(options.storeUrl, options.baseUrl)}/panel/auth?${query.toString()}`;
}

async function tokenRequest(
  credentials: Credentials,
  grant: Record<string, string>,
  ctx: ConnectorContext,
  badGrantMessageKey: string,
): Promise<IdeasoftTokens> {
  const { clientId, clientSecret } = clientOf(credentials);
  const response = await marketplaceFetch(
    `${apiBase(credentials.store_url, ctx.baseUrl)}/oauth/v2/token`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ ...grant, client_id: clientId, client_secret: clientSecret }).toString(),
      finalStatuses: [400, 401, 403],
    },
    ctx,
  );
  const body = (await readOptionalJson(response)) as Record<string, unknown> | undefined;
  if (!response.ok) throw tokenFailure(response, body, badGrantMessageKey);
  if (!body || typeof body.access_token !== 'string' || body.access_token === '') {
    throw new ConnectorError('unexpected', 'marketplace_unexpected', 'Ideasoft token answer without access_token');
  }
  if (typeof body.refresh_token !== 'string' || body.refresh_token === '') {
    throw new ConnectorError('unexpected', 'marketplace_unexpected', 'Ideasoft token answer without refresh_token');
  }
  return { access_token: body.access_token, refresh_token: body.refresh_token };
}

/**
 * Trades the consent page's one-time code for the first token pair. `credentials` carries
 * store_url, client_id and client_secret; `redirectUri` must be the one the consent page got.
 * An unknown, used or expired code is `invalid_grant`: `ideasoft_authorization_failed`.
 */
export function exchangeIdeasoftCode(
  credentials: Credentials,
  code: string,
  redirectUri: string,
  ctx: ConnectorContext,
): Promise<IdeasoftTokens> {
  if (!code.trim()) throw new ConnectorError('bad_credentials', 'ideasoft_authorization_failed', 'authorization code missing');
  return tokenRequest(
    credentials,
    { grant_type: 'authorization_code', code: code.trim(), redirect_uri: redirectUri },
    ctx,
    'ideasoft_authorization_failed',
  );
}

/** grant_type=refresh_token: the new pair (the old refresh token is dead from now on). */
export function refreshIdeasoftToken(credentials: Credentials, ctx: ConnectorContext): Promise<IdeasoftTokens> {
  const refreshToken = credentials.refresh_token?.trim();
  if (!refreshToken)
    throw new ConnectorError('bad_credentials', 'marketplace_bad_credentials', 'refresh_token missing: authorize the store again');
  return tokenRequest(credentials, { grant_type: 'refresh_token', refresh_token: refreshToken }, ctx, 'marketplace_bad_credentials');
}

async function adminGet(path: string, accessToken: string, credentials: Credentials, ctx: ConnectorContext): Promise<unknown> {
  const response = await marketplaceFetch(
    `${apiBase(credentials.store_url, ctx.baseUrl)}/admin-api${path}`,
    {
      method: 'GET',
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
      finalStatuses: [400, 401, 403, 404],
    },
    ctx,
  );
  const body = await readOptionalJson(response);
  if (!response.ok) throw adminFailure(response, body);
  return body;
}

const sha = (text: string) => createHash('sha256').update(text).digest('base64url');

/*
 * The durable copy of a rotated pair is the caller's (ctx.onSecretsRotated). This small in-process
 * memo only covers a race inside one process: two calls holding the same stored refresh token (a
 * health check and an order sync) must not both spend it; the second takes the successor here.
 */
const successors = new Map<string, IdeasoftTokens>();
const successorsLimit = 1_000;

function rememberSuccessor(oldRefreshToken: string, tokens: IdeasoftTokens): void {
  const key = sha(oldRefreshToken);
  successors.delete(key);
  successors.set(key, tokens);
  if (successors.size > successorsLimit) {
    const oldest = successors.keys().next().value;
    if (oldest !== undefined) successors.delete(oldest);
  }
}

/** The newest pair known in this process for a stored refresh token (follows a chain of rotations). */
function latestTokens(credentials: Credentials): Credentials {
  let current = credentials;
  for (let hops = 0; hops < 10 && current.refresh_token; hops++) {
    const next = successors.get(sha(current.refresh_token));
    if (!next) break;
    current = { ...current, ...next };
  }
  return current;
}

/**
 * Runs `call` with the saved access token; when there is none, or Ideasoft refuses it (401), the
 * refresh token is spent for a new pair, which is handed to `ctx.onSecretsRotated` before the call
 * is repeated. `tokens` is set when the pair differs from the stored one.
 */
async function withToken<T>(
  credentials: Credentials,
  ctx: ConnectorContext,
  call: (accessToken: string) => Promise<T>,
): Promise<{ result: T; tokens?: IdeasoftTokens }> {
  const current = latestTokens(credentials);
  const known =
    current.access_token && current.refresh_token && current.refresh_token !== credentials.refresh_token
      ? { access_token: current.access_token, refresh_token: current.refresh_token }
      : undefined;
  if (known) await ctx.onSecretsRotated?.(known);
  if (current.access_token) {
    try {
      return { result: await call(current.access_token), ...(known ? { tokens: known } : {}) };
    } catch (error) {
      if (!(error instanceof ConnectorError && error.kind === 'bad_credentials')) throw error;
    }
  }
  const tokens = await refreshIdeasoftToken(current, ctx);
  if (current.refresh_token) rememberSuccessor(current.refresh_token, tokens);
  await ctx.onSecretsRotated?.({ ...tokens });
  return { result: await call(tokens.access_token), tokens };
}

/** yyyy-mm-dd of an instant in Turkey's time, the granularity of Ideasoft's date filters. */
function turkeyDay(ms: number): string {
  return istanbulDay(ms);
}

const unexpected = unexpectedAnswer('Ideasoft');

/**
 * The documented order statuses in the shared vocabulary (`refunded` is a return). The three
 * `personal_status_*` are named by each store, so nothing is known of them: they stay `other`,
 * as does any word Ideasoft adds later.
 */
export const ideasoftStatusWords: Readonly<Record<string, KnownOrderStatus>> = {
  waiting_for_approval: 'created',
  waiting_for_payment: 'created',
  on_accumulation: 'created',
  approved: 'preparing',
  being_prepared: 'preparing',
  fulfilled: 'shipped',
  delivered: 'delivered',
  cancelled: 'cancelled',
  refunded: 'returned',
};

/** The other way, for the sandbox: Ideasoft's word for each shared status. */
export const ideasoftStatusOf: Record<KnownOrderStatus, string> = {
  created: 'waiting_for_approval',
  preparing: 'being_prepared',
  shipped: 'fulfilled',
  delivered: 'delivered',
  cancelled: 'cancelled',
  returned: 'refunded',
};

const kurus = (lira: number): number => Math.round(lira * 100);

/**
 * *Unconfirmed* (docs/marketplaces.md): which order field is the gross amount the buyer paid.
 * `finalAmount` (after discounts, with shipping and tax) is the best reading of Ideasoft's order
 * model; this is the one place to change it.
 */
export const ideasoftOrderAmountField = 'finalAmount' as const;

/**
 * Line amount: unit `productPrice` × `productQuantity`, rounded to whole kuruş once (a quantity may
 * be a decimal). Whether productPrice includes tax and the line's discounts is unconfirmed too.
 */
function toLine(item: IdeasoftOrderItem, orderId: string, index: number): MarketplaceOrderLine {
  const quantity = item.productQuantity;
  const productId = item.product?.id;
  const sku = item.productSku?.trim() || (productId !== undefined ? `ideasoft-${productId}` : `ideasoft-${orderId}-${index + 1}`);
  return { sku, name: item.productName, quantity, amount: Math.round(kurus(item.productPrice) * quantity) };
}

/** `createdAt` carries the store's offset; one without an offset is read as Istanbul time. */
function instantOf(createdAt: string): string {
  const ms = /(Z|[+-]\d{2}:?\d{2})$/.test(createdAt) ? Date.parse(createdAt) : parseIstanbulLocal(createdAt);
  if (!Number.isFinite(ms)) throw unexpected(`order createdAt unreadable: ${createdAt}`);
  return new Date(ms).toISOString();
}

export function toIdeasoftOrder(order: IdeasoftOrder): MarketplaceOrder {
  const id = String(order.id);
  return {
    id,
    // Ideasoft has no packages: the order id is the number the seller sees in the admin.
    orderNumber: id,
    orderedAt: instantOf(order.createdAt),
    status: ideasoftStatusWords[order.status] ?? 'other',
    totalAmount: kurus(order[ideasoftOrderAmountField]),
    currency: order.currency === 'TL' ? 'TRY' : order.currency,
    lines: order.orderItems.map((item, index) => toLine(item, id, index)),
  };
}

/** An orders page read with the schema the sandbox is checked against; any other shape is unexpected. */
export function parseIdeasoftOrders(body: unknown): IdeasoftOrder[] {
  const result = ideasoftOrdersPage.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw unexpected(
    `orders answer not in the documented shape at ${issue?.path.join('.') || '(root)'}: ${issue?.message ?? ''}`.slice(0, 300),
  );
}

/** The cursor is Ideasoft's own page number (from 1) as `page:N`. */
function pageOf(cursor: string | null): number {
  if (cursor === null) return 1;
  const match = /^page:(\d{1,6})$/.exec(cursor);
  const page = match ? Number(match[1]) : NaN;
  if (!Number.isInteger(page) || page < 1) throw new RangeError(`not an Ideasoft cursor: ${cursor}`);
  return page;
}

export const ideasoftConnector: Connector = {
  code: 'ideasoft',
  // What the seller types before the consent page; the tokens come from the authorization.
  fields: [
    { name: 'store_url', type: 'url', required: true },
    { name: 'client_id', type: 'text', required: true },
    { name: 'client_secret', type: 'secret', required: true },
  ],

  async verify(credentials, ctx): Promise<VerifyResult> {
    const { result: body, tokens } = await withToken(credentials, ctx, (token) => adminGet('/products?limit=1', token, credentials, ctx));
    if (!Array.isArray(body)) throw unexpected('products answer is not a list');
    return { ...storeNameOf(credentials.store_url), ...(tokens ? { secrets: { ...tokens } } : {}) };
  },

  /**
   * Ideasoft filters by whole days (`startCreatedAt`, `endCreatedAt`, yyyy-mm-dd). Whether the end
   * day is inclusive is not documented, so the day after the range's last day is asked for and
   * rows outside the exact range are dropped here. `sort=id` keeps pages stable while new orders
   * arrive (they get higher ids and land on later pages).
   */
  async listOrders(credentials, range, cursor, ctx): Promise<OrderPage> {
    const page = pageOf(cursor);
    const from = range.from.getTime();
    const to = range.to.getTime();
    if (to <= from) return { orders: [], cursor: null };
    const query = new URLSearchParams({
      limit: String(ideasoftOrdersPerPage),
      page: String(page),
      sort: 'id',
      startCreatedAt: turkeyDay(from),
      endCreatedAt: turkeyDay(to - 1 + 86_400_000),
    });
    const { result: body } = await withToken(credentials, ctx, (token) => adminGet(`/orders?${query.toString()}`, token, credentials, ctx));
    const rows = parseIdeasoftOrders(body);
    const orders = rows.map(toIdeasoftOrder).filter((order) => {
      const at = Date.parse(order.orderedAt);
      return at >= from && at < to;
    });
    return { orders, cursor: rows.length === ideasoftOrdersPerPage ? `page:${page + 1}` : null };
  },
};

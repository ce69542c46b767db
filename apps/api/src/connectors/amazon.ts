/**
 * Amazon Selling Partner API (docs/reference/MARKETPLACES.md). The seller types nothing: they authorize our
 * public app on Seller Central (website authorization workflow), the redirect brings
 * `spapi_oauth_code`, which the connect task exchanges at Login with Amazon (LWA) for a refresh
 * token. Every later call first trades the refresh token for a one-hour access token, then sends it
 * to the regional SP-API host as `x-amz-access-token`.
 */
import { createHash } from 'node:crypto';
import { decodeCursor, encodeCursor } from './cursor.ts';
import { marketplaceFetch, readOptionalJson } from './http.ts';
import {
  ConnectorError,
  type Connector,
  type ConnectorContext,
  type Credentials,
  type DateRange,
  type MarketplaceOrder,
  type OrderPage,
  type KnownOrderStatus,
  type OrderStatus,
  type VerifyResult,
} from './types.ts';

export const amazonRegions = ['NA', 'EU', 'FE'] as const;
export type AmazonRegion = (typeof amazonRegions)[number];

/** Amazon.com.tr; Turkey is served by the EU region. */
export const turkeyMarketplaceId = 'A33AVAJ2PDY3EV';

/**
 * Live hosts. `lwa` is the token endpoint host (one for every region); the rest are the SP-API
 * hosts per region. Configuration may replace them (AMAZON_BASE_URL → SP-API base).
 */
export const defaultBaseUrl = {
  lwa: 'https://api.amazon.com',
  NA: 'https://sellingpartnerapi-na.amazon.com',
  EU: 'https://sellingpartnerapi-eu.amazon.com',
  FE: 'https://sellingpartnerapi-fe.amazon.com',
} as const;

/**
 * Seller Central per region for the consent page. Our sellers are Turkish, so EU opens the Turkish
 * Seller Central; FE opens Japan's (Amazon redirects sellers of other FE countries after sign-in).
 */
export const sellerCentralBaseUrl: Record<AmazonRegion, string> = {
  NA: 'https://sellercentral.amazon.com',
  EU: 'https://sellercentral.amazon.com.tr',
  FE: 'https://sellercentral.amazon.co.jp',
};

export function isAmazonRegion(value: unknown): value is AmazonRegion {
  return typeof value === 'string' && (amazonRegions as readonly string[]).includes(value);
}

/** The SP-API base URL for a region: the configured one (or sandbox) wins over Amazon's host. */
export function amazonApiBaseUrl(region: AmazonRegion, configured?: string): string {
  return configured ?? defaultBaseUrl[region];
}

export interface AmazonConsentUrlOptions {
  region: AmazonRegion;
  state: string;
  applicationId: string;
  /** Overrides the region's Seller Central (the sandbox passes `<origin>/sandbox/amazon`). */
  sellerCentralBase?: string;
  /** Must be one of the app's registered redirect URIs; Amazon uses the first one when omitted. */
  redirectUri?: string;
  /**
   * Adds `version=beta`, which Amazon requires while the app is still in Draft status (error
   * MD1000 otherwise) and which must be removed once the app is published.
   */
  draft?: boolean;
}

/** The Seller Central consent URL the popup opens. */
export function amazonConsentUrl(options: AmazonConsentUrlOptions): string {
  const base = (options.sellerCentralBase ?? sellerCentralBaseUrl[options.region]).replace(/\/+$/, '');
  const query = new URLSearchParams({ application_id: options.applicationId, state: options.state });
  if (options.redirectUri) query.set('redirect_uri', options.redirectUri);
  if (options.draft) query.set('version', 'beta');
  return `${base}/apps/authorize/consent?${query.toString()}`;
}

/** What LWA needs to know about our app. */
export interface AmazonLwaSettings {
  /** Defaults: the test/sandbox server itself when ctx.baseUrl is not Amazon's, else api.amazon.com. */
  lwaBaseUrl?: string;
  clientId?: string;
  clientSecret?: string;
}

export type AmazonContext = ConnectorContext & AmazonLwaSettings;

export interface AmazonExchangeOptions extends Omit<ConnectorContext, 'baseUrl'> {
  baseUrl?: string;
  lwaBaseUrl: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

/**
 * Trades the one-time `spapi_oauth_code` (valid five minutes) for the seller's long-lived refresh
 * token. An unknown, used or expired code is Amazon's `invalid_grant`.
 */
export async function exchangeAmazonAuthorizationCode(code: string, options: AmazonExchangeOptions): Promise<{ refreshToken: string }> {
  const body = await lwaToken(
    {
      grant_type: 'authorization_code',
      code,
      redirect_uri: options.redirectUri,
      client_id: options.clientId,
      client_secret: options.clientSecret,
    },
    options.lwaBaseUrl,
    { ...options, baseUrl: options.baseUrl ?? options.lwaBaseUrl },
    'amazon_authorization_failed',
  );
  if (typeof body.refresh_token !== 'string' || body.refresh_token === '') {
    throw new ConnectorError('unexpected', 'marketplace_unexpected', 'LWA answered without a refresh_token');
  }
  return { refreshToken: body.refresh_token };
}

interface LwaTokenBody {
  access_token?: unknown;
  refresh_token?: unknown;
  expires_in?: unknown;
  error?: unknown;
  error_description?: unknown;
}

async function lwaToken(
  form: Record<string, string>,
  lwaBaseUrl: string,
  ctx: ConnectorContext,
  badGrantMessageKey: string,
): Promise<LwaTokenBody> {
  const response = await marketplaceFetch(
    `${lwaBaseUrl.replace(/\/+$/, '')}/auth/o2/token`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8', accept: 'application/json' },
      body: new URLSearchParams(form).toString(),
      finalStatuses: [400, 401],
    },
    ctx,
  );
  const body = (await readOptionalJson(response)) as LwaTokenBody | undefined;
  if (response.ok && body && typeof body.access_token === 'string') return body;
  const error = typeof body?.error === 'string' ? body.error : '';
  const detail = `LWA ${response.status} ${error} ${typeof body?.error_description === 'string' ? body.error_description : ''}`.trim();
  // invalid_grant: the code or refresh token is wrong, used, expired or revoked by the seller.
  if (error === 'invalid_grant' || error === 'unauthorized_client') throw new ConnectorError('bad_credentials', badGrantMessageKey, detail);
  // invalid_client / invalid_request: our app's LWA settings are wrong; nothing the seller can fix.
  if (response.status === 429) throw new ConnectorError('rate_limited', 'marketplace_rate_limited', detail);
  if (response.status >= 500) throw new ConnectorError('unavailable', 'marketplace_unavailable', detail);
  throw new ConnectorError('unexpected', 'marketplace_unexpected', detail);
}

const isAmazonHost = (url: string) => {
  try {
    return new URL(url).hostname.endsWith('.amazon.com');
  } catch {
    return false;
  }
};

function lwaSettings(ctx: AmazonContext): Required<AmazonLwaSettings> {
  // Until config.ts carries them, the LWA app credentials may come from the environment.
  const clientId = ctx.clientId ?? process.env.AMAZON_LWA_CLIENT_ID;
  const clientSecret = ctx.clientSecret ?? process.env.AMAZON_LWA_CLIENT_SECRET;
  // A sandbox or test server serves the LWA path under the same prefix as the SP-API paths.
  const lwaBaseUrl = ctx.lwaBaseUrl ?? (isAmazonHost(ctx.baseUrl) ? defaultBaseUrl.lwa : ctx.baseUrl);
  if (!clientId || !clientSecret) {
    if (isAmazonHost(lwaBaseUrl)) {
      throw new ConnectorError(
        'unexpected',
        'marketplace_unexpected',
        'AMAZON_LWA_CLIENT_ID / AMAZON_LWA_CLIENT_SECRET are not configured',
      );
    }
    return { lwaBaseUrl, clientId: clientId ?? 'worqtrade-sandbox', clientSecret: clientSecret ?? 'worqtrade-sandbox' };
  }
  return { lwaBaseUrl, clientId, clientSecret };
}

const sha = (text: string) => createHash('sha256').update(text).digest('base64url');

/** Small bounded memo: oldest entries go first once full. */
class BoundedCache<V> {
  private readonly entries = new Map<string, V>();
  constructor(private readonly limit: number) {}
  get(key: string): V | undefined {
    return this.entries.get(key);
  }
  set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.limit) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }
  delete(key: string): void {
    this.entries.delete(key);
  }
}

// Access tokens live an hour; reusing them keeps LWA calls (and latency) down while paging orders.
const accessTokens = new BoundedCache<{ token: string; expiresAt: number }>(1_000);

async function accessToken(credentials: Credentials, ctx: AmazonContext): Promise<string> {
  const refreshToken = credentials.refresh_token;
  if (!refreshToken) throw new ConnectorError('bad_credentials', 'marketplace_bad_credentials', 'refresh_token missing');
  const lwa = lwaSettings(ctx);
  const key = sha(`${lwa.lwaBaseUrl}\n${lwa.clientId}\n${refreshToken}`);
  const cached = accessTokens.get(key);
  if (cached && cached.expiresAt > Date.now()) return cached.token;
  const body = await lwaToken(
    { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: lwa.clientId, client_secret: lwa.clientSecret },
    lwa.lwaBaseUrl,
    ctx,
    // invalid_grant on refresh: the seller revoked the app or the authorization expired (365 days).
    'amazon_reauthorize',
  );
  const token = body.access_token as string;
  const lifetimeSeconds = typeof body.expires_in === 'number' ? body.expires_in : 3600;
  // A minute of margin so a token never expires between our check and Amazon's.
  accessTokens.set(key, { token, expiresAt: Date.now() + Math.max(0, lifetimeSeconds - 60) * 1000 });
  return token;
}

/** requests per second from `x-amzn-RateLimit-Limit`, when Amazon sent it. */
function rateOf(response: Response): number | undefined {
  const rate = Number(response.headers.get('x-amzn-ratelimit-limit'));
  return Number.isFinite(rate) && rate > 0 ? rate : undefined;
}

interface SpApiErrorBody {
  errors?: { code?: string; message?: string; details?: string }[];
}

/**
 * One SP-API GET. A 429 is not retried here: the orders API refills one request a minute, so the
 * caller gets ConnectorError('rate_limited') with the refill time and the sync resumes later.
 */
async function spApiGet(path: string, credentials: Credentials, ctx: AmazonContext): Promise<unknown> {
  const token = await accessToken(credentials, ctx);
  const response = await marketplaceFetch(
    `${ctx.baseUrl.replace(/\/+$/, '')}${path}`,
    {
      method: 'GET',
      headers: { 'x-amz-access-token': token, accept: 'application/json', 'user-agent': 'WorqTrade/1.0 (Language=TypeScript)' },
      finalStatuses: [400, 401, 403, 404, 429],
    },
    ctx,
  );
  const body = await readOptionalJson(response);
  if (response.ok) return body;
  const first = (body as SpApiErrorBody | undefined)?.errors?.[0];
  const detail = `SP-API ${response.status} ${first?.code ?? ''} ${first?.message ?? ''}`.trim();
  if (response.status === 401 || response.status === 403) {
    // A rejected access token must not be reused from the cache on the next attempt.
    const lwa = lwaSettings(ctx);
    accessTokens.delete(sha(`${lwa.lwaBaseUrl}\n${lwa.clientId}\n${credentials.refresh_token ?? ''}`));
    throw new ConnectorError('forbidden', 'marketplace_forbidden', detail);
  }
  if (response.status === 429) {
    const rate = rateOf(response);
    throw new ConnectorError('rate_limited', 'marketplace_rate_limited', detail, {
      retryAfterMs: Math.ceil(1000 / (rate ?? ordersRatePerSecond)),
    });
  }
  if (response.status >= 500) throw new ConnectorError('unavailable', 'marketplace_unavailable', detail);
  throw new ConnectorError('unexpected', 'marketplace_unexpected', detail);
}

interface Participation {
  marketplace?: { id?: string; name?: string; countryCode?: string };
  participation?: { isParticipating?: boolean };
  storeName?: string;
}

/** An order of getOrders (Orders v0), as far as we read it. */
interface SpApiOrder {
  AmazonOrderId?: string;
  PurchaseDate?: string;
  OrderStatus?: string;
  /** Absent while the order is Pending (and for some cancelled orders). */
  OrderTotal?: { CurrencyCode?: string; Amount?: string };
  EasyShipShipmentStatus?: string;
}

/**
 * getOrders' OrderStatus in the shared vocabulary. Amazon has no delivered or returned order
 * status; for Easy Ship orders (available in Turkey) EasyShipShipmentStatus tells.
 */
function statusOf(order: SpApiOrder): OrderStatus {
  switch (order.OrderStatus) {
    case 'Pending':
    case 'PendingAvailability':
      return 'created';
    case 'Unshipped':
    case 'PartiallyShipped':
    case 'InvoiceUnconfirmed':
      return 'preparing';
    case 'Canceled':
    case 'Unfulfillable':
      return 'cancelled';
    case 'Shipped':
      if (order.EasyShipShipmentStatus === 'Delivered') return 'delivered';
      if (['ReturningToSeller', 'ReturnedToSeller', 'RejectedByBuyer'].includes(order.EasyShipShipmentStatus ?? '')) return 'returned';
      return 'shipped';
    default:
      return 'created';
  }
}

/** The other way, for the sandbox: Amazon's words for each shared status. */
export const amazonOrderStatusOf: Record<KnownOrderStatus, { OrderStatus: string; EasyShipShipmentStatus?: string }> = {
  created: { OrderStatus: 'Pending' },
  preparing: { OrderStatus: 'Unshipped' },
  shipped: { OrderStatus: 'Shipped', EasyShipShipmentStatus: 'PickedUp' },
  delivered: { OrderStatus: 'Shipped', EasyShipShipmentStatus: 'Delivered' },
  cancelled: { OrderStatus: 'Canceled' },
  returned: { OrderStatus: 'Shipped', EasyShipShipmentStatus: 'ReturnedToSeller' },
};

// getOrders rejects a CreatedBefore later than two minutes before now (a few seconds of margin).
export const createdBeforeMarginMs = 2 * 60_000 + 5_000;
const ordersPerPage = 100;
/** getOrders: 0.0167 requests per second (one a minute), burst 20. */
const ordersRatePerSecond = 0.0167;
/** Amazon ends a seller's authorization this long after consent. */
export const amazonAuthorizationLifetimeMs = 365 * 86_400_000;

/**
 * An Amazon order in our vocabulary. Decisions (docs/marketplaces.md § Amazon):
 * - a Pending order has no OrderTotal yet: amount 0 until a later sync sees it Unshipped;
 * - lines stay empty: getOrderItems is one call per order (0.5 req/s, burst 30), a year of a busy
 *   store would take hours; Orders v2026-01-01 searchOrders returns items with the order, so the
 *   lines come with that migration;
 * - Amazon has one order id: `orderNumber` is the AmazonOrderId too.
 */
function toMarketplaceOrder(order: SpApiOrder): MarketplaceOrder {
  const id = order.AmazonOrderId ?? '';
  const purchased = Date.parse(order.PurchaseDate ?? '');
  if (!id || !Number.isFinite(purchased))
    throw new ConnectorError('unexpected', 'marketplace_unexpected', 'getOrders: order without AmazonOrderId or PurchaseDate');
  const amount = Number(order.OrderTotal?.Amount ?? 0);
  return {
    id,
    orderNumber: id,
    orderedAt: new Date(purchased).toISOString(),
    status: statusOf(order),
    totalAmount: Number.isFinite(amount) ? Math.round(amount * 100) : 0,
    currency: order.OrderTotal?.CurrencyCode ?? 'TRY',
    lines: [],
  };
}

export interface OrdersQuery {
  createdAfter: Date;
  createdBefore: Date;
  /** The previous page's token; the dates are then ignored by Amazon. */
  nextToken?: string;
}

/**
 * THE one place that talks to Amazon's order list. Today: Orders v0 `getOrders`, which Amazon
 * deprecated and removes on 27 March 2027. The move to Orders v2026-01-01 (`GET
 * /orders/2026-01-01/orders`, searchOrders, items included) changes only this function (and the
 * sandbox's path): the cursor, paging and mapping around it stay.
 */
export async function searchOrdersPage(
  credentials: Credentials,
  query: OrdersQuery,
  ctx: AmazonContext,
): Promise<{ orders: MarketplaceOrder[]; nextToken: string | null }> {
  const params = new URLSearchParams({ MarketplaceIds: turkeyMarketplaceId });
  if (query.nextToken) {
    params.set('NextToken', query.nextToken);
  } else {
    params.set('CreatedAfter', query.createdAfter.toISOString());
    params.set('CreatedBefore', query.createdBefore.toISOString());
    params.set('MaxResultsPerPage', String(ordersPerPage));
  }
  const body = (await spApiGet(`/orders/v0/orders?${params.toString()}`, credentials, ctx)) as
    { payload?: { Orders?: SpApiOrder[]; NextToken?: string } } | undefined;
  const payload = body?.payload;
  if (!payload || !Array.isArray(payload.Orders)) {
    throw new ConnectorError('unexpected', 'marketplace_unexpected', 'getOrders answered without payload.Orders');
  }
  return { orders: payload.Orders.map(toMarketplaceOrder), nextToken: payload.NextToken || null };
}

interface AmazonCursor {
  /** CreatedBefore fixed at the first call (ISO). */
  before: string;
  nextToken: string;
}

const isCursor = (value: AmazonCursor) => typeof value.before === 'string' && typeof value.nextToken === 'string';
const unreadableCursor = () => new ConnectorError('unexpected', 'marketplace_unexpected', 'Amazon: unreadable order cursor');

/** An authorization older than 365 days (or one LWA refuses) must be given again by the seller. */
function assertAuthorizationAlive(credentials: Credentials): void {
  const authorizedAt = Date.parse(credentials.authorized_at ?? '');
  if (Number.isFinite(authorizedAt) && Date.now() - authorizedAt >= amazonAuthorizationLifetimeMs) {
    throw new ConnectorError('bad_credentials', 'amazon_reauthorize', `authorized at ${credentials.authorized_at}, more than 365 days ago`);
  }
}

export const amazonConnector: Connector = {
  code: 'amazon',
  // Nothing is typed: the region is chosen before the consent popup and arrives with the upsert.
  fields: [],

  async verify(credentials, ctx: AmazonContext): Promise<VerifyResult> {
    if (credentials.region && !isAmazonRegion(credentials.region)) {
      throw new ConnectorError('unexpected', 'marketplace_unexpected', `unknown region ${credentials.region}`);
    }
    assertAuthorizationAlive(credentials);
    const body = (await spApiGet('/sellers/v1/marketplaceParticipations', credentials, ctx)) as { payload?: Participation[] } | undefined;
    if (!body || !Array.isArray(body.payload)) {
      throw new ConnectorError('unexpected', 'marketplace_unexpected', 'marketplaceParticipations answered without payload');
    }
    const turkey = body.payload.find((entry) => entry.marketplace?.id === turkeyMarketplaceId);
    const storeName = (turkey ?? body.payload[0])?.storeName;
    return {
      ...(credentials.selling_partner_id ? { sellerId: credentials.selling_partner_id } : {}),
      ...(storeName ? { storeName } : {}),
    };
  },

  /**
   * One getOrders page per call. The cursor carries Amazon's NextToken and the CreatedBefore of the
   * first call (at least two minutes before that call, as Amazon requires). A 429 throws
   * rate_limited with the bucket's refill time; the sync keeps the cursor and resumes.
   */
  async listOrders(credentials, range: DateRange, cursor, ctx: AmazonContext): Promise<OrderPage> {
    assertAuthorizationAlive(credentials);
    let query: OrdersQuery;
    if (cursor) {
      const state = decodeCursor(cursor, isCursor, unreadableCursor);
      query = { createdAfter: range.from, createdBefore: new Date(state.before), nextToken: state.nextToken };
    } else {
      const before = new Date(Math.min(range.to.getTime(), Date.now() - createdBeforeMarginMs));
      if (before <= range.from) return { orders: [], cursor: null };
      query = { createdAfter: range.from, createdBefore: before };
    }
    const page = await searchOrdersPage(credentials, query, ctx);
    const orders = page.orders.filter((order) => {
      const at = Date.parse(order.orderedAt);
      return at >= range.from.getTime() && at < range.to.getTime();
    });
    const next: AmazonCursor | null = page.nextToken ? { before: query.createdBefore.toISOString(), nextToken: page.nextToken } : null;
    return { orders, cursor: next ? encodeCursor(next) : null };
  },
};

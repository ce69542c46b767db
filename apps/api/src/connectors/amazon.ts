/**
 * Amazon Selling Partner API (docs/reference/MARKETPLACES.md). The seller types nothing: they authorize our
 * public app on Seller Central (website authorization workflow), the redirect brings
 * `spapi_oauth_code`, which the connect task exchanges at Login with Amazon (LWA) for a refresh
 * token. Every later call first trades the refresh token for a one-hour access token, then sends it
 * to the regional SP-API host as `x-amz-access-token`.
 */
import { createHash } from 'node:crypto';
import { isAmazonRegion, type AmazonRegion } from '@worq/domain/wire/choices';
import type { z } from 'zod';
import {
  amazonErrorList,
  amazonParticipations,
  amazonSearchOrdersPage,
  amazonV0OrdersPage,
  type AmazonOrder,
  type AmazonV0Order,
} from './amazon-schema.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';
import { marketplaceFetch, readOptionalJson } from './http.ts';
import { tokenBucket, type RequestBucket } from './rate-limit.ts';
import {
  ConnectorError,
  type Connector,
  type ConnectorContext,
  type Credentials,
  type DateRange,
  type MarketplaceOrder,
  type MarketplacePacing,
  type OrderPage,
  type KnownOrderStatus,
  type OrderStatus,
  type VerifyResult,
} from './types.ts';

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

export type AmazonContext = ConnectorContext &
  AmazonLwaSettings & {
    /** Which Orders API lists orders (AMAZON_ORDERS_API); default v2026-01-01. */
    ordersApi?: AmazonOrdersApi;
  };

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

/** The LWA host for a context: the one given, else Amazon's for an Amazon SP-API host, else that same server (a stand-in). */
export function lwaBaseUrlOf(ctx: Pick<AmazonContext, 'lwaBaseUrl' | 'baseUrl'>): string {
  return ctx.lwaBaseUrl ?? (isAmazonHost(ctx.baseUrl) ? defaultBaseUrl.lwa : ctx.baseUrl);
}

function lwaSettings(ctx: AmazonContext): Required<AmazonLwaSettings> {
  // Until config.ts carries them, the LWA app credentials may come from the environment.
  const clientId = ctx.clientId ?? process.env.AMAZON_LWA_CLIENT_ID;
  const clientSecret = ctx.clientSecret ?? process.env.AMAZON_LWA_CLIENT_SECRET;
  // A sandbox or test server serves the LWA path under the same prefix as the SP-API paths.
  const lwaBaseUrl = lwaBaseUrlOf(ctx);
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

/**
 * One SP-API GET. A 429 is not retried here: the order lists refill one request every one to three
 * minutes, so the caller gets ConnectorError('rate_limited') with the refill time (from
 * `x-amzn-RateLimit-Limit`, else the operation's documented rate) and the sync resumes later.
 */
async function spApiGet(path: string, credentials: Credentials, ctx: AmazonContext, ratePerSecond = 1): Promise<unknown> {
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
  const errors = amazonErrorList.safeParse(body);
  const first = errors.success ? errors.data.errors[0] : undefined;
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
      retryAfterMs: Math.ceil(1000 / (rate ?? ratePerSecond)),
    });
  }
  if (response.status >= 500) throw new ConnectorError('unavailable', 'marketplace_unavailable', detail);
  throw new ConnectorError('unexpected', 'marketplace_unexpected', detail);
}

/** The two Orders APIs: v2026-01-01 searchOrders (default) and v0 getOrders, removed on 27 Mar 2027. */
export const amazonOrdersApis = ['v2026-01-01', 'v0'] as const;
export type AmazonOrdersApi = (typeof amazonOrdersApis)[number];
export const defaultAmazonOrdersApi: AmazonOrdersApi = 'v2026-01-01';

/** The order list's path per API. */
export const amazonOrdersPath: Record<AmazonOrdersApi, string> = {
  'v2026-01-01': '/orders/2026-01-01/orders',
  v0: '/orders/v0/orders',
};

/**
 * Requests per second of each order list (the models' usage plans: searchOrders 0.0056, getOrders
 * 0.0167; burst 20 for both). The connector keeps to them (amazonPacing); a 429 is not retried:
 * the sync resumes after one refill.
 */
export const amazonOrdersRate: Record<AmazonOrdersApi, number> = { 'v2026-01-01': 0.0056, v0: 0.0167 };
export const amazonOrdersBurst = 20;
/**
 * The longest wait for the next order-list request the connector sits out itself; a longer one
 * (the live refill: one request every 1 to 3 minutes) goes back to the sync as `rate_limited`, which
 * resumes the store when the request is due instead of holding a task.
 */
export const amazonInlineWaitMs = 10_000;

/** The order list's bucket of the context's API, its refill sped up by the sandbox's time scale; none at scale 0. */
export function amazonPacing(ctx: AmazonContext): MarketplacePacing {
  const scale = ctx.timeScale ?? 1;
  if (scale <= 0) return { budget: null };
  return {
    budget: null,
    bucket: { burst: amazonOrdersBurst, perSecond: amazonOrdersRate[ctx.ordersApi ?? defaultAmazonOrdersApi] / scale },
  };
}

const buckets = new Map<string, ReturnType<typeof tokenBucket>>();

/** Takes a request from the store's order-list bucket, or throws rate_limited with the wait when it is long. */
async function takeOrderListRequest(credentials: Credentials, ctx: AmazonContext, api: AmazonOrdersApi): Promise<void> {
  const bucket: RequestBucket | undefined = amazonPacing({ ...ctx, ordersApi: api }).bucket;
  if (!bucket) return;
  const name = `${api}|${bucket.burst}/${bucket.perSecond}`;
  let take = buckets.get(name);
  if (!take) buckets.set(name, (take = tokenBucket(bucket)));
  const store = `${ctx.baseUrl}|${credentials.selling_partner_id ?? sha(credentials.refresh_token ?? '')}`;
  const waitMs = await take(store, amazonInlineWaitMs, ctx.clock);
  if (waitMs > 0) {
    throw new ConnectorError(
      'rate_limited',
      'marketplace_rate_limited',
      `Amazon ${api}: the order list's next request is due in ${waitMs} ms`,
      {
        retryAfterMs: waitMs,
      },
    );
  }
}

/** The searchOrders datasets the connector reads: amounts, fulfillment status, packages. */
export const amazonIncludedData = ['PROCEEDS', 'FULFILLMENT', 'PACKAGES'] as const;

/** Reads an answer in its documented shape, or refuses it as unexpected (never guessed at). */
export function parseAmazonAnswer<S extends z.ZodType>(schema: S, body: unknown, what: string): z.infer<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new ConnectorError(
    'unexpected',
    'marketplace_unexpected',
    `${what}: answer not in the documented shape at ${issue?.path.join('.') || '(root)'}: ${issue?.message ?? ''}`.slice(0, 300),
  );
}

const kurus = (decimalText: string | undefined): number => {
  const value = Math.round(Number(decimalText ?? 0) * 100);
  return Number.isFinite(value) ? value : 0;
};

/**
 * getOrders' OrderStatus (v0) in the shared vocabulary. Amazon has no delivered or returned order
 * status; for Easy Ship orders (available in Turkey) EasyShipShipmentStatus tells. A word Amazon
 * adds later is `other`: the order is kept and counted.
 */
export function v0StatusOf(order: Pick<AmazonV0Order, 'OrderStatus' | 'EasyShipShipmentStatus'>): OrderStatus {
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
      return 'other';
  }
}

/** Package states (detailedStatus) that mean the goods are going or went back to the seller. */
const returningPackage = new Set(['REJECTED_BY_BUYER', 'RETURNING_TO_SELLER', 'RETURNED_TO_SELLER']);

/**
 * searchOrders' fulfillmentStatus (v2026-01-01) in the shared vocabulary. SHIPPED is refined by the
 * packages (FBM only): every package delivered → delivered; every package on its way back or back
 * with the seller → returned. An absent or new word is `other`: the order is kept and counted.
 */
export function v2026StatusOf(order: Pick<AmazonOrder, 'fulfillment' | 'packages'>): OrderStatus {
  switch (order.fulfillment?.fulfillmentStatus) {
    case 'PENDING_AVAILABILITY':
    case 'PENDING':
      return 'created';
    case 'UNSHIPPED':
    case 'PARTIALLY_SHIPPED':
      return 'preparing';
    case 'CANCELLED':
    case 'UNFULFILLABLE':
      return 'cancelled';
    case 'SHIPPED': {
      const packages = (order.packages ?? []).map((item) => item.packageStatus).filter((status) => status !== undefined);
      if (packages.length > 0 && packages.every((status) => returningPackage.has(status.detailedStatus ?? ''))) return 'returned';
      if (
        packages.length > 0 &&
        packages.every((status) => status.status === 'DELIVERED' && !returningPackage.has(status.detailedStatus ?? ''))
      )
        return 'delivered';
      return 'shipped';
    }
    default:
      return 'other';
  }
}

/** The other way, for the sandbox: Amazon's words for each shared status, in both APIs. */
export const amazonOrderStatusOf: Record<
  KnownOrderStatus,
  {
    OrderStatus: string;
    EasyShipShipmentStatus?: string;
    fulfillmentStatus: string;
    packageStatus?: { status: string; detailedStatus: string };
  }
> = {
  created: { OrderStatus: 'Pending', fulfillmentStatus: 'PENDING' },
  preparing: { OrderStatus: 'Unshipped', fulfillmentStatus: 'UNSHIPPED' },
  shipped: {
    OrderStatus: 'Shipped',
    EasyShipShipmentStatus: 'PickedUp',
    fulfillmentStatus: 'SHIPPED',
    packageStatus: { status: 'IN_TRANSIT', detailedStatus: 'PICKED_UP' },
  },
  delivered: {
    OrderStatus: 'Shipped',
    EasyShipShipmentStatus: 'Delivered',
    fulfillmentStatus: 'SHIPPED',
    packageStatus: { status: 'DELIVERED', detailedStatus: 'DELIVERED' },
  },
  cancelled: { OrderStatus: 'Canceled', fulfillmentStatus: 'CANCELLED' },
  returned: {
    OrderStatus: 'Shipped',
    EasyShipShipmentStatus: 'ReturnedToSeller',
    fulfillmentStatus: 'SHIPPED',
    packageStatus: { status: 'UNDELIVERABLE', detailedStatus: 'RETURNED_TO_SELLER' },
  },
};

// Both order lists refuse a createdBefore later than two minutes before now (a few seconds of margin).
export const createdBeforeMarginMs = 2 * 60_000 + 5_000;
export const amazonOrdersPerPage = 100;
/** Amazon ends a seller's authorization this long after consent. */
export const amazonAuthorizationLifetimeMs = 365 * 86_400_000;

/**
 * A getOrders (v0) order in our vocabulary. A Pending order has no OrderTotal yet: amount 0 until
 * a later sync sees it again; lines stay empty (getOrderItems is one call per order).
 */
export function fromV0Order(order: AmazonV0Order): MarketplaceOrder {
  return {
    id: order.AmazonOrderId,
    orderNumber: order.AmazonOrderId,
    orderedAt: new Date(order.PurchaseDate).toISOString(),
    status: v0StatusOf(order),
    totalAmount: kurus(order.OrderTotal?.Amount),
    currency: order.OrderTotal?.CurrencyCode ?? 'TRY',
    lines: [],
  };
}

/**
 * A searchOrders (v2026-01-01) order in our vocabulary (docs/marketplaces.md § Amazon):
 * - the amount is `proceeds.grandTotal` ("the total amount that the seller receives from the sale",
 *   before Amazon's fees, which are the separate EXPENSE dataset); without it, the lines' sum;
 * - a line is `product.sellerSku`, `product.title`, `quantityOrdered` and `unitPrice` × quantity;
 * - Amazon has one order id: `orderNumber` is the orderId too.
 */
export function fromV2026Order(order: AmazonOrder): MarketplaceOrder {
  const lines = order.orderItems.map((item) => ({
    sku: item.product.sellerSku || item.product.asin || `amazon-${item.orderItemId}`,
    name: item.product.title ?? '',
    quantity: item.quantityOrdered,
    amount: kurus(item.product.price?.unitPrice?.amount) * item.quantityOrdered,
  }));
  const grandTotal = order.proceeds?.grandTotal;
  const currency =
    grandTotal?.currencyCode ?? order.orderItems.find((item) => item.product.price?.unitPrice)?.product.price?.unitPrice?.currencyCode;
  return {
    id: order.orderId,
    orderNumber: order.orderId,
    orderedAt: new Date(order.createdTime).toISOString(),
    status: v2026StatusOf(order),
    totalAmount: grandTotal ? kurus(grandTotal.amount) : lines.reduce((sum, line) => sum + line.amount, 0),
    currency: currency ?? 'TRY',
    lines,
  };
}

export interface OrdersQuery {
  createdAfter: Date;
  createdBefore: Date;
  /** The previous page's token. */
  nextToken?: string;
}

/**
 * THE one place that talks to Amazon's order list, in the API the configuration chose
 * (AMAZON_ORDERS_API). searchOrders takes `paginationToken` together with the same filters (the
 * model asks for exactly one of createdAfter/lastUpdatedAfter on every request); getOrders takes
 * NextToken alone.
 */
export async function searchOrdersPage(
  credentials: Credentials,
  query: OrdersQuery,
  ctx: AmazonContext,
  api: AmazonOrdersApi = ctx.ordersApi ?? defaultAmazonOrdersApi,
): Promise<{ orders: MarketplaceOrder[]; nextToken: string | null }> {
  if (api === 'v0') {
    const params = new URLSearchParams({ MarketplaceIds: turkeyMarketplaceId });
    if (query.nextToken) {
      params.set('NextToken', query.nextToken);
    } else {
      params.set('CreatedAfter', query.createdAfter.toISOString());
      params.set('CreatedBefore', query.createdBefore.toISOString());
      params.set('MaxResultsPerPage', String(amazonOrdersPerPage));
    }
    const body = await spApiGet(`${amazonOrdersPath.v0}?${params.toString()}`, credentials, ctx, amazonOrdersRate.v0);
    const page = parseAmazonAnswer(amazonV0OrdersPage, body, 'getOrders');
    return { orders: page.payload.Orders.map(fromV0Order), nextToken: page.payload.NextToken || null };
  }
  const params = new URLSearchParams({
    marketplaceIds: turkeyMarketplaceId,
    createdAfter: query.createdAfter.toISOString(),
    createdBefore: query.createdBefore.toISOString(),
    maxResultsPerPage: String(amazonOrdersPerPage),
    // Arrays are comma-separated (Swagger 2.0's default collection format).
    includedData: amazonIncludedData.join(','),
  });
  if (query.nextToken) params.set('paginationToken', query.nextToken);
  const body = await spApiGet(`${amazonOrdersPath['v2026-01-01']}?${params.toString()}`, credentials, ctx, amazonOrdersRate['v2026-01-01']);
  const page = parseAmazonAnswer(amazonSearchOrdersPage, body, 'searchOrders');
  return { orders: page.orders.map(fromV2026Order), nextToken: page.pagination?.nextToken || null };
}

interface AmazonCursor {
  /** CreatedBefore fixed at the first call (ISO). */
  before: string;
  nextToken: string;
  /** The API that issued the token (absent in cursors of before v2026-01-01: v0). */
  api?: AmazonOrdersApi;
}

const isCursor = (value: AmazonCursor) =>
  typeof value.before === 'string' &&
  typeof value.nextToken === 'string' &&
  (value.api === undefined || (amazonOrdersApis as readonly string[]).includes(value.api));
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

  pacing: (ctx: AmazonContext) => amazonPacing(ctx),

  async verify(credentials, ctx: AmazonContext): Promise<VerifyResult> {
    if (credentials.region && !isAmazonRegion(credentials.region)) {
      throw new ConnectorError('unexpected', 'marketplace_unexpected', `unknown region ${credentials.region}`);
    }
    assertAuthorizationAlive(credentials);
    const body = parseAmazonAnswer(
      amazonParticipations,
      await spApiGet('/sellers/v1/marketplaceParticipations', credentials, ctx),
      'marketplaceParticipations',
    );
    const turkey = body.payload.find((entry) => entry.marketplace?.id === turkeyMarketplaceId);
    const storeName = (turkey ?? body.payload[0])?.storeName;
    return {
      ...(credentials.selling_partner_id ? { sellerId: credentials.selling_partner_id } : {}),
      ...(storeName ? { storeName } : {}),
    };
  },

  /**
   * One order-list page per call (searchOrders, or getOrders when configured). The cursor carries
   * Amazon's token, the API that issued it and the createdBefore of the first call (at least two
   * minutes before that call, as Amazon requires). A 429 throws rate_limited with the bucket's
   * refill time; the sync keeps the cursor and resumes.
   */
  async listOrders(credentials, range: DateRange, cursor, ctx: AmazonContext): Promise<OrderPage> {
    assertAuthorizationAlive(credentials);
    let query: OrdersQuery;
    // A token belongs to the API that issued it: a sync under way finishes in that API.
    let api: AmazonOrdersApi = ctx.ordersApi ?? defaultAmazonOrdersApi;
    if (cursor) {
      const state = decodeCursor(cursor, isCursor, unreadableCursor);
      api = state.api ?? 'v0';
      query = { createdAfter: range.from, createdBefore: new Date(state.before), nextToken: state.nextToken };
    } else {
      const before = new Date(Math.min(range.to.getTime(), Date.now() - createdBeforeMarginMs));
      if (before <= range.from) return { orders: [], cursor: null };
      query = { createdAfter: range.from, createdBefore: before };
    }
    await takeOrderListRequest(credentials, ctx, api);
    const page = await searchOrdersPage(credentials, query, ctx, api);
    const orders = page.orders.filter((order) => {
      const at = Date.parse(order.orderedAt);
      return at >= range.from.getTime() && at < range.to.getTime();
    });
    const next: AmazonCursor | null = page.nextToken ? { before: query.createdBefore.toISOString(), nextToken: page.nextToken, api } : null;
    return { orders, cursor: next ? encodeCursor(next) : null };
  },
};

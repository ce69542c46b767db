/**
 * Hepsiburada Merchant API (developers.hepsiburada.com). Basic auth `merchantId:serviceKey`, and a
 * User-Agent carrying the integrator's developer user name (given by Hepsiburada to the integrator).
 *
 * The live API is split over hosts: listings on `listing-external`, orders on `oms-external`
 * (test hosts end in `-sit`). The configured base URL is the orders host; when it is a Hepsiburada
 * host the listings host is derived from it, otherwise (sandbox, tests, a proxy) both paths are
 * served under the one base URL.
 *
 * Orders: `GET /orders/merchantid/{id}?offset&limit&begindate&enddate`, limit ≤ 100, dates as
 * `yyyy-MM-dd HH:mm` in Turkey time and at most 24 hours apart (a wider range silently becomes
 * 24 hours). The connector walks the range in 24-hour windows and each window by offset:
 * page = window × pagesPerWindow + offset / limit.
 */
import { basicAuth, isRecord, marketplaceFetch, parseJson, requireField } from './http.ts';
import type { OrderStatus } from './sandbox/orders.ts';
import { ConnectorError, type Connector, type ConnectorContext, type Credentials, type MarketplaceOrder } from './types.ts';

export const defaultBaseUrl = 'https://oms-external.hepsiburada.com';

/**
 * The integrator's developer user name sent as User-Agent (from Hepsiburada's integrator portal);
 * HEPSIBURADA_USER_AGENT in config.ts overrides it.
 */
export const defaultUserAgent = 'worqtrade_dev';

export interface HepsiburadaContext extends ConnectorContext {
  /** Sent as User-Agent; defaults to defaultUserAgent. */
  userAgent?: string;
}

export const hepsiburadaPageSize = 100;
export const hepsiburadaWindowMs = 86_400_000;
const pagesPerWindow = 1_000;
const turkeyOffsetMs = 3 * 3_600_000;

const statusMap: Record<string, OrderStatus> = {
  Open: 'created',
  Unpacked: 'created',
  Packed: 'preparing',
  ReadyToShip: 'preparing',
  Shipped: 'shipped',
  InTransit: 'shipped',
  Delivered: 'delivered',
  Undelivered: 'returned',
  ClaimCreated: 'returned',
  Returned: 'returned',
  Cancelled: 'cancelled',
  CancelledByMerchant: 'cancelled',
  CancelledByCustomer: 'cancelled',
  CancelledBySap: 'cancelled',
};

export const hepsiburadaConnector: Connector = {
  code: 'hepsiburada',
  fields: [
    { name: 'merchant_id', type: 'text', required: true },
    { name: 'service_key', type: 'secret', required: true },
  ],

  async verify(credentials, ctx) {
    const merchantId = requireField(credentials, 'merchant_id');
    await request(credentials, `${listingBaseUrl(ctx.baseUrl)}/listings/merchantid/${encodeURIComponent(merchantId)}?offset=0&limit=1`, ctx);
    return { merchantId };
  },

  async listOrders(credentials, range, page, ctx) {
    const merchantId = requireField(credentials, 'merchant_id');
    const from = range.from.getTime();
    const to = Math.min(range.to.getTime(), Date.now());
    const window = Math.floor(page / pagesPerWindow);
    const offset = (page % pagesPerWindow) * hepsiburadaPageSize;
    const windowStart = from + window * hepsiburadaWindowMs;
    if (windowStart >= to) return { orders: [], nextPage: null };
    const windowEnd = Math.min(windowStart + hepsiburadaWindowMs, to);
    const query = new URLSearchParams({
      offset: String(offset),
      limit: String(hepsiburadaPageSize),
      begindate: turkeyMinute(windowStart),
      // Minute precision and inclusive: the minute holding the window's last millisecond.
      enddate: turkeyMinute(windowEnd - 1),
    });
    const body = await request(credentials, `${ctx.baseUrl}/orders/merchantid/${encodeURIComponent(merchantId)}?${query}`, ctx);
    const parsed = parseOrders(body, windowStart, windowEnd);
    const more = offset + hepsiburadaPageSize < parsed.totalCount && page % pagesPerWindow < pagesPerWindow - 1;
    const nextPage = more ? page + 1 : windowEnd < to ? (window + 1) * pagesPerWindow : null;
    return { orders: parsed.orders, nextPage };
  },
};

/** The live listings host for a live orders host; the same base elsewhere. */
export function listingBaseUrl(baseUrl: string): string {
  return baseUrl.replace(/^https:\/\/oms-external(-sit)?\.hepsiburada\.com/, 'https://listing-external$1.hepsiburada.com');
}

async function request(credentials: Credentials, url: string, ctx: HepsiburadaContext): Promise<unknown> {
  const response = await marketplaceFetch(
    url,
    {
      method: 'GET',
      headers: {
        authorization: basicAuth(requireField(credentials, 'merchant_id'), requireField(credentials, 'service_key')),
        'user-agent': ctx.userAgent || defaultUserAgent,
        accept: 'application/json',
      },
    },
    ctx,
  );
  const text = await response.text();
  if (response.ok) return parseJson(text, unexpected);
  throw hepsiburadaError(response.status, text);
}

export function hepsiburadaError(status: number, text: string): ConnectorError {
  const detail = `Hepsiburada ${status}: ${text.slice(0, 300)}`;
  if (status === 401) return new ConnectorError('bad_credentials', 'marketplace_bad_credentials', detail);
  // A 403 means the key is fine but this merchant/integrator may not do this (or the User-Agent is wrong).
  if (status === 403) return new ConnectorError('forbidden', 'marketplace_forbidden', detail);
  if (status === 429) return new ConnectorError('rate_limited', 'marketplace_rate_limited', detail);
  if (status >= 500) return new ConnectorError('unavailable', 'marketplace_unavailable', detail);
  return new ConnectorError('unexpected', 'marketplace_unexpected', detail);
}

/**
 * Hepsiburada lists order lines: lines of one order are merged, and lines outside the window
 * (minute rounding at the edges) are left to the window they belong to.
 */
function parseOrders(body: unknown, windowStart: number, windowEnd: number): { orders: MarketplaceOrder[]; totalCount: number } {
  if (!isRecord(body) || !Array.isArray(body.items)) throw unexpected('no items array');
  const byOrder = new Map<string, MarketplaceOrder>();
  for (const item of body.items) {
    if (!isRecord(item)) throw unexpected('item is not an object');
    const orderNumber = item.orderNumber;
    const orderedAt = typeof item.orderDate === 'string' ? Date.parse(item.orderDate) : NaN;
    const price = isRecord(item.totalPrice) ? Number(item.totalPrice.amount) : NaN;
    if ((typeof orderNumber !== 'string' && typeof orderNumber !== 'number') || !Number.isFinite(orderedAt) || !Number.isFinite(price)) {
      throw unexpected('item without orderNumber, orderDate or totalPrice.amount');
    }
    if (orderedAt < windowStart || orderedAt >= windowEnd) continue;
    const line: MarketplaceOrder = {
      id: String(orderNumber),
      orderedAt: new Date(orderedAt).toISOString(),
      totalAmount: Math.round(price * 100),
      currency: isRecord(item.totalPrice) && typeof item.totalPrice.currency === 'string' ? item.totalPrice.currency : 'TRY',
      status: statusMap[String(item.status)] ?? String(item.status ?? 'unknown'),
      itemCount: Number(item.quantity) || 1,
    };
    const seen = byOrder.get(line.id);
    if (seen) {
      seen.totalAmount += line.totalAmount;
      seen.itemCount += line.itemCount;
    } else byOrder.set(line.id, line);
  }
  const totalCount = Number(body.totalCount);
  return { orders: [...byOrder.values()], totalCount: Number.isFinite(totalCount) ? totalCount : 0 };
}

/** `yyyy-MM-dd HH:mm` in Turkey time (UTC+3 all year since 2016). */
export function turkeyMinute(ms: number): string {
  return new Date(ms + turkeyOffsetMs).toISOString().slice(0, 16).replace('T', ' ');
}

function unexpected(detail: string): ConnectorError {
  return new ConnectorError('unexpected', 'marketplace_unexpected', `Hepsiburada: ${detail}`);
}


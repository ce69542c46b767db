/**
 * Trendyol Partner API (developers.trendyol.com). Basic auth with the API key and secret; every
 * request must carry `User-Agent: "{sellerId} - SelfIntegration"` (Trendyol answers 403 without it).
 * Bad credentials answer 401 `{exception: "ClientApiAuthenticationException", errors: [...]}`.
 *
 * Orders (getShipmentPackages): startDate/endDate in epoch ms, page from 0, size ≤ 200, at most
 * three months back. The connector clamps the range to those three months and walks it in windows
 * of 14 days (Trendyol rejects wider startDate–endDate spans; unconfirmed), one page index counting
 * through windows and then pages: page = window × pagesPerWindow + pageInWindow.
 */
import { basicAuth, isRecord, marketplaceFetch, parseJson, requireField } from './http.ts';
import type { OrderStatus } from './sandbox/orders.ts';
import {
  ConnectorError,
  type Connector,
  type ConnectorContext,
  type Credentials,
  type MarketplaceOrder,
  type OrderPage,
} from './types.ts';

export const defaultBaseUrl = 'https://apigw.trendyol.com';

export const trendyolPageSize = 200;
export const trendyolWindowMs = 14 * 86_400_000;
/** Orders older than this are not served by Trendyol; the range is clamped to it. */
export const trendyolHistoryMs = 90 * 86_400_000;
/** Trendyol serves at most 10 000 packages per query (page 0–49 at size 200). */
const pagesPerWindow = 50;

const rateLimit = { requests: 50, perMs: 10_000 };

/** Trendyol's package statuses in the shared vocabulary. */
const statusMap: Record<string, OrderStatus> = {
  Awaiting: 'created',
  Created: 'created',
  Picking: 'preparing',
  Invoiced: 'preparing',
  Repack: 'preparing',
  Shipped: 'shipped',
  AtCollectionPoint: 'shipped',
  Delivered: 'delivered',
  UnDelivered: 'returned',
  Returned: 'returned',
  Cancelled: 'cancelled',
  UnSupplied: 'cancelled',
};

export const trendyolConnector: Connector = {
  code: 'trendyol',
  fields: [
    { name: 'seller_id', type: 'text', required: true },
    { name: 'api_key', type: 'secret', required: true },
    { name: 'api_secret', type: 'secret', required: true },
  ],

  async verify(credentials, ctx) {
    const sellerId = requireField(credentials, 'seller_id');
    await request(credentials, `/integration/sellers/${encodeURIComponent(sellerId)}/addresses`, ctx);
    return { sellerId };
  },

  async listOrders(credentials, range, page, ctx) {
    const sellerId = requireField(credentials, 'seller_id');
    const now = Date.now();
    const oldest = now - trendyolHistoryMs;
    // Windows stay anchored at range.from so they line up across calls; windows wholly older than
    // Trendyol's three months are skipped and the first one is clamped.
    const from = range.from.getTime();
    const to = Math.min(range.to.getTime(), now);
    const firstServed = Math.max(0, Math.floor((oldest - from) / trendyolWindowMs));
    let window = Math.floor(page / pagesPerWindow);
    let pageInWindow = page % pagesPerWindow;
    if (window < firstServed) {
      window = firstServed;
      pageInWindow = 0;
    }
    const windowStart = from + window * trendyolWindowMs;
    if (windowStart >= to) return { orders: [], nextPage: null };
    const windowEnd = Math.min(windowStart + trendyolWindowMs, to);
    const query = new URLSearchParams({
      startDate: String(Math.max(windowStart, oldest)),
      // Trendyol's endDate is inclusive; the range is half-open.
      endDate: String(windowEnd - 1),
      page: String(pageInWindow),
      size: String(trendyolPageSize),
      orderByField: 'CreatedDate',
      orderByDirection: 'ASC',
    });
    const body = await request(credentials, `/integration/order/sellers/${encodeURIComponent(sellerId)}/orders?${query}`, ctx);
    const parsed = parsePackages(body);
    const more = pageInWindow + 1 < Math.min(parsed.totalPages, pagesPerWindow);
    const nextPage = more ? window * pagesPerWindow + pageInWindow + 1 : windowEnd < to ? (window + 1) * pagesPerWindow : null;
    return { orders: parsed.orders, nextPage } satisfies OrderPage;
  },
};

async function request(credentials: Credentials, path: string, ctx: ConnectorContext): Promise<unknown> {
  const sellerId = requireField(credentials, 'seller_id');
  await waitForSlot(sellerId);
  const response = await marketplaceFetch(
    `${ctx.baseUrl}${path}`,
    {
      method: 'GET',
      headers: {
        authorization: basicAuth(requireField(credentials, 'api_key'), requireField(credentials, 'api_secret')),
        'user-agent': `${sellerId} - SelfIntegration`,
        accept: 'application/json',
      },
    },
    ctx,
  );
  const text = await response.text();
  if (response.ok) return parseJson(text, unexpected);
  throw trendyolError(response.status, text);
}

/** Maps a non-2xx Trendyol answer to what the seller can act on. */
export function trendyolError(status: number, text: string): ConnectorError {
  const detail = `Trendyol ${status}: ${text.slice(0, 300)}`;
  const authFailure = /AuthenticationException|AuthorizationException|authorization\.failed|unauthori[sz]ed/i.test(text);
  if (status === 401 || (status === 403 && authFailure)) return new ConnectorError('bad_credentials', 'marketplace_bad_credentials', detail);
  if (status === 403) return new ConnectorError('forbidden', 'marketplace_forbidden', detail);
  if (status === 429) return new ConnectorError('rate_limited', 'marketplace_rate_limited', detail);
  if (status >= 500) return new ConnectorError('unavailable', 'marketplace_unavailable', detail);
  return new ConnectorError('unexpected', 'marketplace_unexpected', detail);
}

function parsePackages(body: unknown): { orders: MarketplaceOrder[]; totalPages: number } {
  if (!isRecord(body) || !Array.isArray(body.content)) throw unexpected('no content array');
  const byOrder = new Map<string, MarketplaceOrder>();
  for (const item of body.content) {
    if (!isRecord(item)) throw unexpected('package is not an object');
    const orderNumber = item.orderNumber ?? item.id;
    const orderDate = Number(item.orderDate);
    const price = Number(item.totalPrice ?? item.grossAmount);
    if ((typeof orderNumber !== 'string' && typeof orderNumber !== 'number') || !Number.isFinite(orderDate) || !Number.isFinite(price)) {
      throw unexpected('package without orderNumber, orderDate or totalPrice');
    }
    const lines = Array.isArray(item.lines) ? item.lines : [];
    const itemCount = lines.reduce((sum: number, line) => sum + (isRecord(line) ? Number(line.quantity) || 0 : 0), 0);
    const order: MarketplaceOrder = {
      id: String(orderNumber),
      orderedAt: new Date(orderDate).toISOString(),
      totalAmount: Math.round(price * 100),
      currency: typeof item.currencyCode === 'string' ? item.currencyCode : 'TRY',
      status: statusMap[String(item.shipmentPackageStatus ?? item.status)] ?? String(item.shipmentPackageStatus ?? item.status ?? 'unknown'),
      itemCount: itemCount || 1,
    };
    // A split order arrives as several packages: count it once.
    const seen = byOrder.get(order.id);
    if (seen) {
      seen.totalAmount += order.totalAmount;
      seen.itemCount += order.itemCount;
    } else byOrder.set(order.id, order);
  }
  const totalPages = Number(body.totalPages);
  return { orders: [...byOrder.values()], totalPages: Number.isFinite(totalPages) ? totalPages : 0 };
}

const sellerRequests = new Map<string, number[]>();

/**
 * Keeps each seller under Trendyol's 50 requests per 10 s, shared by every call in this process
 * (verify, paging, health checks), so paging a long range slows down instead of earning 429s.
 */
async function waitForSlot(sellerId: string): Promise<void> {
  for (;;) {
    const now = Date.now();
    const recent = (sellerRequests.get(sellerId) ?? []).filter((at) => now - at < rateLimit.perMs);
    if (recent.length < rateLimit.requests) {
      recent.push(now);
      sellerRequests.set(sellerId, recent);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, rateLimit.perMs - (now - recent[0]!) + 1));
  }
}

function unexpected(detail: string): ConnectorError {
  return new ConnectorError('unexpected', 'marketplace_unexpected', `Trendyol: ${detail}`);
}


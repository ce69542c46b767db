/**
 * N11 REST API (developer.n11.com). Credentials travel as the headers `appkey` and `appsecret`.
 * The verify call (`GET /ms/product-query?page=0&size=1`) is unconfirmed for cheapness but is a
 * documented read-only product query.
 *
 * Orders: `GET /rest/delivery/v1/shipmentPackages?startDate&endDate&page&size` with epoch-ms
 * dates, page from 0, size ≤ 100. N11 narrows a wider startDate–endDate span to 15 days, so the
 * connector walks the range in 15-day windows: page = window × pagesPerWindow + pageInWindow.
 * The bad-credential body is unconfirmed (a Spring-style 401 is assumed; 403 bodies naming the
 * key or secret are treated the same).
 */
import { isRecord, marketplaceFetch, parseJson, requireField } from './http.ts';
import type { OrderStatus } from './sandbox/orders.ts';
import { ConnectorError, type Connector, type ConnectorContext, type Credentials, type MarketplaceOrder } from './types.ts';

export const defaultBaseUrl = 'https://api.n11.com';

export const n11PageSize = 100;
export const n11WindowMs = 15 * 86_400_000;
const pagesPerWindow = 10_000;

const statusMap: Record<string, OrderStatus> = {
  Created: 'created',
  Picking: 'preparing',
  UnPacked: 'preparing',
  Shipped: 'shipped',
  Delivered: 'delivered',
  Cancelled: 'cancelled',
  UnSupplied: 'cancelled',
  Returned: 'returned',
};

export const n11Connector: Connector = {
  code: 'n11',
  fields: [
    // The app key identifies the API account; only the secret is secret.
    { name: 'app_key', type: 'text', required: true },
    { name: 'app_secret', type: 'secret', required: true },
  ],

  async verify(credentials, ctx) {
    await request(credentials, '/ms/product-query?page=0&size=1', ctx);
    return {};
  },

  async listOrders(credentials, range, page, ctx) {
    const from = range.from.getTime();
    const to = Math.min(range.to.getTime(), Date.now());
    const window = Math.floor(page / pagesPerWindow);
    const pageInWindow = page % pagesPerWindow;
    const windowStart = from + window * n11WindowMs;
    if (windowStart >= to) return { orders: [], nextPage: null };
    const windowEnd = Math.min(windowStart + n11WindowMs, to);
    const query = new URLSearchParams({
      startDate: String(windowStart),
      endDate: String(windowEnd - 1),
      page: String(pageInWindow),
      size: String(n11PageSize),
      orderByDirection: 'ASC',
    });
    const body = await request(credentials, `/rest/delivery/v1/shipmentPackages?${query}`, ctx);
    const parsed = parsePackages(body);
    const more = pageInWindow + 1 < parsed.totalPages && parsed.count > 0;
    const nextPage = more ? page + 1 : windowEnd < to ? (window + 1) * pagesPerWindow : null;
    return { orders: parsed.orders, nextPage };
  },
};

async function request(credentials: Credentials, path: string, ctx: ConnectorContext): Promise<unknown> {
  const response = await marketplaceFetch(
    `${ctx.baseUrl}${path}`,
    {
      method: 'GET',
      headers: {
        appkey: requireField(credentials, 'app_key'),
        appsecret: requireField(credentials, 'app_secret'),
        accept: 'application/json',
      },
    },
    ctx,
  );
  const text = await response.text();
  if (response.ok) return parseJson(text, unexpected);
  throw n11Error(response.status, text);
}

export function n11Error(status: number, text: string): ConnectorError {
  const detail = `N11 ${status}: ${text.slice(0, 300)}`;
  const credentialWords = /unauthori[sz]ed|app ?key|app ?secret|credential|yetkisiz|kimlik/i.test(text);
  if (status === 401 || (status === 403 && credentialWords)) return new ConnectorError('bad_credentials', 'marketplace_bad_credentials', detail);
  if (status === 403) return new ConnectorError('forbidden', 'marketplace_forbidden', detail);
  if (status === 429) return new ConnectorError('rate_limited', 'marketplace_rate_limited', detail);
  if (status >= 500) return new ConnectorError('unavailable', 'marketplace_unavailable', detail);
  return new ConnectorError('unexpected', 'marketplace_unexpected', detail);
}

function parsePackages(body: unknown): { orders: MarketplaceOrder[]; totalPages: number; count: number } {
  if (!isRecord(body) || !Array.isArray(body.content)) throw unexpected('no content array');
  const byOrder = new Map<string, MarketplaceOrder>();
  for (const item of body.content) {
    if (!isRecord(item)) throw unexpected('package is not an object');
    const orderNumber = item.orderNumber;
    const orderedAt = packageCreatedAt(item);
    const lines = Array.isArray(item.lines) ? item.lines.filter(isRecord) : [];
    const amount = item.totalAmount !== undefined ? Number(item.totalAmount) : lines.reduce((sum, line) => sum + Number(line.price) * (Number(line.quantity) || 1), 0);
    if ((typeof orderNumber !== 'string' && typeof orderNumber !== 'number') || orderedAt === null || !Number.isFinite(amount)) {
      throw unexpected('package without orderNumber, a date or totalAmount');
    }
    const order: MarketplaceOrder = {
      id: String(orderNumber),
      orderedAt: new Date(orderedAt).toISOString(),
      totalAmount: Math.round(amount * 100),
      currency: 'TRY',
      status: statusMap[String(item.shipmentPackageStatus)] ?? String(item.shipmentPackageStatus ?? 'unknown'),
      itemCount: lines.reduce((sum, line) => sum + (Number(line.quantity) || 0), 0) || 1,
    };
    const seen = byOrder.get(order.id);
    if (seen) {
      seen.totalAmount += order.totalAmount;
      seen.itemCount += order.itemCount;
    } else byOrder.set(order.id, order);
  }
  const totalPages = Number(body.totalPages);
  return { orders: [...byOrder.values()], totalPages: Number.isFinite(totalPages) ? totalPages : 0, count: body.content.length };
}

/** The package's creation: its first history entry, else the order date or last change. */
function packageCreatedAt(item: Record<string, unknown>): number | null {
  const histories = Array.isArray(item.packageHistories) ? item.packageHistories.filter(isRecord) : [];
  const times = histories.map((entry) => Number(entry.createdDate)).filter(Number.isFinite);
  if (times.length > 0) return Math.min(...times);
  for (const field of ['orderDate', 'createdDate', 'lastModifiedDate']) {
    const value = item[field];
    const ms = typeof value === 'number' ? value : typeof value === 'string' ? Date.parse(value) : NaN;
    if (Number.isFinite(ms)) return ms;
  }
  return null;
}

function unexpected(detail: string): ConnectorError {
  return new ConnectorError('unexpected', 'marketplace_unexpected', `N11: ${detail}`);
}


/**
 * Çiçeksepeti Marketplace API (apis.ciceksepeti.com; a sandbox host with separate keys exists).
 * The API key travels as `x-api-key`; a User-Agent naming the seller is sent as well
 * (unconfirmed). A rejected key answers 401 (or 403 from the API gateway), both mapped to bad
 * credentials; the body is unconfirmed.
 *
 * Orders: `POST /api/v1/Order/GetOrders {startDate, endDate, page, pageSize}`, page from 0,
 * pageSize ≤ 100, at most 14 days between the dates (sent as Turkey local time
 * `yyyy-MM-ddTHH:mm:ss`, unconfirmed). The answer lists order items; items of one order are
 * merged. The connector walks the range in 14-day windows: page = window × pagesPerWindow + page.
 */
import { isRecord, marketplaceFetch, parseJson, requireField } from './http.ts';
import type { OrderStatus } from './sandbox/orders.ts';
import { ConnectorError, type Connector, type ConnectorContext, type Credentials, type MarketplaceOrder } from './types.ts';

export const defaultBaseUrl = 'https://apis.ciceksepeti.com';

export const ciceksepetiPageSize = 100;
export const ciceksepetiWindowMs = 14 * 86_400_000;
const pagesPerWindow = 10_000;
const turkeyOffsetMs = 3 * 3_600_000;

/** orderItemStatusId values (1 new, 2 preparing, 11 to be shipped, 5 shipped, 7 delivered). */
const statusById: Record<number, OrderStatus> = { 1: 'created', 2: 'preparing', 11: 'preparing', 5: 'shipped', 7: 'delivered' };

export const ciceksepetiConnector: Connector = {
  code: 'ciceksepeti',
  fields: [
    { name: 'seller_id', type: 'text', required: true },
    { name: 'api_key', type: 'secret', required: true },
  ],

  async verify(credentials, ctx) {
    const sellerId = requireField(credentials, 'seller_id');
    await request(credentials, '/api/v1/Products?Page=1&PageSize=1', { method: 'GET' }, ctx);
    return { sellerId };
  },

  async listOrders(credentials, range, page, ctx) {
    const from = range.from.getTime();
    const to = Math.min(range.to.getTime(), Date.now());
    const window = Math.floor(page / pagesPerWindow);
    const pageInWindow = page % pagesPerWindow;
    const windowStart = from + window * ciceksepetiWindowMs;
    if (windowStart >= to) return { orders: [], nextPage: null };
    const windowEnd = Math.min(windowStart + ciceksepetiWindowMs, to);
    const body = await request(
      credentials,
      '/api/v1/Order/GetOrders',
      {
        method: 'POST',
        body: JSON.stringify({
          startDate: turkeyTime(windowStart),
          // Second precision, inclusive: the second holding the window's last millisecond.
          endDate: turkeyTime(windowEnd - 1),
          page: pageInWindow,
          pageSize: ciceksepetiPageSize,
        }),
      },
      ctx,
    );
    const parsed = parseOrders(body, windowStart, windowEnd);
    const more = pageInWindow + 1 < parsed.pageCount && parsed.count > 0;
    const nextPage = more ? page + 1 : windowEnd < to ? (window + 1) * pagesPerWindow : null;
    return { orders: parsed.orders, nextPage };
  },
};

async function request(credentials: Credentials, path: string, init: { method: string; body?: string }, ctx: ConnectorContext): Promise<unknown> {
  const response = await marketplaceFetch(
    `${ctx.baseUrl}${path}`,
    {
      ...init,
      headers: {
        'x-api-key': requireField(credentials, 'api_key'),
        'user-agent': `${requireField(credentials, 'seller_id')} - SelfIntegration`,
        accept: 'application/json',
        ...(init.body ? { 'content-type': 'application/json' } : {}),
      },
    },
    ctx,
  );
  const text = await response.text();
  if (response.ok) return parseJson(text, unexpected);
  throw ciceksepetiError(response.status, text);
}

export function ciceksepetiError(status: number, text: string): ConnectorError {
  const detail = `Çiçeksepeti ${status}: ${text.slice(0, 300)}`;
  // The gateway in front of the API answers an unknown x-api-key with 403, so 403 means a bad key too.
  if (status === 401 || status === 403) return new ConnectorError('bad_credentials', 'marketplace_bad_credentials', detail);
  if (status === 429) return new ConnectorError('rate_limited', 'marketplace_rate_limited', detail);
  if (status >= 500) return new ConnectorError('unavailable', 'marketplace_unavailable', detail);
  return new ConnectorError('unexpected', 'marketplace_unexpected', detail);
}

function parseOrders(body: unknown, windowStart: number, windowEnd: number): { orders: MarketplaceOrder[]; pageCount: number; count: number } {
  if (!isRecord(body) || !Array.isArray(body.supplierOrderListWithBranch)) throw unexpected('no supplierOrderListWithBranch array');
  const byOrder = new Map<string, MarketplaceOrder>();
  for (const item of body.supplierOrderListWithBranch) {
    if (!isRecord(item)) throw unexpected('order item is not an object');
    const orderId = item.orderId;
    const orderedAt = parseTurkeyDate(item.orderCreateDate, item.orderCreateTime);
    const price = Number(item.totalPrice);
    if ((typeof orderId !== 'string' && typeof orderId !== 'number') || orderedAt === null || !Number.isFinite(price)) {
      throw unexpected('order item without orderId, orderCreateDate or totalPrice');
    }
    if (orderedAt < windowStart || orderedAt >= windowEnd) continue;
    const line: MarketplaceOrder = {
      id: String(orderId),
      orderedAt: new Date(orderedAt).toISOString(),
      totalAmount: Math.round(price * 100),
      currency: typeof item.currency === 'string' && item.currency ? item.currency : 'TRY',
      status: statusOf(item),
      itemCount: Number(item.quantity) || 1,
    };
    const seen = byOrder.get(line.id);
    if (seen) {
      seen.totalAmount += line.totalAmount;
      seen.itemCount += line.itemCount;
    } else byOrder.set(line.id, line);
  }
  const pageCount = Number(body.pageCount);
  return {
    orders: [...byOrder.values()],
    pageCount: Number.isFinite(pageCount) ? pageCount : 0,
    count: body.supplierOrderListWithBranch.length,
  };
}

function statusOf(item: Record<string, unknown>): string {
  const text = typeof item.orderProductStatus === 'string' ? item.orderProductStatus.toLocaleLowerCase('tr') : '';
  if (text.includes('iptal')) return 'cancelled';
  if (text.includes('iade')) return 'returned';
  return statusById[Number(item.orderItemStatusId)] ?? (text || 'unknown');
}

/** Accepts `dd.MM.yyyy` (+ `HH:mm[:ss]` in a separate field) or ISO local time, in Turkey time. */
function parseTurkeyDate(date: unknown, time: unknown): number | null {
  if (typeof date !== 'string') return null;
  const dotted = /^(\d{2})\.(\d{2})\.(\d{4})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(date.trim());
  if (dotted) {
    const [, day, month, year] = dotted;
    const clock = typeof time === 'string' && /^\d{2}:\d{2}/.test(time) ? time : `${dotted[4] ?? '00'}:${dotted[5] ?? '00'}:${dotted[6] ?? '00'}`;
    const ms = Date.parse(`${year}-${month}-${day}T${clock.length === 5 ? `${clock}:00` : clock}+03:00`);
    return Number.isFinite(ms) ? ms : null;
  }
  const hasZone = /(Z|[+-]\d{2}:?\d{2})$/.test(date);
  const ms = Date.parse(hasZone ? date : `${date}+03:00`);
  return Number.isFinite(ms) ? ms : null;
}

/** `yyyy-MM-ddTHH:mm:ss` in Turkey time (UTC+3 all year since 2016). */
export function turkeyTime(ms: number): string {
  return new Date(ms + turkeyOffsetMs).toISOString().slice(0, 19);
}

function unexpected(detail: string): ConnectorError {
  return new ConnectorError('unexpected', 'marketplace_unexpected', `Çiçeksepeti: ${detail}`);
}


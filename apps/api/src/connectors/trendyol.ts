/**
 * Trendyol Partner API (docs/reference/MARKETPLACES.md, revised 2026-11-23). Basic auth with the API key and
 * secret; every request carries `User-Agent: "{sellerId} - {IntegratorName}"` (an integrator sends its
 * own registered name; `SelfIntegration` is for a seller's own software; TRENDYOL_INTEGRATOR_NAME).
 * Bad credentials answer 401 `ClientApiAuthenticationException`.
 *
 * Credentials are verified with an orders call of size 1: `/addresses` is limited to one request an
 * hour. Orders come from getShipmentPackages with today's field names (renamed on 08.12.2025:
 * `shipmentPackageId`, `packageTotalPrice`, `packageGrossAmount`, lines `lineUnitPrice`,
 * `lineGrossAmount`, `stockCode`; the old names are gone and are not read):
 * - windows of at most 14 days, pages from 0 of 200, at most 10,000 records a query (a fuller
 *   window is halved until it fits), 50 requests per 10 s per seller;
 * - `orderDate` is the Istanbul wall clock written as if it were UTC: 3 hours are taken off;
 * - a package split after a cancelled item becomes `UnPacked` and new packages with the same
 *   `orderNumber` replace it: the parent is skipped, each package is its own order row.
 * How far back the classic endpoint serves is being reduced (the stream endpoint is the long-term
 * path); TRENDYOL_ORDER_HISTORY_DAYS keeps it configurable (default 90, unconfirmed).
 */
import { decodeCursor, encodeCursor, integerFields } from './cursor.ts';
import { basicAuth, getJson, isRecord, requireField, statusError, unexpectedAnswer } from './http.ts';
import { slidingWindowLimiter } from './rate-limit.ts';
import type {
  Connector,
  ConnectorContext,
  ConnectorError,
  Credentials,
  MarketplaceOrder,
  MarketplaceOrderLine,
  OrderStatus,
} from './types.ts';

export const defaultBaseUrl = 'https://apigw.trendyol.com';

export interface TrendyolContext extends ConnectorContext {
  /** The integrator name of the User-Agent (default SelfIntegration). */
  integratorName?: string;
  /** How many days back orders are read (default 90). */
  historyDays?: number;
}

export const trendyolPageSize = 200;
export const trendyolWindowMs = 14 * 86_400_000;
export const trendyolMaxRecords = 10_000;
export const defaultHistoryDays = 90;
const istanbulOffsetMs = 3 * 3_600_000;
const rateLimit = { requests: 50, perMs: 10_000 };
/**
 * Keeps each seller under Trendyol's 50 requests per 10 s, shared by every call in this process
 * (verify, paging, health checks), so paging a long range slows down instead of earning 429s.
 */
const waitForSlot = slidingWindowLimiter(rateLimit);
const unexpected = unexpectedAnswer('Trendyol');

/** Trendyol's package statuses in the shared vocabulary; `UnPacked` (a split parent) is skipped. */
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
const splitParent = 'UnPacked';

interface Cursor {
  /** Window start and end (ms, end exclusive) and the page inside it. */
  start: number;
  end: number;
  page: number;
  /** The range end as of the first call, so a long read does not chase the clock. */
  to: number;
}

const decode = (text: string) =>
  decodeCursor(text, integerFields<Cursor>('start', 'end', 'page', 'to'), () => unexpected('unreadable cursor'));

export const trendyolConnector: Connector = {
  code: 'trendyol',
  fields: [
    { name: 'seller_id', type: 'text', required: true },
    { name: 'api_key', type: 'secret', required: true },
    { name: 'api_secret', type: 'secret', required: true },
  ],

  async verify(credentials, ctx) {
    const sellerId = requireField(credentials, 'seller_id');
    const now = Date.now();
    const query = new URLSearchParams({ startDate: String(now - 86_400_000), endDate: String(now), page: '0', size: '1' });
    await request(credentials, `/integration/order/sellers/${encodeURIComponent(sellerId)}/orders?${query}`, ctx);
    return { sellerId };
  },

  async listOrders(credentials, range, cursorText, ctx: TrendyolContext) {
    const sellerId = requireField(credentials, 'seller_id');
    let cursor: Cursor;
    if (cursorText) cursor = decode(cursorText);
    else {
      const to = Math.min(range.to.getTime(), Date.now());
      const oldest = to - (ctx.historyDays ?? defaultHistoryDays) * 86_400_000;
      const start = Math.max(range.from.getTime(), oldest);
      if (start >= to) return { orders: [], cursor: null };
      cursor = { start, end: Math.min(start + trendyolWindowMs, to), page: 0, to };
    }
    for (;;) {
      const query = new URLSearchParams({
        startDate: String(cursor.start),
        // Trendyol's endDate is inclusive; the windows are half-open.
        endDate: String(cursor.end - 1),
        page: String(cursor.page),
        size: String(trendyolPageSize),
        orderByField: 'CreatedDate',
        orderByDirection: 'ASC',
      });
      const body = await request(credentials, `/integration/order/sellers/${encodeURIComponent(sellerId)}/orders?${query}`, ctx);
      const page = parsePackages(body);
      if (cursor.page === 0 && page.totalElements > trendyolMaxRecords && cursor.end - cursor.start > 60_000) {
        // More than one query may return: halve the window and ask again.
        cursor = { ...cursor, end: cursor.start + Math.floor((cursor.end - cursor.start) / 2) };
        continue;
      }
      const lastPage = Math.min(page.totalPages, trendyolMaxRecords / trendyolPageSize) - 1;
      let next: Cursor | null;
      if (cursor.page < lastPage) next = { ...cursor, page: cursor.page + 1 };
      else if (cursor.end < cursor.to)
        next = { start: cursor.end, end: Math.min(cursor.end + trendyolWindowMs, cursor.to), page: 0, to: cursor.to };
      else next = null;
      return { orders: page.orders, cursor: next ? encodeCursor(next) : null };
    }
  },
};

async function request(credentials: Credentials, path: string, ctx: TrendyolContext): Promise<unknown> {
  const sellerId = requireField(credentials, 'seller_id');
  await waitForSlot(sellerId);
  return getJson(
    `${ctx.baseUrl}${path}`,
    {
      authorization: basicAuth(requireField(credentials, 'api_key'), requireField(credentials, 'api_secret')),
      'user-agent': `${sellerId} - ${ctx.integratorName ?? 'SelfIntegration'}`,
    },
    ctx,
    { unexpected, refusal: trendyolError },
  );
}

/** Maps a non-2xx Trendyol answer to what the seller can act on. */
export function trendyolError(status: number, text: string, retryAfter: string | null = null): ConnectorError {
  return statusError(status, `Trendyol ${status}: ${text.slice(0, 300)}`, {
    credentialsRefused: /AuthenticationException|AuthorizationException|authorization\.failed|unauthori[sz]ed/i.test(text.slice(0, 2000)),
    retryAfter,
    defaultRetryAfterMs: rateLimit.perMs,
  });
}

const kurus = (value: unknown): number => {
  const amount = Number(value);
  if (!Number.isFinite(amount)) throw unexpected('an amount is not a number');
  return Math.round(amount * 100);
};

function toLine(line: unknown): MarketplaceOrderLine {
  if (!isRecord(line)) throw unexpected('a line is not an object');
  const quantity = Number(line.quantity);
  if (!Number.isInteger(quantity) || quantity < 0) throw unexpected('a line without quantity');
  const sku =
    typeof line.stockCode === 'string' && line.stockCode !== '' ? line.stockCode : String(line.barcode ?? line.productCode ?? 'unknown');
  const amount = line.lineGrossAmount !== undefined ? kurus(line.lineGrossAmount) : kurus(line.lineUnitPrice) * quantity;
  return { sku, name: typeof line.productName === 'string' ? line.productName : sku, quantity, amount };
}

/** One page of packages in the shared shape; buyer details are not read. */
export function parsePackages(body: unknown): { orders: MarketplaceOrder[]; totalPages: number; totalElements: number } {
  if (!isRecord(body) || !Array.isArray(body.content)) throw unexpected('no content array');
  const orders: MarketplaceOrder[] = [];
  for (const item of body.content) {
    if (!isRecord(item)) throw unexpected('package is not an object');
    const statusWord = String(item.shipmentPackageStatus ?? item.status ?? '');
    if (statusWord === splitParent) continue;
    const packageId = item.shipmentPackageId;
    const orderNumber = item.orderNumber;
    const orderDate = Number(item.orderDate);
    if (
      (typeof packageId !== 'string' && typeof packageId !== 'number') ||
      (typeof orderNumber !== 'string' && typeof orderNumber !== 'number')
    ) {
      throw unexpected('package without shipmentPackageId or orderNumber');
    }
    if (!Number.isFinite(orderDate)) throw unexpected('package without orderDate');
    const status = statusMap[statusWord];
    if (!status) throw unexpected(`unknown package status ${statusWord.slice(0, 40)}`);
    orders.push({
      id: String(packageId),
      orderNumber: String(orderNumber),
      // orderDate is the Istanbul wall clock read as UTC.
      orderedAt: new Date(orderDate - istanbulOffsetMs).toISOString(),
      status,
      totalAmount: kurus(item.packageTotalPrice),
      currency: typeof item.currencyCode === 'string' ? item.currencyCode : 'TRY',
      lines: Array.isArray(item.lines) ? item.lines.map(toLine) : [],
    });
  }
  const totalPages = Number(body.totalPages);
  const totalElements = Number(body.totalElements);
  return {
    orders,
    totalPages: Number.isFinite(totalPages) ? totalPages : 0,
    totalElements: Number.isFinite(totalElements) ? totalElements : 0,
  };
}

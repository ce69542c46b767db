/**
 * Trendyol Partner API (docs/marketplaces.md, Trendyol). Basic auth with the API key and secret;
 * every request carries `User-Agent: "{sellerId} - {IntegratorName}"` (TRENDYOL_INTEGRATOR_NAME,
 * `SelfIntegration` for a seller's own software). A wrong key answers 401
 * `ClientApiAuthenticationException`. Answers are parsed with the schemas of trendyol-schema.ts.
 *
 * Orders (the unversioned `/orders` path was retired on 15 Oct 2026 and answers 426):
 * - `GET …/v2/orders` for orders placed in the last month: `startDate`/`endDate` windows of at
 *   most 14 days, pages of 200 from 0, at most 10,000 records a filter (a fuller window is halved);
 * - `GET …/orders/stream` for older orders, up to the 3 months it serves: it filters by last
 *   modification (`lastModifiedStartDate`/`lastModifiedEndDate`, ≤ 14 days) and pages with
 *   `nextCursor` while `hasMore`, so the windows scan modifications from the range's start to now
 *   and keep the orders placed in the range; calls of one seller are at least 5 s apart;
 * - every date Trendyol reads or writes is "GMT+3": the Istanbul wall clock read as if it were UTC;
 * - a package's amount is `packageTotalPrice` (net), a line's is `lineUnitPrice` × quantity
 *   (`lineGrossAmount` is the unit price before discounts);
 * - a split parent (`UnPacked`) is skipped, each package is one order row; a status word the
 *   connector does not know becomes `other` instead of failing the page.
 */
import { fromIstanbulWallClock, istanbulWallClock } from '@worq/domain/calendar';
import { decodeCursor, encodeCursor } from './cursor.ts';
import { basicAuth, getJson, requireField, statusError, unexpectedAnswer } from './http.ts';
import { scaledBudget, sharedLimiter } from './rate-limit.ts';
import {
  trendyolOrdersPage,
  trendyolStreamPage,
  type TrendyolLine,
  type TrendyolOrdersPage,
  type TrendyolPackage,
  type TrendyolStreamPage,
} from './trendyol-schema.ts';
import type { z } from 'zod';
import type {
  Connector,
  ConnectorContext,
  ConnectorError,
  Credentials,
  MarketplaceOrder,
  MarketplaceOrderLine,
  MarketplacePacing,
  OrderStatus,
} from './types.ts';

export const defaultBaseUrl = 'https://apigw.trendyol.com';

export interface TrendyolContext extends ConnectorContext {
  /** The integrator name of the User-Agent (default SelfIntegration). */
  integratorName?: string;
  /** An operator's cap on how many days back orders are read (TRENDYOL_ORDER_HISTORY_DAYS); never past what Trendyol serves. */
  historyDays?: number;
  /** Least time between two stream calls of one seller (default 5 s as Trendyol asks; tests pass 0). */
  streamIntervalMs?: number;
  /** The clock the served history is measured from (default Date.now; tests pin it). */
  now?: () => number;
}

const dayMs = 86_400_000;
export const trendyolPageSize = 200;
export const trendyolWindowMs = 14 * dayMs;
export const trendyolMaxRecords = 10_000;
/** v2/orders serves the last month; a month is never shorter than 28 days, and one day is kept as margin. */
export const trendyolRecentDays = 27;
/** orders/stream serves the last 3 months; 3 months are never shorter than 89 days, and one day is kept as margin. */
export const trendyolHistoryDays = 88;
export const trendyolStreamIntervalMs = 5_000;
/**
 * Each seller stays under Trendyol's 50 requests per 10 s, shared by every call in this process
 * (verify, paging, health checks), so paging a long range slows down instead of earning 429s.
 */
export const trendyolRequestBudget = { requests: 50, perMs: 10_000 };
const unexpected = unexpectedAnswer('Trendyol');

/** An instant (ms) as Trendyol reads a date parameter: the Istanbul wall clock written as if it were UTC. */
export const toTrendyolEpoch = (instantMs: number): number => istanbulWallClock(instantMs);
/** The instant (ms) of a date Trendyol wrote (`orderDate`, `lastModifiedDate`). */
export const fromTrendyolEpoch = (epoch: number): number => fromIstanbulWallClock(epoch);

/** Trendyol's package statuses in the shared vocabulary; `UnPacked` (a split parent) is skipped. */
const statusMap = new Map<string, OrderStatus>(
  Object.entries({
    Awaiting: 'created',
    Created: 'created',
    // Listed among the package statuses (MARKETPLACES.md); its exact step is unconfirmed.
    Verified: 'created',
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
  } satisfies Record<string, OrderStatus>),
);
export const trendyolSplitParent = 'UnPacked';

interface Cursor {
  /** The range read, fixed at the first call (ms, `to` exclusive) so a long read does not chase the clock. */
  from: number;
  to: number;
  /** Orders placed from `split` on come from v2/orders, older ones from the stream. */
  split: number;
  /** The first call's "now": the stream scans modifications up to it. */
  asOf: number;
  phase: 'recent' | 'stream';
  /** The window (ms, end exclusive): order dates for v2/orders, modification dates for the stream. */
  start: number;
  end: number;
  /** v2/orders: the page of the window. */
  page: number;
  /** The stream: Trendyol's `nextCursor` for the window's next call, null for its first. */
  next: string | null;
}

const numericFields = ['from', 'to', 'split', 'asOf', 'start', 'end', 'page'] as const;
const decode = (text: string) =>
  decodeCursor<Cursor>(
    text,
    (value) =>
      numericFields.every((name) => Number.isInteger(value[name])) &&
      (value.phase === 'recent' || value.phase === 'stream') &&
      (value.next === null || typeof value.next === 'string'),
    () => unexpected('unreadable cursor'),
  );

export const trendyolConnector: Connector = {
  code: 'trendyol',
  fields: [
    { name: 'seller_id', type: 'text', required: true },
    { name: 'api_key', type: 'secret', required: true },
    { name: 'api_secret', type: 'secret', required: true },
  ],

  oldestServed: (now) => new Date(now.getTime() - trendyolHistoryDays * dayMs),

  pacing: (ctx: TrendyolContext) => trendyolPacing(ctx),

  progress(cursorText, range, now) {
    let cursor: Cursor | null;
    try {
      cursor = cursorText
        ? decode(cursorText)
        : firstCursor(range.from.getTime(), range.to.getTime(), { baseUrl: '', now: () => now.getTime() });
    } catch {
      return null;
    }
    if (!cursor) return { done: 0, total: 0 };
    // v2/orders windows over [split, to), then stream windows over [from, asOf) when older orders are asked for.
    const recent = cursor.split < cursor.to ? Math.ceil((cursor.to - cursor.split) / trendyolWindowMs) : 0;
    const stream = cursor.from < cursor.split ? Math.ceil((cursor.asOf - cursor.from) / trendyolWindowMs) : 0;
    const done =
      cursor.phase === 'recent'
        ? Math.floor((cursor.start - cursor.split) / trendyolWindowMs)
        : recent + Math.floor((cursor.start - cursor.from) / trendyolWindowMs);
    return { done: Math.max(0, Math.min(done, recent + stream)), total: recent + stream };
  },

  async verify(credentials, ctx: TrendyolContext) {
    const sellerId = requireField(credentials, 'seller_id');
    const now = ctx.now?.() ?? Date.now();
    const query = new URLSearchParams({
      startDate: String(toTrendyolEpoch(now - dayMs)),
      endDate: String(toTrendyolEpoch(now)),
      page: '0',
      size: '1',
    });
    parseAnswer(trendyolOrdersPage, await request(credentials, `${ordersPath(sellerId)}/v2/orders?${query}`, ctx));
    return { sellerId };
  },

  async listOrders(credentials, range, cursorText, ctx: TrendyolContext) {
    const sellerId = requireField(credentials, 'seller_id');
    let cursor: Cursor | null = cursorText ? decode(cursorText) : firstCursor(range.from.getTime(), range.to.getTime(), ctx);
    if (!cursor) return { orders: [], cursor: null };
    if (cursor.phase === 'stream') {
      const { orders, next } = await readStream(credentials, sellerId, cursor, ctx);
      return { orders, cursor: next ? encodeCursor(next) : null };
    }
    for (;;) {
      const query = new URLSearchParams({
        startDate: String(toTrendyolEpoch(cursor.start)),
        // endDate is inclusive; the windows are half-open.
        endDate: String(toTrendyolEpoch(cursor.end - 1)),
        page: String(cursor.page),
        size: String(trendyolPageSize),
      });
      const body = await request(credentials, `${ordersPath(sellerId)}/v2/orders?${query}`, ctx);
      const page: TrendyolOrdersPage = parseAnswer(trendyolOrdersPage, body);
      if (cursor.page === 0 && page.totalElements > trendyolMaxRecords && cursor.end - cursor.start > 60_000) {
        // More than one filter may reach: halve the window and ask again.
        cursor = { ...cursor, end: cursor.start + Math.floor((cursor.end - cursor.start) / 2) };
        continue;
      }
      const lastPage = Math.min(page.totalPages, trendyolMaxRecords / trendyolPageSize) - 1;
      const next: Cursor | null =
        cursor.page < lastPage
          ? { ...cursor, page: cursor.page + 1 }
          : cursor.end < cursor.to
            ? { ...cursor, start: cursor.end, end: Math.min(cursor.end + trendyolWindowMs, cursor.to), page: 0 }
            : firstStreamCursor(cursor);
      return { orders: readPackages(page.content).orders, cursor: next ? encodeCursor(next) : null };
    }
  },
};

/** The request budget and the stream's interval, scaled by the context's time scale (the sandbox's). */
function trendyolPacing(ctx: TrendyolContext): MarketplacePacing {
  const scale = ctx.timeScale ?? 1;
  return {
    budget: scaledBudget(trendyolRequestBudget, scale),
    streamIntervalMs: (ctx.streamIntervalMs ?? trendyolStreamIntervalMs) * scale,
  };
}

const ordersPath = (sellerId: string) => `/integration/order/sellers/${encodeURIComponent(sellerId)}`;

/**
 * Where a range starts: no older than Trendyol serves (nor than the operator's cap), orders of the
 * last month from v2/orders first, then the stream for the older part (null when nothing is left).
 */
function firstCursor(rangeFrom: number, rangeTo: number, ctx: TrendyolContext): Cursor | null {
  const now = ctx.now?.() ?? Date.now();
  const to = Math.min(rangeTo, now);
  const days = Math.min(ctx.historyDays ?? trendyolHistoryDays, trendyolHistoryDays);
  const from = Math.max(rangeFrom, now - days * dayMs);
  if (from >= to) return null;
  const split = Math.max(from, now - trendyolRecentDays * dayMs);
  const base = { from, to, split, asOf: now, page: 0, next: null };
  if (split < to) return { ...base, phase: 'recent', start: split, end: Math.min(split + trendyolWindowMs, to) };
  return firstStreamCursor({ ...base, phase: 'recent', start: to, end: to });
}

/** The stream's first window, or null when every order of the range comes from v2/orders. */
function firstStreamCursor(cursor: Cursor): Cursor | null {
  if (cursor.from >= cursor.split) return null;
  return {
    ...cursor,
    phase: 'stream',
    start: cursor.from,
    end: Math.min(cursor.from + trendyolWindowMs, cursor.asOf),
    page: 0,
    next: null,
  };
}

/**
 * One stream call: the packages modified in the window, of which those placed in [from, split)
 * are the range's older orders (newer ones came from v2/orders). A package modified while the
 * windows are read moves to a later window, which is read after this one.
 */
async function readStream(
  credentials: Credentials,
  sellerId: string,
  cursor: Cursor,
  ctx: TrendyolContext,
): Promise<{ orders: MarketplaceOrder[]; next: Cursor | null }> {
  const query = new URLSearchParams({
    lastModifiedStartDate: String(toTrendyolEpoch(cursor.start)),
    lastModifiedEndDate: String(toTrendyolEpoch(cursor.end - 1)),
    size: String(trendyolPageSize),
  });
  // The first call of a filter sends no cursor; the filter stays the same under one cursor.
  if (cursor.next) query.set('nextCursor', cursor.next);
  const { streamIntervalMs } = trendyolPacing(ctx);
  if (streamIntervalMs) await sharedLimiter('trendyol-stream', { requests: 1, perMs: streamIntervalMs })(sellerId, ctx.clock);
  const page: TrendyolStreamPage = parseAnswer(
    trendyolStreamPage,
    await request(credentials, `${ordersPath(sellerId)}/orders/stream?${query}`, ctx),
  );
  const keepUntil = Math.min(cursor.split, cursor.to);
  const orders = readPackages(page.content).orders.filter((order) => {
    const at = Date.parse(order.orderedAt);
    return at >= cursor.from && at < keepUntil;
  });
  if (page.hasMore) {
    if (!page.nextCursor) throw unexpected('stream page with hasMore but no nextCursor');
    return { orders, next: { ...cursor, next: page.nextCursor } };
  }
  const next =
    cursor.end < cursor.asOf
      ? { ...cursor, start: cursor.end, end: Math.min(cursor.end + trendyolWindowMs, cursor.asOf), next: null }
      : null;
  return { orders, next };
}

async function request(credentials: Credentials, path: string, ctx: TrendyolContext): Promise<unknown> {
  const sellerId = requireField(credentials, 'seller_id');
  const { budget } = trendyolPacing(ctx);
  if (budget?.perMs) await sharedLimiter('trendyol', budget)(sellerId, ctx.clock);
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

/** An answer read with its schema; anything else is Trendyol's unexpected answer, naming the first wrong member. */
export function parseAnswer<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw unexpected(`answer not in the documented shape at ${issue?.path.join('.') || '(root)'}: ${issue?.message ?? ''}`.slice(0, 300));
}

/** Maps a non-2xx Trendyol answer to what the seller can act on. */
export function trendyolError(status: number, text: string, retryAfter: string | null = null): ConnectorError {
  return statusError(status, `Trendyol ${status}: ${text.slice(0, 300)}`, {
    credentialsRefused: /AuthenticationException|AuthorizationException|authorization\.failed|unauthori[sz]ed/i.test(text.slice(0, 2000)),
    retryAfter,
    defaultRetryAfterMs: trendyolRequestBudget.perMs,
  });
}

const kurus = (lira: number): number => Math.round(lira * 100);

function toLine(line: TrendyolLine): MarketplaceOrderLine {
  const sku = line.stockCode || line.barcode || `line-${line.lineId}`;
  // lineGrossAmount is the unit price before discounts; the line's net is the net unit price × quantity.
  return { sku, name: line.productName || sku, quantity: line.quantity, amount: kurus(line.lineUnitPrice) * line.quantity };
}

/**
 * Packages in the shared shape: split parents skipped, buyer details never read, a status word the
 * connector does not know kept as `other` and counted in `unclassified`.
 */
export function readPackages(content: readonly TrendyolPackage[]): { orders: MarketplaceOrder[]; unclassified: number } {
  const orders: MarketplaceOrder[] = [];
  let unclassified = 0;
  for (const item of content) {
    if (item.status === trendyolSplitParent) continue;
    const status = statusMap.get(item.status);
    if (!status) unclassified += 1;
    orders.push({
      id: String(item.shipmentPackageId),
      orderNumber: item.orderNumber,
      orderedAt: new Date(fromTrendyolEpoch(item.orderDate)).toISOString(),
      status: status ?? 'other',
      totalAmount: kurus(item.packageTotalPrice),
      currency: item.currencyCode,
      lines: item.lines.map(toLine),
    });
  }
  return { orders, unclassified };
}

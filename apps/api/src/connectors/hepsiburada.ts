/**
 * Hepsiburada Merchant API (docs/reference/MARKETPLACES.md, revised 2026-11-23). Basic auth
 * `merchantId:serviceKey`, and a User-Agent carrying our integrator's developer user name
 * (HEPSIBURADA_USER_AGENT). The merchant must also authorise our integrator account in the
 * Hepsiburada merchant panel (it takes up to 2 hours) before the first call works.
 *
 * The live API is split over hosts: listings on `listing-external`, orders on `oms-external`
 * (test hosts end in `-sit`). The configured base URL is the orders host; when it is a Hepsiburada
 * host the listings host is derived from it, otherwise (sandbox, tests, a proxy) both paths are
 * served under the one base URL.
 *
 * Orders: `/orders/merchantid/{id}` lists only paid lines waiting to be packed; sales also need the
 * packed (`/packages/merchantid/{id}`, status `Packaged`), shipped and delivered package lists
 * (delivered: the last month only) and `/orders/merchantid/{id}/cancelled`. Every list takes
 * `offset`+`limit` (≤ 100) and `begindate`/`enddate` as `yyyy-MM-dd HH:mm` Istanbul time at most
 * 24 hours apart. The connector reads the five lists one after another, each in 24-hour windows;
 * an order is one row keyed by its order number, so an order that moved from one list to another
 * while we read is counted once, with the status of the later list. Dates such as
 * `2026-06-24T10:36:53.593` carry no zone and are Istanbul time. Field names of the package lists
 * follow the merchant API documentation's samples as far as they could be confirmed; the ones read
 * are read in `parsePackages` (unconfirmed: `packageNumber`, `lines`, a package-level `orderDate`).
 */
import { decodeCursor, encodeCursor, integerFields } from './cursor.ts';
import { basicAuth, getJson, isRecord, requireField, statusError, unexpectedAnswer } from './http.ts';
import type {
  Connector,
  ConnectorContext,
  ConnectorError,
  Credentials,
  MarketplaceOrder,
  MarketplaceOrderLine,
  OrderStatus,
} from './types.ts';

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
const istanbulOffsetMs = 3 * 3_600_000;
const minuteMs = 60_000;
const unexpected = unexpectedAnswer('Hepsiburada');

/** The five lists, read in this order (a later list's status wins for an order in two). */
export const hepsiburadaLists = [
  { name: 'backlog', path: '/orders/merchantid/{id}', itemsKey: 'items', packaged: false },
  { name: 'packed', path: '/packages/merchantid/{id}', itemsKey: 'items', packaged: true },
  { name: 'shipped', path: '/packages/merchantid/{id}/shipped', itemsKey: 'items', packaged: true },
  { name: 'delivered', path: '/packages/merchantid/{id}/delivered', itemsKey: 'items', packaged: true },
  { name: 'cancelled', path: '/orders/merchantid/{id}/cancelled', itemsKey: 'items', packaged: false },
] as const;

/** Delivered packages are served for the last month only. */
const deliveredHistoryMs = 31 * 86_400_000;

const statusMap: Record<string, OrderStatus> = {
  Open: 'created',
  Unpacked: 'created',
  Packaged: 'preparing',
  ReadyToShip: 'preparing',
  Shipped: 'shipped',
  InTransit: 'shipped',
  Delivered: 'delivered',
  Undelivered: 'returned',
  Returned: 'returned',
  Cancelled: 'cancelled',
  CancelledByMerchant: 'cancelled',
  CancelledByCustomer: 'cancelled',
  CancelledBySap: 'cancelled',
};

interface Cursor {
  list: number;
  start: number;
  offset: number;
  from: number;
  to: number;
}

const decode = (text: string) =>
  decodeCursor(text, integerFields<Cursor>('list', 'start', 'offset', 'from', 'to'), () => unexpected('unreadable cursor'));

/** The first window of list `list` inside [from, to), or null when the list has nothing there. */
function firstWindow(list: number, from: number, to: number): number | null {
  const start = hepsiburadaLists[list]!.name === 'delivered' ? Math.max(from, to - deliveredHistoryMs) : from;
  return start < to ? Math.floor(start / minuteMs) * minuteMs : null;
}

function nextList(list: number, from: number, to: number): Cursor | null {
  for (let next = list + 1; next < hepsiburadaLists.length; next++) {
    const start = firstWindow(next, from, to);
    if (start !== null) return { list: next, start, offset: 0, from, to };
  }
  return null;
}

export const hepsiburadaConnector: Connector = {
  code: 'hepsiburada',
  fields: [
    { name: 'merchant_id', type: 'text', required: true },
    { name: 'service_key', type: 'secret', required: true },
  ],

  async verify(credentials, ctx) {
    const merchantId = requireField(credentials, 'merchant_id');
    await request(
      credentials,
      `${listingBaseUrl(ctx.baseUrl)}/listings/merchantid/${encodeURIComponent(merchantId)}?offset=0&limit=1`,
      ctx,
    );
    return { merchantId };
  },

  async listOrders(credentials, range, cursorText, ctx) {
    const merchantId = requireField(credentials, 'merchant_id');
    let cursor: Cursor | null;
    if (cursorText) cursor = decode(cursorText);
    else {
      const from = range.from.getTime();
      const to = Math.min(range.to.getTime(), Date.now());
      if (from >= to) return { orders: [], cursor: null };
      // Windows start on whole minutes: Hepsiburada reads begindate/enddate to the minute and cuts
      // any span over 24 hours, so a window starting mid-minute would lose its last seconds.
      // Orders before `from` in that first minute are dropped by the filter in addLine.
      const start = firstWindow(0, from, to);
      cursor = start === null ? nextList(0, from, to) : { list: 0, start, offset: 0, from, to };
      if (!cursor) return { orders: [], cursor: null };
    }
    const list = hepsiburadaLists[cursor.list];
    if (!list) throw unexpected('unreadable cursor');
    const end = Math.min(cursor.start + hepsiburadaWindowMs, cursor.to);
    const query = new URLSearchParams({
      offset: String(cursor.offset),
      limit: String(hepsiburadaPageSize),
      begindate: istanbulMinute(cursor.start),
      // Minute precision and inclusive: the minute holding the window's last millisecond.
      enddate: istanbulMinute(end - 1),
    });
    const path = list.path.replace('{id}', encodeURIComponent(merchantId));
    const body = await request(credentials, `${ctx.baseUrl}${path}?${query}`, ctx);
    const keepFrom = Math.max(cursor.start, cursor.from);
    const page = list.packaged ? parsePackages(body, keepFrom, end) : parseOrderLines(body, keepFrom, end);
    let next: Cursor | null;
    if (cursor.offset + hepsiburadaPageSize < page.totalCount) next = { ...cursor, offset: cursor.offset + hepsiburadaPageSize };
    else if (end < cursor.to) next = { ...cursor, start: end, offset: 0 };
    else next = nextList(cursor.list, cursor.from, cursor.to);
    return { orders: page.orders, cursor: next ? encodeCursor(next) : null };
  },
};

/** The live listings host for a live orders host; the same base elsewhere. */
export function listingBaseUrl(baseUrl: string): string {
  return baseUrl.replace(/^https:\/\/oms-external(-sit)?\.hepsiburada\.com/, 'https://listing-external$1.hepsiburada.com');
}

async function request(credentials: Credentials, url: string, ctx: HepsiburadaContext): Promise<unknown> {
  return getJson(
    url,
    {
      authorization: basicAuth(requireField(credentials, 'merchant_id'), requireField(credentials, 'service_key')),
      'user-agent': ctx.userAgent || defaultUserAgent,
    },
    ctx,
    { unexpected, refusal: hepsiburadaError },
  );
}

export function hepsiburadaError(status: number, text: string, retryAfter: string | null = null): ConnectorError {
  // Only a 401 speaks of the key: a 403 means this merchant/integrator may not do this (or the
  // User-Agent is wrong), so it stays forbidden.
  return statusError(status, `Hepsiburada ${status}: ${text.slice(0, 300)}`, { retryAfter, defaultRetryAfterMs: 60_000 });
}

/** `2026-06-24T10:36:53.593` (no zone) read as Istanbul time; a zoned string is taken as it is. */
export function istanbulInstant(text: unknown): number {
  if (typeof text !== 'string') return NaN;
  const zoned = /(?:Z|[+-]\d{2}:?\d{2})$/.test(text);
  return Date.parse(zoned ? text : `${text}+03:00`);
}

const kurus = (price: unknown): number => {
  const amount = isRecord(price) ? Number(price.amount) : Number(price);
  if (!Number.isFinite(amount)) throw unexpected('a price is not a number');
  return Math.round(amount * 100);
};

function lineOf(item: Record<string, unknown>): MarketplaceOrderLine {
  const quantity = Number(item.quantity);
  if (!Number.isInteger(quantity) || quantity < 0) throw unexpected('a line without quantity');
  const sku = typeof item.merchantSku === 'string' && item.merchantSku !== '' ? item.merchantSku : String(item.sku ?? 'unknown');
  return { sku, name: typeof item.productName === 'string' ? item.productName : sku, quantity, amount: kurus(item.totalPrice) };
}

/** Adds one line to its order (keyed by order number); the window keeps its own orders only. */
function addLine(
  orders: Map<string, MarketplaceOrder>,
  item: unknown,
  orderDate: unknown,
  statusWord: unknown,
  windowStart: number,
  windowEnd: number,
): void {
  if (!isRecord(item)) throw unexpected('an item is not an object');
  const orderNumber = item.orderNumber;
  if (typeof orderNumber !== 'string' && typeof orderNumber !== 'number') throw unexpected('an item without orderNumber');
  const at = istanbulInstant(orderDate ?? item.orderDate);
  if (!Number.isFinite(at)) throw unexpected('an item without orderDate');
  // Minute-rounded window edges: an order belongs to the window its instant falls in.
  if (at < windowStart || at >= windowEnd) return;
  const status = statusMap[String(statusWord ?? item.status)];
  if (!status) throw unexpected(`unknown status ${String(statusWord ?? item.status).slice(0, 40)}`);
  const line = lineOf(item);
  const currency = isRecord(item.totalPrice) && typeof item.totalPrice.currency === 'string' ? item.totalPrice.currency : 'TRY';
  const id = String(orderNumber);
  const seen = orders.get(id);
  if (seen) {
    seen.lines.push(line);
    seen.totalAmount += line.amount;
  } else {
    orders.set(id, {
      id,
      orderNumber: id,
      orderedAt: new Date(at).toISOString(),
      status,
      totalAmount: line.amount,
      currency,
      lines: [line],
    });
  }
}

/** The backlog and cancelled lists: one item per order line. */
function parseOrderLines(body: unknown, windowStart: number, windowEnd: number): { orders: MarketplaceOrder[]; totalCount: number } {
  if (!isRecord(body) || !Array.isArray(body.items)) throw unexpected('no items array');
  const orders = new Map<string, MarketplaceOrder>();
  for (const item of body.items)
    addLine(orders, item, isRecord(item) ? item.orderDate : undefined, isRecord(item) ? item.status : undefined, windowStart, windowEnd);
  const totalCount = Number(body.totalCount);
  return { orders: [...orders.values()], totalCount: Number.isFinite(totalCount) ? totalCount : 0 };
}

/** The package lists: packages with their order lines. */
function parsePackages(body: unknown, windowStart: number, windowEnd: number): { orders: MarketplaceOrder[]; totalCount: number } {
  if (!isRecord(body) || !Array.isArray(body.items)) throw unexpected('no items array');
  const orders = new Map<string, MarketplaceOrder>();
  for (const pack of body.items) {
    if (!isRecord(pack) || !Array.isArray(pack.lines)) throw unexpected('a package without lines');
    for (const line of pack.lines) addLine(orders, line, pack.orderDate, pack.status, windowStart, windowEnd);
  }
  const totalCount = Number(body.totalCount);
  return { orders: [...orders.values()], totalCount: Number.isFinite(totalCount) ? totalCount : 0 };
}

/** `yyyy-MM-dd HH:mm` in Istanbul time (UTC+3 all year since 2016). */
export function istanbulMinute(ms: number): string {
  return new Date(ms + istanbulOffsetMs).toISOString().slice(0, 16).replace('T', ' ');
}

/**
 * Hepsiburada Merchant API (docs/marketplaces.md § Hepsiburada; the answers' shapes and sources are
 * in hepsiburada-schema.ts). Basic auth `merchantId:serviceKey`, and a User-Agent carrying our
 * integrator's developer user name (HEPSIBURADA_USER_AGENT). The merchant must also authorise our
 * integrator account in the merchant panel (up to 2 hours) before the first call works.
 *
 * The live API is split over hosts: listings on `listing-external`, orders on `oms-external`
 * (test hosts end in `-sit`). The configured base URL is the orders host; when it is a Hepsiburada
 * host the listings host is derived from it, otherwise (sandbox, tests, a proxy) both paths are
 * served under the one base URL.
 *
 * Orders. Each list filters **its own event** (a line added, a package packed, shipped, delivered,
 * not delivered, a line cancelled), never the order date, so every list is read over the whole
 * range in 24-hour windows (`begindate`/`enddate` `yyyy-MM-dd HH:mm`, Istanbul) and nothing it
 * answers is dropped for its order date: a row is an order with activity in the range. An order
 * is one row keyed by its order number; the lists are read in the order below, so a later list's
 * status wins when the sync saves the pages in turn. The packed list answers a bare array (limit
 * ≤ 10, `Offset`); the paid list counts lines in `totalCount`, so the last order of a full page
 * waits in the cursor for its lines on the next page. Shipped, delivered and undelivered rows
 * carry only order numbers and a date, and cancelled rows are lines without a price: their
 * amounts, lines and order date come from the order detail (`/orders/merchantid/{id}/ordernumber/
 * {n}`). Requests of one merchant are paced to the documented 1000 a second (configurable).
 */
import { istanbulLocalTime, parseIstanbulLocal } from '@worq/domain/calendar';
import { decodeCursor, encodeCursor } from './cursor.ts';
import {
  hepsiburadaBacklogAnswer,
  hepsiburadaCancelledAnswer,
  hepsiburadaCancelledLine,
  hepsiburadaOrderDetail,
  hepsiburadaOrderLine,
  hepsiburadaPackage,
  hepsiburadaPackageEvent,
  hepsiburadaPackageEventsAnswer,
  hepsiburadaPackageLine,
  hepsiburadaPackagesAnswer,
  type HepsiburadaCancelledLine,
  type HepsiburadaMoney,
  type HepsiburadaOrderLine,
  type HepsiburadaPackageLine,
} from './hepsiburada-schema.ts';
import { basicAuth, isRecord, marketplaceFetch, parseJson, readCapped, requireField, statusError, unexpectedAnswer } from './http.ts';
import { scaledBudget, sharedLimiter, type RequestBudget } from './rate-limit.ts';
import {
  ConnectorError,
  type Connector,
  type ConnectorContext,
  type Credentials,
  type MarketplaceOrder,
  type MarketplaceOrderLine,
  type MarketplacePacing,
  type OrderStatus,
} from './types.ts';
import type { z } from 'zod';

export const defaultBaseUrl = 'https://oms-external.hepsiburada.com';

/**
 * The integrator's developer user name sent as User-Agent (from Hepsiburada's integrator portal);
 * HEPSIBURADA_USER_AGENT in config.ts overrides it.
 */
export const defaultUserAgent = 'worqtrade_dev';

/** "1 saniye içerisinde 1k" requests, then 429 (Sipariş Entegrasyonu Önemli Bilgiler). */
export const defaultRequestBudget: RequestBudget = { requests: 1000, perMs: 1000 };

export interface HepsiburadaContext extends ConnectorContext {
  /** Sent as User-Agent; defaults to defaultUserAgent. */
  userAgent?: string;
  /** Requests of one merchant per time span; null switches pacing off (tests, sandbox). */
  requestBudget?: RequestBudget | null;
}

export const hepsiburadaWindowMs = 86_400_000;
/** Order details asked at once: far under the documented 1000 a second, and a page reads in a few round trips. */
export const hepsiburadaDetailConcurrency = 8;
const minuteMs = 60_000;
const unexpected = unexpectedAnswer('Hepsiburada');

type ListKind = 'lines' | 'packages' | 'events' | 'cancelled';

/** The lists, read in this order (a later list's status wins for an order seen in two). */
export const hepsiburadaLists = [
  { name: 'backlog', path: '/orders/merchantid/{id}', kind: 'lines', limit: 100, offsetParam: 'offset', status: 'created' },
  { name: 'packed', path: '/packages/merchantid/{id}', kind: 'packages', limit: 10, offsetParam: 'Offset', status: 'preparing' },
  { name: 'shipped', path: '/packages/merchantid/{id}/shipped', kind: 'events', limit: 50, offsetParam: 'offset', status: 'shipped' },
  { name: 'delivered', path: '/packages/merchantid/{id}/delivered', kind: 'events', limit: 50, offsetParam: 'offset', status: 'delivered' },
  {
    name: 'undelivered',
    path: '/packages/merchantid/{id}/undelivered',
    kind: 'events',
    limit: 50,
    offsetParam: 'offset',
    status: 'returned',
  },
  {
    name: 'cancelled',
    path: '/orders/merchantid/{id}/cancelled',
    kind: 'cancelled',
    limit: 50,
    offsetParam: 'offset',
    status: 'cancelled',
  },
] as const satisfies readonly { name: string; path: string; kind: ListKind; limit: number; offsetParam: string; status: OrderStatus }[];

/** Delivered packages are served for the last month only (changelog, May 2022). */
export const deliveredHistoryMs = 31 * 86_400_000;

/**
 * The status words of a detail line (unconfirmed: the documentation names the member, not its
 * values). A word not here is `other`.
 */
export const hepsiburadaLineStatuses: Readonly<Record<string, OrderStatus>> = {
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
/** A package in the packed list is ready to ship: `Open` there is an open (unshipped) package. */
const packedWords = new Set(['Open', 'Packaged', 'ReadyToShip']);
/** Least advanced first: a partly cancelled order is as far as its slowest live line. */
const progress: OrderStatus[] = ['created', 'preparing', 'shipped', 'delivered', 'returned', 'cancelled'];

/* ---------- Cursor ---------- */

interface PendingOrder {
  orderNumber: string;
  /** Epoch ms, or null while no row gave a readable date. */
  orderedAt: number | null;
  status: OrderStatus;
  currency: string;
  /** By `#` + line id (or position), so a line seen twice counts once; the `#` keeps them in order. */
  lines: Record<string, MarketplaceOrderLine>;
}

interface Cursor {
  list: number;
  /** Window start (ms, a whole minute). */
  start: number;
  offset: number;
  from: number;
  /** Range end rounded up to a whole minute, fixed at the first call. */
  to: number;
  /** The last order of a full page, waiting for its lines on the next page. */
  carry?: PendingOrder;
}

function isCursor(value: Cursor): boolean {
  return (
    isRecord(value) &&
    [value.list, value.start, value.offset, value.from, value.to].every(Number.isInteger) &&
    value.list >= 0 &&
    value.list < hepsiburadaLists.length &&
    (value.carry === undefined || isRecord(value.carry))
  );
}

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

/* ---------- Connector ---------- */

export const hepsiburadaConnector: Connector = {
  code: 'hepsiburada',
  fields: [
    { name: 'merchant_id', type: 'text', required: true },
    { name: 'service_key', type: 'secret', required: true },
  ],

  pacing: (ctx: HepsiburadaContext) => hepsiburadaPacing(ctx),

  progress(cursorText, range) {
    let cursor: Cursor;
    if (cursorText) {
      try {
        cursor = decodeCursor<Cursor>(cursorText, isCursor, () => unexpected('unreadable cursor'));
      } catch {
        return null;
      }
    } else {
      const from = range.from.getTime();
      cursor = { list: 0, start: from, offset: 0, from, to: Math.ceil(range.to.getTime() / minuteMs) * minuteMs };
    }
    // One step per 24-hour window of each list.
    const windows = (list: number) => {
      const start = firstWindow(list, cursor.from, cursor.to);
      return start === null ? 0 : Math.ceil((cursor.to - start) / hepsiburadaWindowMs);
    };
    let total = 0;
    let done = 0;
    hepsiburadaLists.forEach((_, list) => {
      total += windows(list);
      if (list < cursor.list) done += windows(list);
    });
    const start = firstWindow(cursor.list, cursor.from, cursor.to);
    if (start !== null) done += Math.max(0, Math.floor((cursor.start - start) / hepsiburadaWindowMs));
    return { done: Math.min(done, total), total };
  },

  async verify(credentials, ctx) {
    const merchantId = requireField(credentials, 'merchant_id');
    await request(
      credentials,
      `${listingBaseUrl(ctx.baseUrl)}/listings/merchantid/${encodeURIComponent(merchantId)}?offset=0&limit=1`,
      ctx,
    );
    return { merchantId };
  },

  async listOrders(credentials, range, cursorText, ctx: HepsiburadaContext) {
    const merchantId = requireField(credentials, 'merchant_id');
    let cursor: Cursor | null;
    if (cursorText) cursor = decodeCursor<Cursor>(cursorText, isCursor, () => unexpected('unreadable cursor'));
    else {
      const from = range.from.getTime();
      const end = Math.min(range.to.getTime(), Date.now());
      if (from >= end) return { orders: [], cursor: null };
      // Whole minutes: Hepsiburada reads the dates to the minute. The last window reaches the
      // minute after the range's end, so nothing of that minute is lost.
      const to = Math.ceil(end / minuteMs) * minuteMs;
      const start = firstWindow(0, from, to);
      cursor = start === null ? nextList(0, from, to) : { list: 0, start, offset: 0, from, to };
      if (!cursor) return { orders: [], cursor: null };
    }
    const list = hepsiburadaLists[cursor.list]!;
    const end = Math.min(cursor.start + hepsiburadaWindowMs, cursor.to);
    // enddate is the next window's begindate: 24 hours exactly, whether Hepsiburada reads it as
    // inclusive or exclusive ("girilen tarihten önce"); a row in both windows is saved twice, once.
    const query = new URLSearchParams({
      [list.offsetParam]: String(cursor.offset),
      limit: String(list.limit),
      begindate: istanbulMinute(cursor.start),
      enddate: istanbulMinute(end),
    });
    const path = list.path.replace('{id}', encodeURIComponent(merchantId));
    const body = await request(credentials, `${ctx.baseUrl}${path}?${query}`, ctx);
    const windowStart = cursor.start;
    const detail = (orderNumber: string) => readDetail(credentials, merchantId, orderNumber, ctx);

    let page: { orders: MarketplaceOrder[]; more: boolean; carry?: PendingOrder };
    if (list.kind === 'lines') page = readBacklog(body, cursor, list.limit, windowStart);
    else if (list.kind === 'packages') page = readPackages(body, cursor, list.limit, windowStart);
    else if (list.kind === 'events') page = await readEvents(body, cursor, list.limit, list.status, windowStart, detail);
    else page = await readCancelled(body, cursor, list.limit, windowStart, detail);

    let next: Cursor | null;
    if (page.more) next = { ...withoutCarry(cursor), offset: cursor.offset + list.limit, ...(page.carry ? { carry: page.carry } : {}) };
    else if (end < cursor.to) next = { ...withoutCarry(cursor), start: end, offset: 0 };
    else next = nextList(cursor.list, cursor.from, cursor.to);
    return { orders: page.orders, cursor: next ? encodeCursor(next) : null };
  },
};

function withoutCarry(cursor: Cursor): Cursor {
  const { carry: _carry, ...rest } = cursor;
  return rest;
}

/** Whether a list whose answer counts its rows in `totalCount` has another page. */
function hasMore(rows: number, offset: number, limit: number, totalCount: number | null | undefined): boolean {
  if (typeof totalCount === 'number') return offset + limit < totalCount;
  return rows >= limit;
}

/* ---------- The lists ---------- */

function envelope<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw unexpected('an answer not in the documented shape');
  return parsed.data;
}

/** The paid list: order lines, `totalCount` counting lines; the last order of a full page is carried. */
function readBacklog(body: unknown, cursor: Cursor, limit: number, windowStart: number) {
  const answer = envelope(hepsiburadaBacklogAnswer, body);
  const pending = new Map<string, PendingOrder>();
  if (cursor.carry) pending.set(cursor.carry.orderNumber, cursor.carry);
  let last: string | undefined;
  answer.items.forEach((raw, index) => {
    const row = hepsiburadaOrderLine.safeParse(raw);
    if (!row.success) return;
    const orderNumber = clean(row.data.orderNumber);
    if (!orderNumber) return;
    const order = pendingOrder(pending, orderNumber, 'created');
    order.orderedAt ??= readInstant(row.data.orderDate);
    const line = lineOfOrderLine(row.data);
    order.currency = currencyOf(row.data.totalPrice) ?? order.currency;
    order.lines[`#${clean(row.data.id) || cursor.offset + index}`] = line;
    last = orderNumber;
  });
  const more = hasMore(answer.items.length, cursor.offset, limit, answer.totalCount);
  return finishPage(pending, more, last, windowStart);
}

/** The packed list: a bare array of packages with their lines; a full page may go on. */
function readPackages(body: unknown, cursor: Cursor, limit: number, windowStart: number) {
  const packages = envelope(hepsiburadaPackagesAnswer, body);
  const pending = new Map<string, PendingOrder>();
  if (cursor.carry) pending.set(cursor.carry.orderNumber, cursor.carry);
  let last: string | undefined;
  packages.forEach((raw, packageIndex) => {
    const pack = hepsiburadaPackage.safeParse(raw);
    if (!pack.success) return;
    const word = clean(pack.data.status);
    const status: OrderStatus = !word || packedWords.has(word) ? 'preparing' : (hepsiburadaLineStatuses[word] ?? 'other');
    (pack.data.items ?? []).forEach((rawLine, lineIndex) => {
      const row = hepsiburadaPackageLine.safeParse(rawLine);
      if (!row.success) return;
      const orderNumber = clean(row.data.orderNumber);
      if (!orderNumber) return;
      const order = pendingOrder(pending, orderNumber, status);
      order.status = status;
      order.orderedAt ??= readInstant(row.data.orderDate) ?? readInstant(pack.data.orderDate);
      order.currency = currencyOf(row.data.totalPrice) ?? order.currency;
      order.lines[`#${clean(row.data.lineItemId) || `${cursor.offset + packageIndex}.${lineIndex}`}`] = lineOfPackageLine(row.data);
      last = orderNumber;
    });
  });
  return finishPage(pending, packages.length >= limit, last, windowStart);
}

function finishPage(pending: Map<string, PendingOrder>, more: boolean, last: string | undefined, windowStart: number) {
  const carry = more && last !== undefined ? pending.get(last) : undefined;
  if (carry) pending.delete(carry.orderNumber);
  return { orders: [...pending.values()].map((order) => finish(order, windowStart)), more, ...(carry ? { carry } : {}) };
}

type DetailReader = (orderNumber: string) => Promise<DetailOrder | null>;

/** `work` over `items` with at most `concurrency` running at once; the results in the items' order. */
async function inTurn<T, R>(items: T[], concurrency: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}

/**
 * Shipped, delivered and undelivered packages: order numbers and a date only. Each order's lines,
 * amount and date come from its detail; the list gives the status.
 */
async function readEvents(body: unknown, cursor: Cursor, limit: number, status: OrderStatus, windowStart: number, detail: DetailReader) {
  const answer = envelope(hepsiburadaPackageEventsAnswer, body);
  const rows = new Map<string, { eventAt: number | null; byPackage: boolean }>();
  for (const raw of answer.items) {
    const row = hepsiburadaPackageEvent.safeParse(raw);
    if (!row.success) continue;
    const eventAt = readInstant(row.data.ShippedDate ?? row.data.DeliveredDate ?? row.data.UndeliveredDate);
    const numbers = [clean(row.data.OrderNumber), ...(row.data.OrderNumbers ?? []).map(clean)].filter(Boolean);
    if (numbers.length === 0) {
      // No order number to join or to ask the detail of: kept by its package, unclassified.
      const packageKey = clean(row.data.PackageNumber) || clean(row.data.Id) || clean(row.data.Barcode);
      if (packageKey && !rows.has(`package:${packageKey}`)) rows.set(`package:${packageKey}`, { eventAt, byPackage: true });
      continue;
    }
    for (const orderNumber of numbers) if (!rows.has(orderNumber)) rows.set(orderNumber, { eventAt, byPackage: false });
  }
  const orders = await inTurn([...rows], hepsiburadaDetailConcurrency, async ([key, { eventAt, byPackage }]) => {
    const at = eventAt ?? windowStart;
    const found = byPackage ? null : await detail(key);
    return found ? finish({ ...found, status }, at) : unknownOrder(key, at);
  });
  return { orders, more: hasMore(answer.items.length, cursor.offset, limit, answer.totalCount) };
}

/**
 * Cancelled lines (no price): the order's detail gives its lines; the cancelled ones are taken out.
 * An order with nothing left is cancelled (with all its lines); one with live lines keeps them,
 * with the status of its slowest live line.
 */
async function readCancelled(body: unknown, cursor: Cursor, limit: number, windowStart: number, detail: DetailReader) {
  const answer = envelope(hepsiburadaCancelledAnswer, body);
  const byOrder = new Map<string, { rows: HepsiburadaCancelledLine[]; at: number | null }>();
  for (const raw of answer.items) {
    const row = hepsiburadaCancelledLine.safeParse(raw);
    if (!row.success) continue;
    const orderNumber = clean(row.data.orderNumber);
    if (!orderNumber) continue;
    const entry = byOrder.get(orderNumber) ?? { rows: [], at: readInstant(row.data.cancelDate) };
    entry.rows.push(row.data);
    byOrder.set(orderNumber, entry);
  }
  const orders = await inTurn([...byOrder], hepsiburadaDetailConcurrency, async ([orderNumber, { rows, at }]) => {
    const found = await detail(orderNumber);
    return found ? finish(withoutCancelled(found, rows), at ?? windowStart) : unknownOrder(orderNumber, at ?? windowStart);
  });
  return { orders, more: hasMore(answer.items.length, cursor.offset, limit, answer.totalCount) };
}

interface DetailOrder extends PendingOrder {
  /** The detail's line statuses, by line key. */
  lineStatuses: Record<string, string>;
  /** Line key → merchant SKU, to match cancelled lines without a line id. */
  lineSkus: Record<string, string>;
}

function withoutCancelled(order: DetailOrder, rows: HepsiburadaCancelledLine[]): PendingOrder {
  const live: Record<string, MarketplaceOrderLine> = {};
  for (const [key, line] of Object.entries(order.lines)) live[key] = { ...line };
  for (const row of rows) {
    const id = `#${clean(row.lineItemId)}`;
    const key = live[id] ? id : Object.keys(live).find((candidate) => order.lineSkus[candidate] === clean(row.merchantSku ?? row.sku));
    if (!key) continue;
    const line = live[key]!;
    const cancelled = row.quantity ?? line.quantity;
    if (cancelled >= line.quantity) delete live[key];
    else
      live[key] = {
        ...line,
        quantity: line.quantity - cancelled,
        amount: Math.round((line.amount * (line.quantity - cancelled)) / line.quantity),
      };
  }
  const liveKeys = Object.keys(live);
  if (liveKeys.length === 0) return { ...order, status: 'cancelled' };
  const statuses = liveKeys.map((key) => hepsiburadaLineStatuses[order.lineStatuses[key] ?? ''] ?? 'other');
  const status = statuses.includes('other')
    ? 'other'
    : statuses.reduce((slowest, next) => (progress.indexOf(next) < progress.indexOf(slowest) ? next : slowest));
  return { ...order, status, lines: live };
}

/** One order's detail as a pending order, or null when Hepsiburada does not know the number. */
async function readDetail(
  credentials: Credentials,
  merchantId: string,
  orderNumber: string,
  ctx: HepsiburadaContext,
): Promise<DetailOrder | null> {
  let body: unknown;
  try {
    body = await request(
      credentials,
      `${ctx.baseUrl}/orders/merchantid/${encodeURIComponent(merchantId)}/ordernumber/${encodeURIComponent(orderNumber)}`,
      ctx,
    );
  } catch (error) {
    // A 404 or an unreadable answer for one order never stops the store's sync.
    if (error instanceof ConnectorError && error.kind === 'unexpected') return null;
    throw error;
  }
  const parsed = hepsiburadaOrderDetail.safeParse(body);
  if (!parsed.success) return null;
  const order: DetailOrder = {
    orderNumber,
    orderedAt: readInstant(parsed.data.orderDate) ?? readInstant(parsed.data.createdDate),
    status: 'other',
    currency: 'TRY',
    lines: {},
    lineStatuses: {},
    lineSkus: {},
  };
  (parsed.data.items ?? []).forEach((raw, index) => {
    const row = hepsiburadaOrderLine.safeParse(raw);
    if (!row.success) return;
    // An order number shared by several merchants' lines: only ours are in our detail.
    const key = `#${clean(row.data.id) || index}`;
    const line = lineOfOrderLine(row.data);
    order.lines[key] = line;
    order.lineStatuses[key] = clean(row.data.status);
    order.lineSkus[key] = line.sku;
    order.orderedAt ??= readInstant(row.data.orderDate);
    order.currency = currencyOf(row.data.totalPrice) ?? order.currency;
  });
  return order;
}

/* ---------- Orders and lines ---------- */

function pendingOrder(pending: Map<string, PendingOrder>, orderNumber: string, status: OrderStatus): PendingOrder {
  let order = pending.get(orderNumber);
  if (!order) {
    order = { orderNumber, orderedAt: null, status, currency: 'TRY', lines: {} };
    pending.set(orderNumber, order);
  }
  return order;
}

/** The order as saved; with no readable order date, the first date the list gave for it. */
function finish(order: PendingOrder, fallbackAt: number): MarketplaceOrder {
  const lines = Object.values(order.lines);
  return {
    id: order.orderNumber,
    orderNumber: order.orderNumber,
    orderedAt: new Date(order.orderedAt ?? fallbackAt).toISOString(),
    status: order.status,
    totalAmount: lines.reduce((sum, line) => sum + line.amount, 0),
    currency: order.currency,
    lines,
  };
}

/** A row that could not be read further: kept and counted as unclassified. */
function unknownOrder(id: string, at: number): MarketplaceOrder {
  return { id, orderNumber: id, orderedAt: new Date(at).toISOString(), status: 'other', totalAmount: 0, currency: 'TRY', lines: [] };
}

function lineOfOrderLine(row: HepsiburadaOrderLine): MarketplaceOrderLine {
  const loose = row as HepsiburadaOrderLine & { merchantSku?: unknown; productName?: unknown };
  const sku = clean(row.merchantSKU) || clean(loose.merchantSku) || clean(row.sku) || 'unknown';
  const quantity = row.quantity ?? 0;
  const amount = kurus(row.totalPrice) ?? (kurus(row.unitPrice) ?? 0) * quantity;
  return { sku, name: clean(row.name) || clean(loose.productName) || sku, quantity, amount };
}

function lineOfPackageLine(row: HepsiburadaPackageLine): MarketplaceOrderLine {
  const sku = clean(row.merchantSku) || clean(row.hbSku) || 'unknown';
  const quantity = row.quantity ?? 0;
  const amount = kurus(row.totalPrice) ?? (kurus(row.price) ?? 0) * quantity;
  return { sku, name: clean(row.productName) || sku, quantity, amount };
}

/** Lira with up to five decimals → integer kuruş (173.98998 → 17399), or null when unreadable. */
export function kurus(money: HepsiburadaMoney): number | null {
  const amount = Number(money?.amount ?? NaN);
  return Number.isFinite(amount) ? Math.round(amount * 100) : null;
}

function currencyOf(money: HepsiburadaMoney): string | undefined {
  return clean(money?.currency) || undefined;
}

function clean(value: unknown): string {
  return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
}

/* ---------- Dates ---------- */

const datePattern = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * An unzoned Hepsiburada date (`2019-10-31T10:03:21.7955751`, up to seven decimals) read as
 * Istanbul time; a zoned one as it says. NaN when unreadable.
 */
export function istanbulInstant(text: unknown): number {
  if (typeof text !== 'string') return NaN;
  const match = datePattern.exec(text.trim());
  if (!match) return NaN;
  const [, year, month, day, hour, minute, second = '00', fraction = '', zone] = match;
  const ms = fraction.padEnd(3, '0').slice(0, 3);
  const wall = `${year}-${month}-${day}T${hour}:${minute}:${second}.${ms}`;
  if (zone === undefined) return parseIstanbulLocal(wall);
  const offset = zone === 'Z' ? 'Z' : zone.includes(':') ? zone : `${zone.slice(0, 3)}:${zone.slice(3)}`;
  return Date.parse(`${wall}${offset}`);
}

function readInstant(text: unknown): number | null {
  const at = istanbulInstant(text);
  return Number.isFinite(at) ? at : null;
}

/** `yyyy-MM-dd HH:mm` in Istanbul time. */
export function istanbulMinute(ms: number): string {
  return istanbulLocalTime(ms).slice(0, 16).replace('T', ' ');
}

/* ---------- HTTP ---------- */

/** The live listings host for a live orders host; the same base elsewhere. */
export function listingBaseUrl(baseUrl: string): string {
  return baseUrl.replace(/^https:\/\/oms-external(-sit)?\.hepsiburada\.com/, 'https://listing-external$1.hepsiburada.com');
}

/** The request budget of one merchant (the documented one unless the context sets another), scaled by the context's time scale. */
function hepsiburadaPacing(ctx: HepsiburadaContext): MarketplacePacing {
  return { budget: scaledBudget(ctx.requestBudget === undefined ? defaultRequestBudget : ctx.requestBudget, ctx.timeScale ?? 1) };
}

function waitForSlot(merchantId: string, ctx: HepsiburadaContext): Promise<void> {
  const { budget } = hepsiburadaPacing(ctx);
  if (!budget?.perMs) return Promise.resolve();
  return sharedLimiter('hepsiburada', budget)(`${ctx.baseUrl}|${merchantId}`, ctx.clock);
}

async function request(credentials: Credentials, url: string, ctx: HepsiburadaContext): Promise<unknown> {
  const merchantId = requireField(credentials, 'merchant_id');
  await waitForSlot(merchantId, ctx);
  const response = await marketplaceFetch(
    url,
    {
      method: 'GET',
      headers: {
        authorization: basicAuth(merchantId, requireField(credentials, 'service_key')),
        'user-agent': ctx.userAgent || defaultUserAgent,
        accept: 'application/json',
      },
    },
    ctx,
  );
  const text = await readCapped(response);
  if (response.ok) return parseJson(text, unexpected);
  throw hepsiburadaError(response.status, text, response.headers.get('retry-after') ?? response.headers.get('x-ratelimit-reset'));
}

/**
 * The error of a refused call. Only a 401 speaks of the key: a 403 means this merchant/integrator
 * may not do this (or the User-Agent is wrong). A 429 carries no Retry-After but
 * `X-RateLimit-Reset`, the seconds until the window renews.
 */
export function hepsiburadaError(status: number, text: string, retryAfter: string | null = null): ConnectorError {
  return statusError(status, `Hepsiburada ${status}: ${text.slice(0, 300)}`, { retryAfter, defaultRetryAfterMs: 1_000 });
}

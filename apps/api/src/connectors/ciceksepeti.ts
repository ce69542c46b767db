/**
 * Çiçeksepeti Marketplace API (docs/marketplaces.md § Çiçeksepeti; the answers' shapes and sources
 * are in ciceksepeti-schema.ts). The API key travels as `x-api-key`, with a User-Agent
 * `{sellerId}-SelfIntegration`. Answers the seller can act on:
 * - 400 `{"message":"Geçersiz API Key"}` (or 401): a wrong key → bad credentials;
 * - an HTML 403 page: Çiçeksepeti blocks the network we call from (non-Turkish IPs) → its own
 *   message, never "wrong key";
 * - 429, or a 400 that names minutes: rate limited, with `retryAfterMs` so the sync resumes.
 *
 * The range is walked in 14-day windows (the documented maximum), three reads each, every list
 * call of one seller at least `minIntervalMs` after the previous one ended (Çiçeksepeti asks 5 s
 * between different requests and refuses the same request again for about a minute, so a call is
 * never repeated on purpose):
 * 1. `POST /api/v1/Order/getcanceledorders` by order date: which sub-orders are returned (or
 *    cancelled); returns appear nowhere else;
 * 2. `POST /api/v1/Order/GetOrders` with `isOrderStatusActive: false`: the cancelled sub-orders,
 *    held in the cursor until their orders' other sub-orders are read;
 * 3. the same with `isOrderStatusActive: true`: the live sub-orders.
 * Pages are from 0, 100 rows each; the answer has no page count, so a full page asks for the next
 * unless `orderListCount` shows the query is done. The sub-orders of one `orderId` become one order;
 * when a page is full its last order may continue on the next page, so it travels in the cursor.
 *
 * Dates: `orderCreateDate` `dd/MM/yyyy` with `orderCreateTime` `HH:mm`, read as Istanbul time. Which
 * zone Çiçeksepeti reads the request dates in is unconfirmed (`requestDates`); orders are never
 * filtered by our own window afterwards, so a zone mistake shifts the windows but loses nothing.
 */
import { istanbulIsoTime, istanbulLocalTime, parseIstanbulLocal } from '@worq/domain/calendar';
import { decodeCursor, encodeCursor } from './cursor.ts';
import {
  ciceksepetiCanceledEnvelope,
  ciceksepetiCanceledItem,
  ciceksepetiDatePattern,
  ciceksepetiOrderItem,
  ciceksepetiOrdersEnvelope,
  ciceksepetiTimePattern,
  type CiceksepetiCanceledItem,
  type CiceksepetiOrderItem,
} from './ciceksepeti-schema.ts';
import { isRecord, marketplaceFetch, parseJson, readCapped, requireField, unexpectedAnswer } from './http.ts';
import { realClock, type PacingClock } from './rate-limit.ts';
import {
  ConnectorError,
  type Connector,
  type ConnectorContext,
  type Credentials,
  type MarketplaceOrder,
  type MarketplaceOrderLine,
  type MarketplacePacing,
  type OrderPage,
  type OrderStatus,
} from './types.ts';
import type { z } from 'zod';

export const defaultBaseUrl = 'https://apis.ciceksepeti.com';

export const ciceksepetiPageSize = 100;
export const ciceksepetiWindowMs = 14 * 86_400_000;
/** How long Çiçeksepeti refuses the same list request again (about a minute), when it names no time. */
export const ciceksepetiRepeatWindowMs = 60_000;
export const defaultMinIntervalMs = 5_000;
const unexpected = unexpectedAnswer('Çiçeksepeti');

/**
 * How the request's `startDate`/`endDate` are written. The documentation's example is an ISO
 * instant in UTC (`…Z`); whether Çiçeksepeti reads it as an instant or as a wall clock is
 * unconfirmed. `offset` (the default) writes the Istanbul wall clock with `+03:00`, which is right
 * both when the offset is honoured and when it is ignored; `wall` drops the offset; `utc` writes the
 * instant with `Z` as the example does.
 */
export type CiceksepetiRequestDates = 'offset' | 'wall' | 'utc';
export const defaultRequestDates: CiceksepetiRequestDates = 'offset';

export interface CiceksepetiContext extends ConnectorContext {
  /** Least time between two list calls of one seller (CICEKSEPETI_MIN_INTERVAL_MS; default 5000). */
  minIntervalMs?: number;
  requestDates?: CiceksepetiRequestDates;
}

/** orderItemStatusId → our status (ciceksepeti.dev, "Sipariş Listeleme" and the own-cargo status update). */
export const ciceksepetiStatusById: Readonly<Record<number, OrderStatus>> = {
  1: 'created',
  2: 'preparing',
  11: 'preparing',
  3: 'shipped',
  5: 'shipped',
  7: 'delivered',
  18: 'returned',
};
/** Least advanced first: an order is as far as its slowest live sub-order. */
const progress: OrderStatus[] = ['created', 'preparing', 'shipped', 'delivered'];

/**
 * What a getcanceledorders row says about its sub-order: `cancelled` (cancelType 1), `returned`
 * (cancelType 2, not an exchange, not refused or withdrawn), or nothing (a return sent back to the
 * buyer, an exchange, a refused return). Which decisions end a return is unconfirmed: correct here.
 */
export function ciceksepetiClaimOf(row: CiceksepetiCanceledItem): 'cancelled' | 'returned' | null {
  if (row.cancelType === 1) return 'cancelled';
  if (row.cancelType !== 2 || row.cancelReasonId === 2) return null;
  const decision = (row.orderItemCancelStatus ?? '').toLocaleLowerCase('tr');
  if (/bayi red|bayi haklı|geri çekildi/.test(decision)) return null;
  return 'returned';
}

/** Credential checks per seller in this process (the products query must differ from the last ones). */
const verifyChecks = new Map<string, number>();

export const ciceksepetiConnector: Connector = {
  code: 'ciceksepeti',
  fields: [
    { name: 'seller_id', type: 'text', required: true },
    { name: 'api_key', type: 'secret', required: true },
  ],

  pacing: (ctx: CiceksepetiContext) => ciceksepetiPacing(ctx),

  progress(cursor, range, now) {
    let state: Pick<Cursor, 'end' | 'window' | 'phase'>;
    try {
      state = cursor
        ? decodeCursor<Cursor>(cursor, isCursor, () => unexpected('unreadable order cursor'))
        : { end: Math.min(range.to.getTime(), now.getTime()), window: 0, phase: 'claims' };
    } catch {
      return null;
    }
    // Three reads a 14-day window: the claims, the cancelled sub-orders, the live ones.
    const windows = Math.max(0, Math.ceil((state.end - range.from.getTime()) / ciceksepetiWindowMs));
    const done = state.window * ciceksepetiReads.length + ciceksepetiReads.indexOf(state.phase);
    return { done: Math.min(done, windows * ciceksepetiReads.length), total: windows * ciceksepetiReads.length };
  },

  async verify(credentials, ctx) {
    const sellerId = requireField(credentials, 'seller_id');
    // The same products query is refused for 10 minutes: each check of a seller asks another page size.
    const checks = (verifyChecks.get(sellerId) ?? 0) + 1;
    verifyChecks.set(sellerId, checks);
    await request(credentials, `/api/v1/Products?Page=1&PageSize=${((checks - 1) % 60) + 1}`, { method: 'GET' }, ctx);
    return { sellerId };
  },

  async listOrders(credentials, range, cursor, ctx: CiceksepetiContext): Promise<OrderPage> {
    const sellerId = requireField(credentials, 'seller_id');
    const from = range.from.getTime();
    // The end is fixed at the first call, so every read of a window asks the same dates.
    const state: Cursor = cursor
      ? decodeCursor<Cursor>(cursor, isCursor, () => unexpected('unreadable order cursor'))
      : { end: Math.min(range.to.getTime(), Date.now()), window: 0, phase: 'claims', page: 0, claims: {}, held: {} };
    const windowStart = from + state.window * ciceksepetiWindowMs;
    if (windowStart >= state.end) return { orders: [], cursor: null };
    const windowEnd = Math.min(windowStart + ciceksepetiWindowMs, state.end);
    const format = ctx.requestDates ?? defaultRequestDates;
    const dates = { startDate: requestDate(windowStart, format), endDate: requestDate(windowEnd - 1, format) };
    const call = (path: string, body: object) =>
      paced(`${ctx.baseUrl}|${sellerId}`, ciceksepetiPacing(ctx).gapMs ?? 0, ctx.clock ?? realClock, () =>
        request(credentials, path, { method: 'POST', body: JSON.stringify(body) }, ctx),
      );
    const next: Cursor = { ...state, claims: { ...state.claims }, held: { ...state.held } };
    delete next.carry;

    if (state.phase === 'claims') {
      const body = parseEnvelope(
        ciceksepetiCanceledEnvelope,
        await call('/api/v1/Order/getcanceledorders', { ...dates, page: state.page, pageSize: ciceksepetiPageSize }),
      );
      for (const raw of body.orderItemList) {
        const row = ciceksepetiCanceledItem.safeParse(raw);
        const claim = row.success ? ciceksepetiClaimOf(row.data) : null;
        // A cancellation never undoes a return read earlier for the same sub-order.
        if (row.success && claim && next.claims[String(row.data.orderItemId)] !== 'returned') {
          next.claims[String(row.data.orderItemId)] = claim;
        }
      }
      const more = body.orderItemList.length >= ciceksepetiPageSize;
      Object.assign(next, more ? { page: state.page + 1 } : { phase: 'cancelled', page: 0 });
      return { orders: [], cursor: encodeCursor(next) };
    }

    const active = state.phase === 'live';
    const body = parseEnvelope(
      ciceksepetiOrdersEnvelope,
      await call('/api/v1/Order/GetOrders', { ...dates, page: state.page, pageSize: ciceksepetiPageSize, isOrderStatusActive: active }),
    );
    const rows = body.supplierOrderListWithBranch;
    const more = hasMorePages(rows.length, state.page, body.orderListCount);
    const groups = new Map<string, PendingOrder>();
    if (state.carry) groups.set(state.carry.key, state.carry);
    for (const raw of rows) {
      // A row Çiçeksepeti sends without a readable date cannot be placed in time: it is left out.
      const row = ciceksepetiOrderItem.safeParse(raw);
      const item = row.success ? readItem(row.data, next.claims) : null;
      if (item) addItem(groups, item);
    }

    if (!active) {
      for (const [key, group] of groups) next.held[key] = mergeOrders(next.held[key], group);
      Object.assign(next, more ? { page: state.page + 1 } : { phase: 'live', page: 0 });
      return { orders: [], cursor: encodeCursor(next) };
    }

    const pending = [...groups.values()];
    // The last order of a full page may go on: it waits in the cursor until the next page says.
    const carry = more && rows.length > 0 ? pending.pop() : undefined;
    const orders: MarketplaceOrder[] = [];
    for (const group of pending) {
      orders.push(finish(mergeOrders(next.held[group.key], group)));
      delete next.held[group.key];
    }
    let after: Cursor | null;
    if (more) after = { ...next, page: state.page + 1, ...(carry ? { carry } : {}) };
    else {
      // The window is done: orders whose every sub-order was cancelled were only in the held list.
      orders.push(...Object.values(next.held).map(finish));
      after = windowEnd < state.end ? { end: state.end, window: state.window + 1, phase: 'claims', page: 0, claims: {}, held: {} } : null;
    }
    return { orders, cursor: after ? encodeCursor(after) : null };
  },
};

/**
 * Whether a GetOrders page may have a successor. A page that is not full is the last. A full page is
 * the last only when `orderListCount` is clearly the count of the whole query and is reached; when
 * it equals the page's own length it may be either, and one more (empty) page is asked.
 */
export function hasMorePages(rows: number, page: number, orderListCount: number | null | undefined): boolean {
  if (rows < ciceksepetiPageSize) return false;
  if (typeof orderListCount === 'number' && orderListCount > rows) return (page + 1) * ciceksepetiPageSize < orderListCount;
  return true;
}

/* ---------- Cursor ---------- */

interface PendingLine extends MarketplaceOrderLine {
  status: OrderStatus;
}

/** An order whose sub-orders are still being collected, each by its orderItemId. */
interface PendingOrder {
  key: string;
  orderedAt: string;
  lines: Record<string, PendingLine>;
}

interface Cursor {
  /** Range end (ms), fixed at the first call. */
  end: number;
  window: number;
  phase: 'claims' | 'cancelled' | 'live';
  page: number;
  /** This window's sub-orders (orderItemId) that getcanceledorders reports returned or cancelled. */
  claims: Record<string, 'cancelled' | 'returned'>;
  /** This window's cancelled sub-orders, by order, until their orders' live sub-orders are read. */
  held: Record<string, PendingOrder>;
  carry?: PendingOrder;
}

function isCursor(value: Cursor): boolean {
  return (
    Number.isFinite(value.end) &&
    Number.isInteger(value.window) &&
    ['claims', 'cancelled', 'live'].includes(value.phase) &&
    Number.isInteger(value.page) &&
    isRecord(value.claims) &&
    isRecord(value.held)
  );
}

/* ---------- Pacing ---------- */

/** The reads of each window, in turn (the cursor's phases). */
export const ciceksepetiReads = ['claims', 'cancelled', 'live'] as const;

/** The gap between two list calls of one seller (configured, else 5 s), scaled by the context's time scale. */
function ciceksepetiPacing(ctx: CiceksepetiContext): MarketplacePacing {
  return { budget: null, gapMs: (ctx.minIntervalMs ?? defaultMinIntervalMs) * (ctx.timeScale ?? 1) };
}

const lastCallEnded = new Map<string, Promise<number>>();

/**
 * Runs `call` once at least `intervalMs` passed since the previous call of the same key ended
 * (measured from the end, so the gap Çiçeksepeti sees is never shorter). Calls of one key queue up;
 * a call with nothing before it, or long after it, starts at once.
 */
async function paced<T>(key: string, intervalMs: number, clock: PacingClock, call: () => Promise<T>): Promise<T> {
  const previous = lastCallEnded.get(key) ?? Promise.resolve(-Infinity);
  let release!: (endedAt: number) => void;
  const ended = new Promise<number>((resolve) => (release = resolve));
  lastCallEnded.set(key, ended);
  try {
    const wait = (await previous) + intervalMs - clock.now();
    if (wait > 0) await clock.sleep(wait);
    return await call();
  } finally {
    release(clock.now());
    if (lastCallEnded.get(key) === ended && intervalMs <= 0) lastCallEnded.delete(key);
  }
}

/* ---------- HTTP ---------- */

async function request(
  credentials: Credentials,
  path: string,
  init: { method: string; body?: string },
  ctx: ConnectorContext,
): Promise<unknown> {
  const response = await marketplaceFetch(
    `${ctx.baseUrl}${path}`,
    {
      ...init,
      headers: {
        'x-api-key': requireField(credentials, 'api_key'),
        'user-agent': `${requireField(credentials, 'seller_id')}-SelfIntegration`,
        accept: 'application/json',
        ...(init.body ? { 'content-type': 'application/json' } : {}),
      },
      // A retried list call is the same request, which Çiçeksepeti refuses for about a minute:
      // a 429 goes straight back to the sync, which resumes later.
      finalStatuses: [400, 401, 403, 429],
    },
    ctx,
  );
  const text = await readCapped(response);
  if (response.ok) return parseJson(text, unexpected);
  throw ciceksepetiError(response.status, text, response.headers);
}

export function ciceksepetiError(status: number, text: string, headers: Headers = new Headers()): ConnectorError {
  const detail = `Çiçeksepeti ${status}: ${text.slice(0, 300)}`;
  const message = messageOf(text);
  const html = (headers.get('content-type') ?? '').includes('html') || /^\s*</.test(text);
  if (status === 403 && html) return new ConnectorError('forbidden', 'marketplace_ip_blocked', detail);
  if (status === 401 || (status === 400 && /api\s*key/i.test(message))) {
    return new ConnectorError('bad_credentials', 'marketplace_bad_credentials', detail);
  }
  if (status === 403) return new ConnectorError('forbidden', 'marketplace_forbidden', detail);
  // The refusal's exact answer is undocumented: a 429, or a 400 that speaks of minutes.
  const minutes = /(\d+)\s*(dakika|minute)/i.exec(message);
  if (status === 429 || (status === 400 && minutes)) {
    const retryAfter = Number(headers.get('retry-after'));
    const retryAfterMs =
      Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : minutes ? Number(minutes[1]) * 60_000 : ciceksepetiRepeatWindowMs;
    return new ConnectorError('rate_limited', 'marketplace_rate_limited', detail, { retryAfterMs });
  }
  if (status >= 500) return new ConnectorError('unavailable', 'marketplace_unavailable', detail);
  return new ConnectorError('unexpected', 'marketplace_unexpected', detail);
}

function messageOf(text: string): string {
  try {
    const body = JSON.parse(text) as unknown;
    if (isRecord(body)) return String(body.message ?? body.Message ?? '');
  } catch {
    // not JSON
  }
  return '';
}

/* ---------- Reading ---------- */

function parseEnvelope<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw unexpected(`answer not in the documented shape at ${issue?.path.join('.') || '(root)'}: ${issue?.message ?? ''}`.slice(0, 300));
}

const kurus = (lira: number) => Math.round(lira * 100);

interface ReadItem {
  orderKey: string;
  lineKey: string;
  orderedAt: string;
  line: PendingLine;
}

/**
 * One GetOrders row. Ids may be missing: the order falls back to the sub-order's id, then to the
 * row's own contents, so it is kept either way.
 */
function readItem(row: CiceksepetiOrderItem, claims: Cursor['claims']): ReadItem | null {
  const placed = parseIstanbulDate(row.orderCreateDate, row.orderCreateTime);
  if (placed === null) return null;
  const orderedAt = new Date(placed).toISOString();
  const itemId = row.orderItemId ?? null;
  const fallback = `ciceksepeti-${orderedAt}-${row.code ?? ''}-${row.totalPrice ?? ''}`;
  const orderKey =
    row.orderId !== null && row.orderId !== undefined && row.orderId !== ''
      ? String(row.orderId)
      : itemId !== null
        ? `item-${itemId}`
        : fallback;
  const quantity = row.quantity ?? 1;
  const amount =
    typeof row.totalPrice === 'number' ? kurus(row.totalPrice) : typeof row.itemPrice === 'number' ? kurus(row.itemPrice) * quantity : 0;
  const sku = row.code || row.productCode || `ciceksepeti-${itemId ?? orderKey}`;
  return {
    orderKey,
    lineKey: itemId !== null ? String(itemId) : `${sku}-${amount}`,
    orderedAt,
    line: { sku, name: row.name ?? '', quantity, amount, status: statusOf(row, claims) },
  };
}

function statusOf(row: CiceksepetiOrderItem, claims: Cursor['claims']): OrderStatus {
  const claim = row.orderItemId !== null && row.orderItemId !== undefined ? claims[String(row.orderItemId)] : undefined;
  if (claim === 'returned') return 'returned';
  if (claim === 'cancelled' || row.isOrderStatusActive === false) return 'cancelled';
  const known = typeof row.orderItemStatusId === 'number' ? ciceksepetiStatusById[row.orderItemStatusId] : undefined;
  if (known) return known;
  const words = (row.orderProductStatus ?? '').toLocaleLowerCase('tr');
  if (words.includes('iptal')) return 'cancelled';
  if (words.includes('iade')) return 'returned';
  return 'other';
}

function addItem(groups: Map<string, PendingOrder>, item: ReadItem): void {
  const group = groups.get(item.orderKey) ?? { key: item.orderKey, orderedAt: item.orderedAt, lines: {} };
  group.lines[item.lineKey] = item.line;
  groups.set(item.orderKey, group);
}

/** One order's sub-orders from two reads; a sub-order read twice keeps its later reading. */
function mergeOrders(earlier: PendingOrder | undefined, later: PendingOrder): PendingOrder {
  return earlier ? { ...later, lines: { ...earlier.lines, ...later.lines } } : later;
}

/**
 * One order from its sub-orders. Live sub-orders decide the status (the slowest one; `other` when
 * one of them is unknown) and alone make the amount and lines; an order with none live is returned
 * when one was returned, else cancelled, with all its sub-orders.
 */
function finish(order: PendingOrder): MarketplaceOrder {
  const all = Object.values(order.lines);
  const live = all.filter((line) => line.status !== 'cancelled' && line.status !== 'returned');
  let status: OrderStatus;
  if (live.some((line) => line.status === 'other')) status = 'other';
  else if (live.length > 0) status = progress[Math.min(...live.map((line) => progress.indexOf(line.status)))]!;
  else status = all.some((line) => line.status === 'returned') ? 'returned' : 'cancelled';
  const counted = live.length > 0 ? live : all;
  return {
    id: order.key,
    orderNumber: order.key,
    orderedAt: order.orderedAt,
    status,
    totalAmount: counted.reduce((sum, line) => sum + line.amount, 0),
    currency: 'TRY',
    lines: counted.map(({ sku, name, quantity, amount }) => ({ sku, name, quantity, amount })),
  };
}

/** `dd/MM/yyyy` plus `HH:mm[:ss]` in Istanbul time → epoch ms, or null. */
export function parseIstanbulDate(date: unknown, time: unknown): number | null {
  const day = typeof date === 'string' ? ciceksepetiDatePattern.exec(date.trim()) : null;
  if (!day) return null;
  const clock = typeof time === 'string' ? ciceksepetiTimePattern.exec(time.trim()) : null;
  const [, dd, mm, yyyy] = day;
  const ms = parseIstanbulLocal(`${yyyy}-${mm}-${dd}T${clock?.[1] ?? '00'}:${clock?.[2] ?? '00'}:${clock?.[3] ?? '00'}`);
  return Number.isFinite(ms) ? ms : null;
}

/** A request date (see CiceksepetiRequestDates), to the millisecond. */
export function requestDate(ms: number, format: CiceksepetiRequestDates = defaultRequestDates): string {
  if (format === 'utc') return new Date(ms).toISOString();
  return format === 'offset' ? istanbulIsoTime(ms, { milliseconds: true }) : istanbulLocalTime(ms);
}

/**
 * Çiçeksepeti Marketplace API (docs/reference/MARKETPLACES.md, docs/marketplaces.md § Çiçeksepeti). The API
 * key travels as `x-api-key`, with a User-Agent `{sellerId}-SelfIntegration` (unconfirmed whether
 * Çiçeksepeti checks it). Answers the seller can act on:
 * - 400 `{"message":"Geçersiz API Key"}` (or 401): a wrong key → bad credentials;
 * - an HTML 403 page: Çiçeksepeti blocks the network we call from (non-Turkish IPs) → its own
 *   message, never "wrong key";
 * - 429 / "the same query within 10 minutes": rate limited, with `retryAfterMs` so the sync resumes.
 *
 * Orders: `POST /api/v1/Order/GetOrders {startDate, endDate, page, pageSize, isOrderStatusActive}`.
 * The range is walked in 14-day windows, each window twice: `isOrderStatusActive: true` (new,
 * preparing, shipped) and `false` (delivered, cancelled, returned exist only there); pages from 0,
 * 100 rows each. Two list calls of one seller are at least `minIntervalMs` apart (Çiçeksepeti asks
 * about 5 s), and no query is sent twice on purpose: Çiçeksepeti refuses a repeat within 10 minutes.
 *
 * Rows are order items; the items of one `orderId` are merged into one order. When a page is full
 * its last order may continue on the next page, so it travels in the cursor until the next page
 * shows whether more of its items follow. Dates are Istanbul time: `dd.MM.yyyy` plus the time.
 */
import { decodeCursor, encodeCursor } from './cursor.ts';
import { isRecord, marketplaceFetch, parseJson, requireField, unexpectedAnswer } from './http.ts';
import {
  ConnectorError,
  type Connector,
  type ConnectorContext,
  type Credentials,
  type MarketplaceOrder,
  type MarketplaceOrderLine,
  type OrderPage,
  type OrderStatus,
} from './types.ts';

export const defaultBaseUrl = 'https://apis.ciceksepeti.com';

export const ciceksepetiPageSize = 100;
export const ciceksepetiWindowMs = 14 * 86_400_000;
/** Çiçeksepeti refuses the same GetOrders query again within this time. */
export const ciceksepetiRepeatWindowMs = 10 * 60_000;
export const defaultMinIntervalMs = 5_000;
const istanbulOffsetMs = 3 * 3_600_000;
const unexpected = unexpectedAnswer('Çiçeksepeti');

export interface CiceksepetiContext extends ConnectorContext {
  /** Least time between two GetOrders calls of one seller (CICEKSEPETI_MIN_INTERVAL_MS; default 5000). */
  minIntervalMs?: number;
}

/**
 * Where each value sits in a GetOrders row. Only orderId, the dates, statuses and totalPrice are seen
 * in public integrations; the product fields are *unconfirmed*: correct them here, nowhere else.
 * Each entry lists the names tried, first match wins.
 */
export const ciceksepetiItemFields = {
  orderId: ['orderId'],
  /** `dd.MM.yyyy`, possibly with ` HH:mm[:ss]` appended. */
  createDate: ['orderCreateDate'],
  /** `HH:mm[:ss]` when the time comes separately. */
  createTime: ['orderCreateTime'],
  statusId: ['orderItemStatusId'],
  statusText: ['orderProductStatus'],
  sku: ['stockCode', 'code', 'productCode'],
  name: ['name', 'productName'],
  quantity: ['quantity'],
  /** The line's gross amount in lira; else unit price × quantity. */
  lineTotal: ['totalPrice'],
  unitPrice: ['itemPrice'],
  currency: ['currency'],
} as const;

/** orderItemStatusId values seen in public integrations; cancellation and return ids are unconfirmed (text decides). */
const statusById: Record<number, OrderStatus> = { 1: 'created', 2: 'preparing', 11: 'preparing', 5: 'shipped', 7: 'delivered' };
/** Least advanced first: an order is as far as its slowest live item. */
const progress: OrderStatus[] = ['created', 'preparing', 'shipped', 'delivered'];

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

  async listOrders(credentials, range, cursor, ctx: CiceksepetiContext): Promise<OrderPage> {
    const sellerId = requireField(credentials, 'seller_id');
    const from = range.from.getTime();
    // The end is fixed at the first call, so both passes and every page ask the same window.
    const state: Cursor = cursor
      ? decodeCursor<Cursor>(cursor, isCursor, () => unexpected('unreadable order cursor'))
      : { end: Math.min(range.to.getTime(), Date.now()), window: 0, active: true, page: 0 };
    const windowStart = from + state.window * ciceksepetiWindowMs;
    if (windowStart >= state.end) return { orders: state.carry ? [finish(state.carry)] : [], cursor: null };
    const windowEnd = Math.min(windowStart + ciceksepetiWindowMs, state.end);
    const query = {
      startDate: istanbulTime(windowStart),
      // Second precision, inclusive: the second holding the window's last millisecond.
      endDate: istanbulTime(windowEnd - 1),
      page: state.page,
      pageSize: ciceksepetiPageSize,
      isOrderStatusActive: state.active,
    };
    const body = await paced(`${ctx.baseUrl}|${sellerId}`, ctx.minIntervalMs ?? defaultMinIntervalMs, () =>
      request(credentials, '/api/v1/Order/GetOrders', { method: 'POST', body: JSON.stringify(query) }, ctx),
    );
    const { items, pageCount } = readPage(body);

    const groups = new Map<string, PendingOrder>();
    if (state.carry) groups.set(state.carry.id, state.carry);
    for (const item of items) {
      const read = readItem(item, state.active);
      const group = groups.get(read.orderId);
      if (group) {
        group.lines.push(read.line);
        group.statuses.push(read.status);
      } else {
        groups.set(read.orderId, {
          id: read.orderId,
          orderedAt: read.orderedAt,
          currency: read.currency,
          lines: [read.line],
          statuses: [read.status],
        });
      }
    }
    const morePages = items.length > 0 && state.page + 1 < pageCount;
    const complete = [...groups.values()];
    // The last order of a full page may go on: hold it back until the next page says.
    const carry = morePages && items.length > 0 ? complete.pop() : undefined;
    const orders = complete.map(finish).filter((order) => {
      const at = Date.parse(order.orderedAt);
      return at >= windowStart && at < windowEnd && at >= from;
    });

    let next: Cursor | null;
    if (morePages) next = { ...state, page: state.page + 1 };
    else if (state.active) next = { ...state, active: false, page: 0 };
    else if (windowEnd < state.end) next = { end: state.end, window: state.window + 1, active: true, page: 0 };
    else next = null;
    if (next) {
      delete next.carry;
      if (carry) next.carry = carry;
    }
    return { orders, cursor: next ? encodeCursor(next) : null };
  },
};

/* ---------- Cursor ---------- */

/** An order whose items are still being collected. */
interface PendingOrder {
  id: string;
  orderedAt: string;
  currency: string;
  lines: MarketplaceOrderLine[];
  statuses: OrderStatus[];
}

interface Cursor {
  /** Range end (ms), fixed at the first call. */
  end: number;
  window: number;
  active: boolean;
  page: number;
  carry?: PendingOrder;
}

function isCursor(value: Cursor): boolean {
  return Number.isFinite(value.end) && Number.isInteger(value.window) && typeof value.active === 'boolean' && Number.isInteger(value.page);
}

/* ---------- Pacing ---------- */

const lastCallEnded = new Map<string, Promise<number>>();

/**
 * Runs `call` once at least `intervalMs` passed since the previous call of the same key ended
 * (measured from the end, so the gap Çiçeksepeti sees is never shorter). Calls of one key queue up.
 */
async function paced<T>(key: string, intervalMs: number, call: () => Promise<T>): Promise<T> {
  const previous = lastCallEnded.get(key) ?? Promise.resolve(0);
  let release!: (endedAt: number) => void;
  const ended = new Promise<number>((resolve) => (release = resolve));
  lastCallEnded.set(key, ended);
  try {
    const wait = (await previous) + intervalMs - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    return await call();
  } finally {
    release(Date.now());
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
      // A retried list query is the same query, which Çiçeksepeti refuses within 10 minutes:
      // a 429 goes straight back to the sync, which resumes later.
      finalStatuses: [400, 401, 403, 429],
    },
    ctx,
  );
  const text = await response.text();
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
  // The repeat refusal's exact answer is unconfirmed: a 429, or a 400 that speaks of minutes.
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

function readPage(body: unknown): { items: Record<string, unknown>[]; pageCount: number } {
  if (!isRecord(body) || !Array.isArray(body.supplierOrderListWithBranch)) throw unexpected('no supplierOrderListWithBranch array');
  const items = body.supplierOrderListWithBranch.map((item) => {
    if (!isRecord(item)) throw unexpected('order item is not an object');
    return item;
  });
  const pageCount = Number(body.pageCount);
  return { items, pageCount: Number.isFinite(pageCount) ? pageCount : 0 };
}

function pick(item: Record<string, unknown>, names: readonly string[]): unknown {
  for (const name of names) if (item[name] !== undefined && item[name] !== null && item[name] !== '') return item[name];
  return undefined;
}

const kurus = (lira: unknown) => Math.round(Number(lira) * 100);

function readItem(item: Record<string, unknown>, activePass: boolean) {
  const f = ciceksepetiItemFields;
  const orderId = pick(item, f.orderId);
  const orderedAt = parseIstanbulDate(pick(item, f.createDate), pick(item, f.createTime));
  if ((typeof orderId !== 'string' && typeof orderId !== 'number') || orderedAt === null) {
    throw unexpected('order item without orderId or orderCreateDate');
  }
  const quantity = Number(pick(item, f.quantity) ?? 1) || 1;
  const total = pick(item, f.lineTotal);
  const amount = total !== undefined ? kurus(total) : kurus(pick(item, f.unitPrice) ?? 0) * quantity;
  if (!Number.isFinite(amount)) throw unexpected(`order ${orderId}: no amount`);
  const sku = pick(item, f.sku);
  const name = pick(item, f.name);
  const currency = pick(item, f.currency);
  return {
    orderId: String(orderId),
    orderedAt: new Date(orderedAt).toISOString(),
    currency: typeof currency === 'string' ? currency : 'TRY',
    status: statusOf(item, activePass),
    line: {
      sku: sku === undefined ? `ciceksepeti-${String(orderId)}` : String(sku),
      name: name === undefined ? '' : String(name),
      quantity,
      amount,
    } satisfies MarketplaceOrderLine,
  };
}

function statusOf(item: Record<string, unknown>, activePass: boolean): OrderStatus {
  const text = String(pick(item, ciceksepetiItemFields.statusText) ?? '').toLocaleLowerCase('tr');
  if (text.includes('iptal')) return 'cancelled';
  if (text.includes('iade')) return 'returned';
  const known = statusById[Number(pick(item, ciceksepetiItemFields.statusId))];
  if (known) return known;
  // An unknown status is at least as far as the pass it came from.
  return activePass ? 'created' : 'delivered';
}

/** One order from its items: live items decide the status; all cancelled (or returned) says so. */
function finish(order: PendingOrder): MarketplaceOrder {
  const live = order.statuses.filter((status) => status !== 'cancelled' && status !== 'returned');
  let status: OrderStatus;
  if (live.length > 0) status = progress[Math.min(...live.map((entry) => progress.indexOf(entry)))]!;
  else status = order.statuses.includes('returned') ? 'returned' : 'cancelled';
  return {
    id: order.id,
    orderNumber: order.id,
    orderedAt: order.orderedAt,
    status,
    totalAmount: order.lines.reduce((sum, line) => sum + line.amount, 0),
    currency: order.currency,
    lines: order.lines,
  };
}

/** `dd.MM.yyyy` (+ ` HH:mm[:ss]`, or the time in a separate field) in Istanbul time → epoch ms. */
export function parseIstanbulDate(date: unknown, time: unknown): number | null {
  if (typeof date !== 'string') return null;
  const dotted = /^(\d{2})\.(\d{2})\.(\d{4})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(date.trim());
  if (!dotted) return null;
  const [, day, month, year, hour, minute, second] = dotted;
  const clock = typeof time === 'string' ? /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(time.trim()) : null;
  const hh = clock?.[1] ?? hour ?? '00';
  const mm = clock?.[2] ?? minute ?? '00';
  const ss = clock?.[3] ?? second ?? '00';
  const ms = Date.parse(`${year}-${month}-${day}T${hh}:${mm}:${ss}+03:00`);
  return Number.isFinite(ms) ? ms : null;
}

/** `yyyy-MM-ddTHH:mm:ss` Istanbul wall clock (UTC+3 all year since 2016); request format unconfirmed. */
export function istanbulTime(ms: number): string {
  return new Date(ms + istanbulOffsetMs).toISOString().slice(0, 19);
}

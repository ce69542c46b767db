/**
 * N11 REST API (docs/reference/MARKETPLACES.md, revised 2026-11-23). Credentials travel as the headers
 * `appkey` and `appsecret` (Hesabım → API Hesapları); the REST order service may need a permission
 * e-mail to n11 first. Verify: `GET /ms/product-query?page=0&size=1` (a wrong key: 401 JSON
 * `SellerApiUserUnauthorizedException`).
 *
 * Orders: `GET /rest/delivery/v1/shipmentPackages?startDate&endDate&status&page&size≤100`:
 * - `status` takes one value per request: the connector reads each status in turn (Created,
 *   Picking, Shipped, Delivered, Cancelled, UnSupplied, then Returned, which n11 may refuse: a 400
 *   for that pass only is skipped; unconfirmed);
 * - windows of at most 15 days, none before November 2024 (n11 serves nothing older);
 * - dates are epoch milliseconds of the Istanbul wall clock read as UTC, both in the query and in
 *   the answer: 3 hours are added to our instants and taken off n11's;
 * - a split parent (`UnPacked`) is never asked for; each package is its own order row;
 * - a wrong key on this service answers 403 `text/plain` "Authentication failed";
 * - 1,000 requests a minute per app key.
 */
import { decodeCursor, encodeCursor, integerFields } from './cursor.ts';
import { getJson, isRecord, requireField, statusError, unexpectedAnswer } from './http.ts';
import { slidingWindowLimiter } from './rate-limit.ts';
import {
  ConnectorError,
  type Connector,
  type ConnectorContext,
  type Credentials,
  type MarketplaceOrder,
  type MarketplaceOrderLine,
  type OrderStatus,
} from './types.ts';

export const defaultBaseUrl = 'https://api.n11.com';

export const n11PageSize = 100;
export const n11WindowMs = 15 * 86_400_000;
/** n11 serves no orders before this instant (1 November 2024, Istanbul). */
export const n11FirstOrderMs = Date.UTC(2024, 9, 31, 21, 0);
const istanbulOffsetMs = 3 * 3_600_000;
/** Keeps each app key under n11's 1,000 requests a minute within this process. */
const waitForSlot = slidingWindowLimiter({ requests: 1_000, perMs: 60_000 });
const unexpected = unexpectedAnswer('N11');

/** The statuses read one by one, and what each means for us. */
export const n11Statuses: ReadonlyArray<[string, OrderStatus]> = [
  ['Created', 'created'],
  ['Picking', 'preparing'],
  ['Shipped', 'shipped'],
  ['Delivered', 'delivered'],
  ['Cancelled', 'cancelled'],
  ['UnSupplied', 'cancelled'],
  ['Returned', 'returned'],
];
const optionalStatus = 'Returned';

interface Cursor {
  status: number;
  start: number;
  page: number;
  from: number;
  to: number;
}

const decode = (text: string) =>
  decodeCursor(text, integerFields<Cursor>('status', 'start', 'page', 'from', 'to'), () => unexpected('unreadable cursor'));

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

  async listOrders(credentials, range, cursorText, ctx) {
    let cursor: Cursor;
    if (cursorText) cursor = decode(cursorText);
    else {
      const from = Math.max(range.from.getTime(), n11FirstOrderMs);
      const to = Math.min(range.to.getTime(), Date.now());
      if (from >= to) return { orders: [], cursor: null };
      cursor = { status: 0, start: from, page: 0, from, to };
    }
    const entry = n11Statuses[cursor.status];
    if (!entry) throw unexpected('unreadable cursor');
    const [statusWord, status] = entry;
    const end = Math.min(cursor.start + n11WindowMs, cursor.to);
    const query = new URLSearchParams({
      startDate: String(cursor.start + istanbulOffsetMs),
      endDate: String(end - 1 + istanbulOffsetMs),
      status: statusWord,
      page: String(cursor.page),
      size: String(n11PageSize),
    });
    let page: { orders: MarketplaceOrder[]; totalPages: number };
    try {
      page = parsePackages(await request(credentials, `/rest/delivery/v1/shipmentPackages?${query}`, ctx), status);
    } catch (error) {
      // n11 may not know the optional status: that pass is skipped, nothing else is.
      if (!(
        statusWord === optionalStatus &&
        error instanceof ConnectorError &&
        error.kind === 'unexpected' &&
        /N11 400/.test(error.detail ?? '')
      ))
        throw error;
      page = { orders: [], totalPages: 0 };
    }
    let next: Cursor | null;
    if (cursor.page + 1 < page.totalPages) next = { ...cursor, page: cursor.page + 1 };
    else if (end < cursor.to) next = { ...cursor, start: end, page: 0 };
    else if (cursor.status + 1 < n11Statuses.length) next = { ...cursor, status: cursor.status + 1, start: cursor.from, page: 0 };
    else next = null;
    return { orders: page.orders, cursor: next ? encodeCursor(next) : null };
  },
};

async function request(credentials: Credentials, path: string, ctx: ConnectorContext): Promise<unknown> {
  await waitForSlot(requireField(credentials, 'app_key'));
  return getJson(
    `${ctx.baseUrl}${path}`,
    { appkey: requireField(credentials, 'app_key'), appsecret: requireField(credentials, 'app_secret') },
    ctx,
    { unexpected, refusal: n11Error },
  );
}

export function n11Error(status: number, text: string, retryAfter: string | null = null): ConnectorError {
  return statusError(status, `N11 ${status}: ${text.slice(0, 300)}`, {
    credentialsRefused: /authentication failed|unauthori[sz]ed|app ?key|app ?secret|credential|yetkisiz|kimlik/i.test(text.slice(0, 2000)),
    retryAfter,
    defaultRetryAfterMs: 60_000,
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
  const sku = typeof line.stockCode === 'string' && line.stockCode !== '' ? line.stockCode : String(line.productId ?? 'unknown');
  return { sku, name: typeof line.productName === 'string' ? line.productName : sku, quantity, amount: kurus(line.price) * quantity };
}

/** One page of packages of one status; buyer details are not read. */
export function parsePackages(body: unknown, status: OrderStatus): { orders: MarketplaceOrder[]; totalPages: number } {
  if (!isRecord(body) || !Array.isArray(body.content)) throw unexpected('no content array');
  const orders: MarketplaceOrder[] = [];
  for (const item of body.content) {
    if (!isRecord(item)) throw unexpected('package is not an object');
    const id = item.id;
    const orderNumber = item.orderNumber;
    const placed = packagePlacedAt(item);
    if ((typeof id !== 'string' && typeof id !== 'number') || (typeof orderNumber !== 'string' && typeof orderNumber !== 'number')) {
      throw unexpected('package without id or orderNumber');
    }
    if (placed === null) throw unexpected('package without a date');
    // A package the status filter let through with another status word is mapped by its own word.
    const own = n11Statuses.find(([word]) => word === item.shipmentPackageStatus)?.[1] ?? status;
    orders.push({
      id: String(id),
      orderNumber: String(orderNumber),
      orderedAt: new Date(placed - istanbulOffsetMs).toISOString(),
      status: own,
      totalAmount: kurus(item.totalAmount),
      currency: 'TRY',
      lines: Array.isArray(item.lines) ? item.lines.map(toLine) : [],
    });
  }
  const totalPages = Number(body.totalPages);
  return { orders, totalPages: Number.isFinite(totalPages) ? totalPages : 0 };
}

/** When the package was ordered (Istanbul-wall-clock epoch): orderDate, else its first history entry. */
function packagePlacedAt(item: Record<string, unknown>): number | null {
  const direct = Number(item.orderDate);
  if (Number.isFinite(direct) && direct > 0) return direct;
  const histories = Array.isArray(item.packageHistories) ? item.packageHistories.filter(isRecord) : [];
  const times = histories.map((entry) => Number(entry.createdDate)).filter(Number.isFinite);
  return times.length > 0 ? Math.min(...times) : null;
}

/**
 * N11 REST API (docs/marketplaces.md § N11; the answers' shapes and sources are in n11-schema.ts).
 * Credentials travel as the headers `appkey` and `appsecret` (Hesabım → API Hesapları); the REST
 * order service may need a permission e-mail to n11 first. Verify: `GET /ms/product-query?page=0&size=1`
 * (a wrong key: 401 JSON `SellerApiUserUnauthorizedException`).
 *
 * Orders: `GET /rest/delivery/v1/shipmentPackages?startDate&endDate&status&sender&page&size≤100`:
 * - `status` takes one value per request: Created, Picking, Shipped, Cancelled, UnSupplied, then
 *   Delivered; a split parent (`UnPacked`) is never asked for and every package is its own row;
 * - `sender` is read for every fulfilment (`senders`: SELLER, and N11 for orders n11 ships from its
 *   own warehouse, n11depom), which n11 leaves out when it is not sent;
 * - windows of 15 days (n11 cuts a wider range to its last 15 days without a word), none before
 *   November 2024 (n11 serves nothing older);
 * - dates are epoch milliseconds of the Istanbul wall clock read as UTC, in the query and in the
 *   answer: Istanbul's offset is added to our instants and taken off n11's (`wallClockEpochs`,
 *   unconfirmed on the live API). A package has no order date: its first history entry is when it
 *   was placed;
 * - returns never show as a status here (a returned package reads `Delivered`): the return claims
 *   (n11-claims.ts) are read before the Delivered pass, and a delivered package whose every line
 *   has a standing claim is returned;
 * - a package's amount is what the seller invoices, the sum of its lines' `sellerInvoiceAmount`;
 * - a "Konuma Özel Teslimat" package comes with `id: null`: it is keyed by its order number and its
 *   lines' ids instead;
 * - a wrong key on this service answers 403 `text/plain` "Authentication failed";
 * - 1,000 requests a minute per app key.
 */
import { fromIstanbulWallClock, istanbulWallClock } from '@worq/domain/calendar';
import { decodeCursor, encodeCursor } from './cursor.ts';
import { getJson, marketplaceFetch, readCapped, requireField, statusError, unexpectedAnswer } from './http.ts';
import { claimReturnListRequest, n11ClaimDay, n11ClaimsPageSize, n11ReturnServicePath, readClaimReturnList } from './n11-claims.ts';
import {
  n11ClaimReturn,
  n11ClaimReturnListResponse,
  n11Package,
  n11PackagesEnvelope,
  type N11Line,
  type N11Package,
} from './n11-schema.ts';
import { scaledBudget, sharedLimiter } from './rate-limit.ts';
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

export const defaultBaseUrl = 'https://api.n11.com';

export const n11PageSize = 100;
export const n11WindowMs = 15 * 86_400_000;
/** n11 serves no orders before this instant (1 November 2024, Istanbul). */
export const n11FirstOrderMs = Date.UTC(2024, 9, 31, 21, 0);
/** Each app key stays under n11's 1,000 requests a minute within this process. */
export const n11RequestBudget = { requests: 1_000, perMs: 60_000 };
const unexpected = unexpectedAnswer('N11');

export interface N11Context extends ConnectorContext {
  /** The `sender` values read, one pass each (default SELLER and N11: every fulfilment). */
  senders?: readonly string[];
  /** Whether n11's epochs are the Istanbul wall clock read as UTC (default true; unconfirmed). */
  wallClockEpochs?: boolean;
}
export const defaultN11Senders: readonly string[] = ['SELLER', 'N11'];

/** Package status words (trimmed, any case) and what each means for us. */
export const n11StatusWords: Readonly<Record<string, OrderStatus>> = {
  created: 'created',
  picking: 'preparing',
  shipped: 'shipped',
  delivered: 'delivered',
  cancelled: 'cancelled',
  canceled: 'cancelled',
  unsupplied: 'cancelled',
};
/** The statuses asked for, one request each; Delivered last, after the return claims. */
export const n11Statuses = ['Created', 'Picking', 'Shipped', 'Cancelled', 'UnSupplied', 'Delivered'] as const;
/** Claim states that take no sale back: withdrawn by the buyer or refused. Every other state stands. */
export const n11ClaimsNotReturned: ReadonlySet<string> = new Set(['CANCELLED', 'DENIED']);

export type N11Pass = { status: string; sender: string } | { claims: true; sender: string };

/** Every pass of a range: the statuses before Delivered, the claims, then Delivered, each per sender. */
export function n11PassesOf(senders: readonly string[]): N11Pass[] {
  const before = n11Statuses.filter((status) => status !== 'Delivered');
  return [
    ...before.flatMap((status) => senders.map((sender) => ({ status, sender }))),
    ...senders.map((sender) => ({ claims: true as const, sender })),
    ...senders.map((sender) => ({ status: 'Delivered', sender })),
  ];
}

interface Cursor {
  pass: number;
  start: number;
  page: number;
  from: number;
  to: number;
  /** Where the claims' period ends: the first call's time (claims come after the orders). */
  claimsTo: number;
  senders: string[];
  /** `orderNumber|productId` of every line with a standing return claim. */
  returned: string[];
}

function isCursor(value: Cursor): boolean {
  return (
    ['pass', 'start', 'page', 'from', 'to', 'claimsTo'].every((name) => Number.isInteger(value[name as keyof Cursor])) &&
    Array.isArray(value.senders) &&
    value.senders.every((sender) => typeof sender === 'string') &&
    Array.isArray(value.returned)
  );
}

export const n11Connector: Connector = {
  code: 'n11',
  fields: [
    // The app key identifies the API account; only the secret is secret.
    { name: 'app_key', type: 'text', required: true },
    { name: 'app_secret', type: 'secret', required: true },
  ],

  // n11 serves no order placed before November 2024, however far back it is asked.
  oldestServed: () => new Date(n11FirstOrderMs),

  pacing: (ctx) => n11Pacing(ctx),

  progress(cursorText, range, now) {
    let cursor: Cursor;
    if (cursorText) {
      try {
        cursor = decodeCursor<Cursor>(cursorText, isCursor, () => unexpected('unreadable cursor'));
      } catch {
        return null;
      }
    } else {
      const from = Math.max(range.from.getTime(), n11FirstOrderMs);
      const to = Math.min(range.to.getTime(), now.getTime());
      if (from >= to) return { done: 0, total: 0 };
      cursor = {
        pass: 0,
        start: from,
        page: 0,
        from,
        to,
        claimsTo: Math.max(to, now.getTime()),
        senders: [...defaultN11Senders],
        returned: [],
      };
    }
    // One step per 15-day window of each pass; the claims read up to the first call's time.
    const windows = (pass: N11Pass) => Math.ceil((('claims' in pass ? cursor.claimsTo : cursor.to) - cursor.from) / n11WindowMs);
    const passes = n11PassesOf(cursor.senders);
    const total = passes.reduce((sum, pass) => sum + windows(pass), 0);
    const done =
      passes.slice(0, cursor.pass).reduce((sum, pass) => sum + windows(pass), 0) + Math.floor((cursor.start - cursor.from) / n11WindowMs);
    return { done: Math.min(done, total), total };
  },

  async verify(credentials, ctx) {
    await request(credentials, '/ms/product-query?page=0&size=1', ctx);
    return {};
  },

  async listOrders(credentials, range, cursorText, ctx: N11Context) {
    let cursor: Cursor;
    if (cursorText) cursor = decodeCursor<Cursor>(cursorText, isCursor, () => unexpected('unreadable cursor'));
    else {
      const now = Date.now();
      const from = Math.max(range.from.getTime(), n11FirstOrderMs);
      const to = Math.min(range.to.getTime(), now);
      if (from >= to) return { orders: [], cursor: null };
      const senders = [...(ctx.senders ?? defaultN11Senders)];
      cursor = { pass: 0, start: from, page: 0, from, to, claimsTo: Math.max(to, now), senders, returned: [] };
    }
    const passes = n11PassesOf(cursor.senders);
    const pass = passes[cursor.pass];
    if (!pass) throw unexpected('unreadable cursor');
    const until = 'claims' in pass ? cursor.claimsTo : cursor.to;
    const end = Math.min(cursor.start + n11WindowMs, until);
    const wallClock = ctx.wallClockEpochs ?? true;
    const wallOf = (instant: number) => (wallClock ? istanbulWallClock(instant) : instant);

    let orders: MarketplaceOrder[] = [];
    let morePages: boolean;
    let returned = cursor.returned;
    if ('claims' in pass) {
      const page = await readClaims(
        credentials,
        { startDay: n11ClaimDay(cursor.start), endDay: n11ClaimDay(end - 1), sender: pass.sender, page: cursor.page },
        ctx,
      );
      returned = [...new Set([...returned, ...page.returned])];
      morePages = page.more;
    } else {
      const query = new URLSearchParams({
        startDate: String(wallOf(cursor.start)),
        endDate: String(wallOf(end - 1)),
        status: pass.status,
        sender: pass.sender,
        page: String(cursor.page),
        size: String(n11PageSize),
      });
      const body = await request(credentials, `/rest/delivery/v1/shipmentPackages?${query}`, ctx);
      const page = parsePackages(body, n11StatusWords[pass.status.toLowerCase()] ?? 'other', { returned: new Set(returned), wallClock });
      orders = page.orders;
      // An empty page is the last (as n11 documents); without totalPages a full page asks for the next.
      morePages = page.count > 0 && (page.totalPages !== null ? cursor.page + 1 < page.totalPages : page.count >= n11PageSize);
    }

    let next: Cursor | null;
    if (morePages) next = { ...cursor, page: cursor.page + 1, returned };
    else if (end < until) next = { ...cursor, start: end, page: 0, returned };
    else if (cursor.pass + 1 < passes.length) next = { ...cursor, pass: cursor.pass + 1, start: cursor.from, page: 0, returned };
    else next = null;
    return { orders, cursor: next ? encodeCursor(next) : null };
  },
};

/** The request budget of one app key, scaled by the context's time scale. */
function n11Pacing(ctx: ConnectorContext): MarketplacePacing {
  return { budget: scaledBudget(n11RequestBudget, ctx.timeScale ?? 1) };
}

async function waitForSlot(appKey: string, ctx: ConnectorContext): Promise<void> {
  const { budget } = n11Pacing(ctx);
  if (budget?.perMs) await sharedLimiter('n11', budget)(appKey, ctx.clock);
}

async function request(credentials: Credentials, path: string, ctx: ConnectorContext): Promise<unknown> {
  await waitForSlot(requireField(credentials, 'app_key'), ctx);
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

function parseEnvelope<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw unexpected(`answer not in the documented shape at ${issue?.path.join('.') || '(root)'}: ${issue?.message ?? ''}`.slice(0, 300));
}

/* ---------- Return claims ---------- */

async function readClaims(
  credentials: Credentials,
  query: { startDay: string; endDay: string; sender: string; page: number },
  ctx: ConnectorContext,
): Promise<{ returned: string[]; more: boolean }> {
  const appKey = requireField(credentials, 'app_key');
  await waitForSlot(appKey, ctx);
  const response = await marketplaceFetch(
    `${ctx.baseUrl}${n11ReturnServicePath}`,
    {
      method: 'POST',
      headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: '""', accept: 'text/xml' },
      body: claimReturnListRequest({ appKey, appSecret: requireField(credentials, 'app_secret'), ...query }),
    },
    ctx,
  );
  const text = await readCapped(response);
  if (!response.ok) throw n11Error(response.status, text, response.headers.get('retry-after'));
  const read = readClaimReturnList(text);
  if (read === null) throw unexpected(`return claims: not a ClaimReturnListResponse: ${text.slice(0, 100)}`);
  if ('fault' in read) throw unexpected(`return claims: ${read.fault.slice(0, 200)}`);
  const answer = parseEnvelope(n11ClaimReturnListResponse, read.response);
  if (answer.result.status.toLowerCase() !== 'success') {
    const detail = `N11 return claims: ${answer.result.errorCode ?? ''} ${answer.result.errorMessage ?? ''}`.trim();
    if (/authentication/i.test(answer.result.errorCode ?? ''))
      throw new ConnectorError('bad_credentials', 'marketplace_bad_credentials', detail);
    throw unexpected(detail);
  }
  const claims = answer.claimReturnList === '' || !answer.claimReturnList ? [] : (answer.claimReturnList.claimReturn ?? []);
  const returned: string[] = [];
  for (const raw of claims) {
    // A claim n11 writes in another shape says nothing we can match: it is passed over.
    const claim = n11ClaimReturn.safeParse(raw);
    if (claim.success && !n11ClaimsNotReturned.has(claim.data.status.trim().toUpperCase())) {
      returned.push(lineKey(claim.data.orderNumber, claim.data.productId));
    }
  }
  const pageCount = Number(answer.pagingData?.pageCount);
  const more = Number.isInteger(pageCount) ? query.page + 1 < pageCount : claims.length >= n11ClaimsPageSize;
  return { returned, more: more && claims.length > 0 };
}

const lineKey = (orderNumber: unknown, productId: unknown) => `${String(orderNumber).trim()}|${String(productId).trim()}`;

/* ---------- Packages ---------- */

const kurus = (lira: number): number => Math.round(lira * 100);

/** What the seller invoices for a line: `sellerInvoiceAmount`, else price × quantity less the seller's discounts. */
function billed(line: N11Line, quantity: number): number {
  if (typeof line.sellerInvoiceAmount === 'number') return kurus(line.sellerInvoiceAmount);
  if (typeof line.price !== 'number') return 0;
  const discounts = line.totalSellerDiscountPrice ?? (line.sellerDiscount ?? 0) + (line.sellerCouponDiscount ?? 0);
  return kurus(line.price) * quantity - kurus(discounts);
}

function toLine(line: N11Line, index: number): MarketplaceOrderLine {
  const quantity = line.quantity ?? 1;
  const sku = line.stockCode || line.barcode || `n11-${line.productId ?? line.orderLineId ?? index + 1}`;
  return { sku, name: line.productName ?? '', quantity, amount: billed(line, quantity) };
}

/** The package's row key: its id, else (Konuma Özel Teslimat) its order number and lines' ids. */
export function n11PackageKey(item: N11Package): string | null {
  if (item.id !== null && item.id !== undefined && String(item.id).trim() !== '') return String(item.id).trim();
  const lineIds = (item.lines ?? []).map((line) => line.orderLineId).filter((lineId) => lineId !== null && lineId !== undefined);
  const orderNumber = item.orderNumber === null || item.orderNumber === undefined ? '' : String(item.orderNumber).trim();
  const parts = [orderNumber, ...lineIds.map(String).sort()].filter((part) => part !== '');
  return parts.length > 0 ? parts.join('-') : null;
}

/** When the package was placed (n11's epoch): its Created entry, else its first entry, else its last change. */
function placedAt(item: N11Package): number | null {
  const histories = (item.packageHistories ?? []).filter((entry) => typeof entry.createdDate === 'number');
  const created = histories.find((entry) => (entry.status ?? '').trim().toLowerCase() === 'created');
  if (created) return created.createdDate!;
  if (histories.length > 0) return Math.min(...histories.map((entry) => entry.createdDate!));
  return typeof item.lastModifiedDate === 'number' ? item.lastModifiedDate : null;
}

/**
 * One page of packages of one status; buyer details are not read. A package with a status word
 * n11 added later is kept as `other`; a split parent is skipped; a package that cannot be keyed or
 * placed in time is left out, and the page goes on.
 */
export function parsePackages(
  body: unknown,
  passStatus: OrderStatus,
  options: { returned?: ReadonlySet<string>; wallClock?: boolean } = {},
): { orders: MarketplaceOrder[]; totalPages: number | null; count: number } {
  const page = parseEnvelope(n11PackagesEnvelope, body);
  const orders: MarketplaceOrder[] = [];
  for (const raw of page.content) {
    const parsed = n11Package.safeParse(raw);
    if (!parsed.success) continue;
    const item = parsed.data;
    const word = (item.shipmentPackageStatus ?? '').trim().toLowerCase();
    if (word === 'unpacked') continue;
    const key = n11PackageKey(item);
    const placed = placedAt(item);
    if (key === null || placed === null) continue;
    const lines = item.lines ?? [];
    let status = word === '' ? passStatus : (n11StatusWords[word] ?? 'other');
    const returned = options.returned;
    if (
      status === 'delivered' &&
      returned &&
      lines.length > 0 &&
      lines.every((line) => returned.has(lineKey(item.orderNumber, line.productId)))
    ) {
      status = 'returned';
    }
    const orderLines = lines.map(toLine);
    orders.push({
      id: key,
      orderNumber: item.orderNumber === null || item.orderNumber === undefined ? key : String(item.orderNumber),
      orderedAt: new Date(options.wallClock === false ? placed : fromIstanbulWallClock(placed)).toISOString(),
      status,
      totalAmount: orderLines.length > 0 ? orderLines.reduce((sum, line) => sum + line.amount, 0) : kurus(item.totalAmount ?? 0),
      currency: 'TRY',
      lines: orderLines,
    });
  }
  return { orders, totalPages: page.totalPages ?? null, count: page.content.length };
}

/**
 * The contract every marketplace connector keeps (docs/reference/MARKETPLACES.md). A connector speaks the
 * marketplace's real HTTP/SOAP API against a base URL from configuration; in sandbox mode that base
 * URL points at this server's /sandbox/{code} routes, so the same client code runs.
 */
import type { MarketplaceCode } from '../config.ts';
import type { PacingClock, RequestBucket, RequestBudget } from './rate-limit.ts';

export type FieldType = 'text' | 'secret' | 'url';

export interface ConnectorField {
  /** snake_case name used in `credentials` of POST /marketplace/integration/upsert. */
  name: string;
  type: FieldType;
  required: boolean;
}

/** What the seller typed, by field name; secrets included (encrypted at rest by the caller). */
export type Credentials = Record<string, string>;

export interface ConnectorContext {
  /** Base URL of the marketplace API (or of the sandbox). No trailing slash. */
  baseUrl: string;
  /** Defaults to global fetch; tests may pass their own. */
  fetch?: typeof fetch;
  /** Per-request timeout in ms (default 15 000). */
  timeoutMs?: number;
  /** Retries on 429/5xx/network errors with exponential backoff (default 3). */
  retries?: number;
  signal?: AbortSignal;
  /**
   * Called when the marketplace handed out new secrets during a call (an OAuth refresh that rotates
   * the refresh token, as Ideasoft's does): the caller stores them, encrypted, before the old ones
   * are needed again. Any connector may use it; awaited before the call goes on.
   */
  onSecretsRotated?: (secrets: Credentials) => Promise<void>;
  /** The clock the connector's pacing waits on (default the real one; bench/orders passes a virtual one). */
  clock?: PacingClock;
  /**
   * Multiplies every wait the connector keeps between its calls (documented or configured): 1 against
   * a marketplace, the sandbox's time scale against the built-in sandbox (SANDBOX_TIME_SCALE).
   */
  timeScale?: number;
}

/**
 * The waits a connector keeps between its calls for a context (Connector.pacing): the marketplace's
 * documented limits, an operator's overrides and the sandbox's time scale. connectors/pacing.ts
 * models an import from them.
 */
export interface MarketplacePacing {
  /** At most `requests` calls of one key start in any `perMs`; null: no budget. */
  budget: RequestBudget | null;
  /** Least ms from the end of one order-list call to the start of the next (Çiçeksepeti). */
  gapMs?: number;
  /** Least ms between the starts of two calls of the orders stream (Trendyol's older orders). */
  streamIntervalMs?: number;
  /** The order list's request bucket (Amazon's usage plan). */
  bucket?: RequestBucket;
}

/** How far the walk over a range has come: its steps (one window of one list or pass) done and planned. */
export interface ImportPosition {
  done: number;
  total: number;
}

export interface VerifyResult {
  /** Identifiers learned from the marketplace, stored with the integration (never secrets). */
  sellerId?: string;
  merchantId?: string;
  storeName?: string;
  /** Tokens obtained during verification (OAuth): encrypted by the caller. */
  secrets?: Credentials;
}

/**
 * The shared order vocabulary (ARCHITECTURE.md §6); each connector maps its marketplace's words to it.
 * `other` is a status the connector could not classify (a word the marketplace added later): the
 * order is kept and counted as placed, never dropped, and the store's sync counts how many there were.
 */
export const orderStatuses = ['created', 'preparing', 'shipped', 'delivered', 'cancelled', 'returned', 'other'] as const;
export type OrderStatus = (typeof orderStatuses)[number];
/** The statuses a marketplace's own words map to (what the sandboxes serve). */
export type KnownOrderStatus = Exclude<OrderStatus, 'other'>;

export interface MarketplaceOrderLine {
  /** The seller's stock code (Trendyol `stockCode`, Hepsiburada `merchantSku`, …); never empty. */
  sku: string;
  name: string;
  quantity: number;
  /** Integer kuruş: the line's gross amount (unit price × quantity, before marketplace fees). */
  amount: number;
}

/**
 * One order as our database keeps it. Marketplaces that ship in packages (Trendyol, N11,
 * Hepsiburada) give one MarketplaceOrder per package: `id` is the package id, `orderNumber` the
 * buyer's order number that several packages may share. Split parents are never returned.
 * No buyer personal data (names, addresses, phones, e-mails) may appear here.
 */
export interface MarketplaceOrder {
  /** The marketplace's own id of this package/order, unique within one store. */
  id: string;
  /** The order number the buyer sees (equal to `id` where the marketplace has no packages). */
  orderNumber: string;
  /** The true instant the order was placed, ISO 8601 UTC (time zones corrected by the connector). */
  orderedAt: string;
  status: OrderStatus;
  /** Integer kuruş, gross (what the buyer paid for this package/order). */
  totalAmount: number;
  /** ISO 4217 code as the marketplace reports it (TRY almost always). */
  currency: string;
  lines: MarketplaceOrderLine[];
}

export interface OrderPage {
  orders: MarketplaceOrder[];
  /**
   * Opaque resume point for the next call (window, page, status pass, NextToken …), or null when
   * the range is finished. The sync stores it, so a sync cut short by a rate limit resumes here.
   */
  cursor: string | null;
}

export interface DateRange {
  from: Date;
  to: Date;
}

export type ConnectorErrorKind = 'bad_credentials' | 'forbidden' | 'rate_limited' | 'unavailable' | 'unexpected';

export interface ConnectorErrorOptions {
  /** For `rate_limited`: when the same call may be tried again (ms from now). */
  retryAfterMs?: number;
  /** Extra parameters of the message (besides {marketplace}), e.g. Ticimax's canonical `host`. */
  params?: Record<string, string>;
}

/**
 * A failure the seller can act on. `messageKey` names a message in packages/domain messages.ts
 * (tr + en), e.g. `marketplace_bad_credentials`; `detail` keeps the marketplace's own words for logs.
 */
export class ConnectorError extends Error {
  constructor(
    readonly kind: ConnectorErrorKind,
    readonly messageKey: string,
    readonly detail?: string,
    readonly options: ConnectorErrorOptions = {},
  ) {
    super(detail ?? messageKey);
    this.name = 'ConnectorError';
  }
}

export interface Connector {
  code: MarketplaceCode;
  fields: ConnectorField[];
  /**
   * The oldest order instant the marketplace still serves as of `now`, where it serves a limited
   * history (Trendyol: 3 months). Orders placed before it are not served, which is not the same as
   * none: an import should show those months as unknown, never as zero. Absent: no known limit.
   * listOrders never asks for older orders than this.
   */
  oldestServed?(now: Date): Date;
  /** One cheap read-only call proving the credentials work. Throws ConnectorError. */
  verify(credentials: Credentials, ctx: ConnectorContext): Promise<VerifyResult>;
  /**
   * Every order placed in the half-open range, of every status, one page per call: pass `null` to
   * start and then each answer's `cursor` until it is null. Windows, paging and pacing of the
   * marketplace are the connector's business. A rate limit throws ConnectorError('rate_limited')
   * with `retryAfterMs`; the caller keeps the cursor and resumes later.
   */
  listOrders(credentials: Credentials, range: DateRange, cursor: string | null, ctx: ConnectorContext): Promise<OrderPage>;
  /**
   * The waits this connector keeps between its calls with `ctx` (what connectors/pacing.ts models);
   * absent where the marketplace documents no limit (Ideasoft, Ticimax) and none is kept.
   */
  pacing?(ctx: ConnectorContext): MarketplacePacing;
  /**
   * Where the walk over `range` stands at `cursor` (null: not started), as of `now`, for connectors
   * that walk fixed windows; absent where the marketplace pages by token without a total (Amazon)
   * or by page number without a count (Ideasoft, Ticimax). An unreadable cursor answers null.
   */
  progress?(cursor: string | null, range: DateRange, now: Date): ImportPosition | null;
}

/**
 * The contract every marketplace connector keeps (shared/MARKETPLACES.md). A connector speaks the
 * marketplace's real HTTP/SOAP API against a base URL from configuration; in sandbox mode that base
 * URL points at this server's /sandbox/{code} routes, so the same client code runs.
 */
import type { MarketplaceCode } from '../config.ts';

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
}

export interface VerifyResult {
  /** Identifiers learned from the marketplace, stored with the integration (never secrets). */
  sellerId?: string;
  merchantId?: string;
  storeName?: string;
  /** Tokens obtained during verification (OAuth): encrypted by the caller. */
  secrets?: Credentials;
}

export interface MarketplaceOrder {
  id: string;
  /** ISO 8601 UTC. */
  orderedAt: string;
  /** Integer kuruş. */
  totalAmount: number;
  currency: string;
  status: string;
  itemCount: number;
}

export interface OrderPage {
  orders: MarketplaceOrder[];
  /** The next page index to ask for, or null on the last page. */
  nextPage: number | null;
}

export interface DateRange {
  from: Date;
  to: Date;
}

export type ConnectorErrorKind = 'bad_credentials' | 'forbidden' | 'rate_limited' | 'unavailable' | 'unexpected';

/**
 * A failure the seller can act on. `messageKey` names a message in packages/domain messages.ts
 * (tr + en), e.g. `marketplace_bad_credentials`; `detail` keeps the marketplace's own words for logs.
 */
export class ConnectorError extends Error {
  constructor(
    readonly kind: ConnectorErrorKind,
    readonly messageKey: string,
    readonly detail?: string,
  ) {
    super(detail ?? messageKey);
    this.name = 'ConnectorError';
  }
}

export interface Connector {
  code: MarketplaceCode;
  fields: ConnectorField[];
  /** One cheap read-only call proving the credentials work. Throws ConnectorError. */
  verify(credentials: Credentials, ctx: ConnectorContext): Promise<VerifyResult>;
  /** Orders created in the range, one page at a time, within the marketplace's window and limits. */
  listOrders(credentials: Credentials, range: DateRange, page: number, ctx: ConnectorContext): Promise<OrderPage>;
}

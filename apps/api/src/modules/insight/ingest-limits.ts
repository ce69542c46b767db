/**
 * What an imported order may hold. Orders come from stores, and a store can be run by the seller
 * (an Ideasoft or Ticimax host they control) or simply be broken: an amount of 2^60 kuruş, a
 * million lines, a megabyte of product name or a NUL character must neither break a figure (a sum
 * past Number.MAX_SAFE_INTEGER answers 500) nor the page's insert. Every order passes through
 * `boundOrders` before it is saved: amounts and quantities are capped, texts cut, lines limited,
 * and orders that cannot be read are left out. Each capped or rejected order is counted.
 */
import { orderStatuses, type MarketplaceOrder, type MarketplaceOrderLine } from '../../connectors/types.ts';

export const ingestLimits = {
  /** ₺100 million in kuruş: far above any real order or line, far below 2^53 in any sum we make of a day. */
  maxAmount: 10_000_000_000,
  /** Units of one line. */
  maxQuantity: 100_000,
  /** Lines kept per order; the rest are dropped (the order total stays as the marketplace gave it). */
  maxLines: 200,
  maxSkuLength: 100,
  maxNameLength: 200,
  maxOrderNumberLength: 100,
  maxCurrencyLength: 8,
  /** A longer id is refused rather than cut: two cut ids could collide. */
  maxIdLength: 200,
} as const;

export interface BoundedOrders {
  orders: MarketplaceOrder[];
  /** Orders kept with something capped or cut. */
  capped: number;
  /** Orders left out: no usable id, instant, status or amount. */
  rejected: number;
}

const statuses = new Set<string>(orderStatuses);
/** A surrogate without its pair (one character of look-around: linear). */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text PostgreSQL accepts (no NUL, no lone surrogate) of at most `max` UTF-16 units, a pair never split. */
export function boundedText(value: unknown, max: number): string {
  let text = typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
  if (text.length > max) {
    text = text.slice(0, max);
    const last = text.charCodeAt(text.length - 1);
    if (last >= 0xd800 && last <= 0xdbff) text = text.slice(0, -1);
  }
  return text.replaceAll('\u0000', '').replace(loneSurrogate, '\uFFFD');
}

/** A whole number within [0, max], or undefined when it is not a finite number. */
function bounded(value: unknown, max: number): number | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
  return Math.min(max, Math.max(0, Math.round(value)));
}

function boundLine(line: MarketplaceOrderLine, index: number): { line: MarketplaceOrderLine; capped: boolean } {
  const quantity = bounded(line.quantity, ingestLimits.maxQuantity) ?? 0;
  const amount = bounded(line.amount, ingestLimits.maxAmount) ?? 0;
  const sku = boundedText(line.sku, ingestLimits.maxSkuLength) || `line-${index + 1}`;
  const name = boundedText(line.name, ingestLimits.maxNameLength);
  const capped = quantity !== line.quantity || amount !== line.amount || sku !== line.sku || name !== line.name;
  return { line: { sku, name, quantity, amount }, capped };
}

export function boundOrder(order: MarketplaceOrder): { order: MarketplaceOrder; capped: boolean } | undefined {
  const id = typeof order.id === 'string' ? order.id : '';
  const totalAmount = bounded(order.totalAmount, ingestLimits.maxAmount);
  const at = Date.parse(order.orderedAt);
  if (!id || id.length > ingestLimits.maxIdLength || boundedText(id, ingestLimits.maxIdLength) !== id) return undefined;
  if (!Number.isFinite(at) || !statuses.has(order.status) || totalAmount === undefined) return undefined;
  const given = Array.isArray(order.lines) ? order.lines : [];
  const lines = given.slice(0, ingestLimits.maxLines).map(boundLine);
  const orderNumber = boundedText(order.orderNumber, ingestLimits.maxOrderNumberLength) || id;
  const currency = boundedText(order.currency, ingestLimits.maxCurrencyLength) || 'TRY';
  const capped =
    totalAmount !== order.totalAmount ||
    orderNumber !== order.orderNumber ||
    currency !== order.currency ||
    given.length > ingestLimits.maxLines ||
    lines.some((entry) => entry.capped);
  return {
    order: {
      id,
      orderNumber,
      orderedAt: new Date(at).toISOString(),
      status: order.status,
      totalAmount,
      currency,
      lines: lines.map((entry) => entry.line),
    },
    capped,
  };
}

/** The page as it may be saved, with how many orders were capped or left out. */
export function boundOrders(orders: readonly MarketplaceOrder[]): BoundedOrders {
  const kept: MarketplaceOrder[] = [];
  let capped = 0;
  let rejected = 0;
  for (const order of orders) {
    const bounded = boundOrder(order);
    if (!bounded) {
      rejected += 1;
      continue;
    }
    if (bounded.capped) capped += 1;
    kept.push(bounded.order);
  }
  return { orders: kept, capped, rejected };
}

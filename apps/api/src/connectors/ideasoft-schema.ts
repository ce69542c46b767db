/**
 * Ideasoft's admin-API order answers as the connector reads them. The connector parses with these,
 * and sandbox/ideasoft.test.ts validates every sandbox answer with the same schemas, so the sandbox
 * cannot serve a shape the connector merely assumes. Sources (read 2026-11-28; the list and what
 * each fixes are in samples/ideasoft/SOURCES.md and docs/marketplaces.md § Ideasoft):
 * - apidoc.ideasoft.dev "Order LIST" (`GET /admin-api/orders`) through its mirror
 *   `atillakesicioglu/ideasoft-api-docs` `openapi/domains/admin-api/orders.json` (extracted
 *   2026-07-16): the query parameters, `limit` 1–100 (default 20), `page` from 1, `sort=id`/`-id`,
 *   `startCreatedAt`/`endCreatedAt` as `yyyy-mm-dd`, the `status` and `paymentStatus` values. The
 *   mirror's answer schema is a dangling reference, so the order members come from the next two;
 * - apidoc.ideasoft.dev "Webhooks": the order members Ideasoft sends (`amount`, `couponDiscount`,
 *   `taxAmount`, `promotionDiscount`, `generalAmount`, `shippingAmount`, `finalAmount`, `currency`,
 *   `orderItems`, `createdAt` with the store's offset, …);
 * - public clients that read this list: a plain JSON array of orders (no envelope, no total), the
 *   next page asked for while a page comes back full; order items with `productName`,
 *   `productSku`, `productPrice`, `productQuantity` (a decimal), `productTax`, `productDiscount`,
 *   `discount`.
 * Objects are loose: Ideasoft sends many more members (buyer, addresses, payment details), which
 * the connector never reads.
 */
import { z } from 'zod';

/** The documented `status` values of "Order LIST". `personal_status_*` are named by each store. */
export const ideasoftOrderStatuses = [
  'waiting_for_approval',
  'approved',
  'fulfilled',
  'cancelled',
  'delivered',
  'on_accumulation',
  'waiting_for_payment',
  'being_prepared',
  'refunded',
  'personal_status_1',
  'personal_status_2',
  'personal_status_3',
] as const;

/** The documented `paymentStatus` values. */
export const ideasoftPaymentStatuses = ['success', 'in_transaction', 'failed'] as const;

/** Amounts are decimals in the order's currency, e.g. 1249.9. */
const amount = z.number();
/** `2026-11-20T23:40:00+03:00`: the store's wall clock with its offset (one without is read as Istanbul time). */
const dateTime = z.string().regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:?\d\d)?$/);
/** A `yyyy-mm-dd` day, as the date filters take it. */
const day = z.string().regex(/^\d{4}-\d\d-\d\d$/, 'must be yyyy-mm-dd');

export const ideasoftOrderItem = z.looseObject({
  id: z.number().int(),
  productName: z.string(),
  productSku: z.string().nullable().optional(),
  /** The unit price (whether it includes VAT and the line's discounts is unconfirmed). */
  productPrice: amount,
  /** A decimal: goods sold by weight or length have fractional quantities. */
  productQuantity: z.number().nonnegative(),
  productCurrency: z.string().optional(),
  /** The VAT rate in percent (20), not an amount. */
  productTax: z.number().optional(),
  productDiscount: amount.optional(),
  discount: amount.optional(),
  /** The product the line was sold from; its id stands in for a missing SKU. */
  product: z.looseObject({ id: z.number().int() }).nullable().optional(),
});

export const ideasoftOrder = z.looseObject({
  /** The order id, which is also the number the seller sees in the store admin. */
  id: z.number().int().positive(),
  /** One of ideasoftOrderStatuses, or a word added later (kept as `other`). */
  status: z.string(),
  paymentStatus: z.string().optional(),
  /** The currency as Ideasoft writes it (`TL` in the sandbox; `TRY` is read the same). */
  currency: z.string(),
  amount: amount.optional(),
  couponDiscount: amount.optional(),
  promotionDiscount: amount.optional(),
  taxAmount: amount.optional(),
  generalAmount: amount.optional(),
  shippingAmount: amount.optional(),
  /** The total the buyer paid (the reading is unconfirmed: `ideasoftOrderAmountField`). */
  finalAmount: amount,
  createdAt: dateTime,
  updatedAt: dateTime.optional(),
  orderItems: z.array(ideasoftOrderItem),
});

/** One page of `GET /admin-api/orders`: a bare array, at most `limit` long; a full page means another may follow. */
export const ideasoftOrdersPage = z.array(ideasoftOrder);

/**
 * The query of "Order LIST" as far as the connector and the sandbox use it; the defaults are the
 * documentation's. Other documented filters exist (paymentStatus, member, productSku, …).
 */
export const ideasoftOrdersQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  page: z.coerce.number().int().min(1).default(1),
  sort: z.enum(['id', '-id']).optional(),
  status: z.enum(ideasoftOrderStatuses).optional(),
  startCreatedAt: day.optional(),
  endCreatedAt: day.optional(),
});

/**
 * A refusal of the store's OAuth server (FOSOAuthServerBundle wording), also what the admin API
 * answers to a refused access token: 401 `invalid_grant` "The access token provided is invalid."
 */
export const ideasoftOAuthError = z.looseObject({
  error: z.string(),
  error_description: z.string().optional(),
});

export type IdeasoftOrderItem = z.infer<typeof ideasoftOrderItem>;
export type IdeasoftOrder = z.infer<typeof ideasoftOrder>;
export type IdeasoftOrdersQuery = z.infer<typeof ideasoftOrdersQuery>;

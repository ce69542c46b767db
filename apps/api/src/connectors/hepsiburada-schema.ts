/**
 * Hepsiburada's order answers as the connector reads them, one zod schema per answer. The connector
 * parses with these and sandbox/hepsiburada.test.ts validates every sandbox answer with the same
 * schemas. Sources (read 2026-11-28; samples/hepsiburada/SOURCES.md names each, docs/marketplaces.md
 * the tests pinning them): the order (OMS) OpenAPI "HEPSIBURADA – SİPARİŞ OLUŞTURMA ENTEGRASYONU"
 * (member names, types and descriptions of every answer below) and the developer portal's
 * changelogs and webhook examples (date and amount formats).
 * - `GET /orders/merchantid/{id}` (paid, waiting to be packed): `{items, limit, offset, pageCount,
 *   totalCount}`, one item per order line, `totalCount` "Toplam kalem sayısı" (lines, not orders);
 *   the seller's code is `merchantSKU`, the product `name`;
 * - `GET /packages/merchantid/{id}` (packed): a bare JSON array of packages, each with `items[]`
 *   whose seller's code is `merchantSku` and product `productName`; `limit` ≤ 10, `Offset`;
 * - `…/shipped`, `…/delivered`, `…/undelivered`: `{items[]…}` of packages in PascalCase
 *   (`OrderNumber`, `OrderNumbers`, `PackageNumber`, `Id`, `Barcode` and the event's date): no lines,
 *   amounts or order date;
 * - `GET /orders/merchantid/{id}/cancelled`: `{items[]…}` of cancelled lines (`cancelDate`,
 *   `orderNumber`, `lineItemId`, `merchantSku`, `quantity`): no price, no order date;
 * - `GET /orders/merchantid/{id}/ordernumber/{orderNumber}`: one order with `orderDate` and
 *   `items[]` (`id`, `merchantSKU`, `name`, `quantity`, `unitPrice`, `totalPrice`, `status`).
 * Amounts are `{currency, amount}` objects in lira with up to five decimals (`94.49000`). Dates
 * are unzoned Istanbul wall clock with up to seven decimals (`2019-10-31T10:03:21.7955751`).
 * Every member is optional: a missing one never drops the order.
 */
import { z } from 'zod';

const text = z.string().nullish();
/** `{currency, amount}`; the amount as a number (a numeric string tolerated). */
export const hepsiburadaMoney = z.looseObject({ amount: z.union([z.number(), z.string()]).nullish(), currency: text }).nullish();

/** One line of the paid-orders list (`/orders/merchantid/{id}`) and of the order detail. */
export const hepsiburadaOrderLine = z.looseObject({
  /** The line's unique id. */
  id: text,
  orderNumber: text,
  orderDate: text,
  /** The line's status ("Kalemin durumu"); its words are not listed in the documentation. */
  status: text,
  merchantSKU: text,
  /** Hepsiburada's own SKU (`HBV…`). */
  sku: text,
  name: text,
  quantity: z.number().int().nonnegative().nullish(),
  unitPrice: hepsiburadaMoney,
  /** "Kalemin toplam tutarı": the line's total. */
  totalPrice: hepsiburadaMoney,
  packageNumber: text,
});

export const hepsiburadaBacklogAnswer = z.looseObject({
  items: z.array(z.unknown()),
  /** Counts lines, not orders. */
  totalCount: z.number().int().nonnegative().nullish(),
  limit: z.number().int().nullish(),
  offset: z.number().int().nullish(),
  pageCount: z.number().int().nullish(),
});

/** One line of a packed package. */
export const hepsiburadaPackageLine = z.looseObject({
  lineItemId: text,
  orderNumber: text,
  orderDate: text,
  merchantSku: text,
  hbSku: text,
  productName: text,
  quantity: z.number().int().nonnegative().nullish(),
  /** The unit price. */
  price: hepsiburadaMoney,
  totalPrice: hepsiburadaMoney,
});

export const hepsiburadaPackage = z.looseObject({
  id: text,
  packageNumber: text,
  orderDate: text,
  status: text,
  /** The lines' amounts before late-payment interest, summed. */
  totalPrice: hepsiburadaMoney,
  items: z.array(z.unknown()).nullish(),
});

/** `/packages/merchantid/{id}`: a bare array, no envelope. */
export const hepsiburadaPackagesAnswer = z.array(z.unknown());

/** One package of the shipped, delivered or undelivered list. */
export const hepsiburadaPackageEvent = z.looseObject({
  Id: text,
  Barcode: text,
  OrderNumber: text,
  OrderNumbers: z.array(z.string()).nullish(),
  PackageNumber: text,
  ShippedDate: text,
  DeliveredDate: text,
  UndeliveredDate: text,
  UndeliveredReason: text,
});

export const hepsiburadaPackageEventsAnswer = z.looseObject({
  items: z.array(z.unknown()),
  /** Counts packages. */
  totalCount: z.number().int().nonnegative().nullish(),
  limit: z.number().int().nullish(),
  offset: z.number().int().nullish(),
  pageCount: z.number().int().nullish(),
});

/** One cancelled line. */
export const hepsiburadaCancelledLine = z.looseObject({
  lineItemId: text,
  orderNumber: text,
  cancelDate: text,
  merchantSku: text,
  sku: text,
  /** The cancelled quantity. */
  quantity: z.number().int().nonnegative().nullish(),
  cancelledBy: text,
  cancelReasonCode: text,
});

export const hepsiburadaCancelledAnswer = hepsiburadaPackageEventsAnswer;

/** `/orders/merchantid/{id}/ordernumber/{orderNumber}`. */
export const hepsiburadaOrderDetail = z.looseObject({
  orderNumber: text,
  orderDate: text,
  createdDate: text,
  items: z.array(z.unknown()).nullish(),
});

/** Row schemas, strict versions of the envelopes: what the sandbox test checks every row against. */
export const hepsiburadaStrictAnswers = {
  backlog: hepsiburadaBacklogAnswer.extend({ items: z.array(hepsiburadaOrderLine) }),
  packed: z.array(hepsiburadaPackage.extend({ items: z.array(hepsiburadaPackageLine) })),
  events: hepsiburadaPackageEventsAnswer.extend({ items: z.array(hepsiburadaPackageEvent) }),
  cancelled: hepsiburadaCancelledAnswer.extend({ items: z.array(hepsiburadaCancelledLine) }),
  detail: hepsiburadaOrderDetail.extend({ items: z.array(hepsiburadaOrderLine) }),
};

export type HepsiburadaOrderLine = z.infer<typeof hepsiburadaOrderLine>;
export type HepsiburadaPackageLine = z.infer<typeof hepsiburadaPackageLine>;
export type HepsiburadaPackageEvent = z.infer<typeof hepsiburadaPackageEvent>;
export type HepsiburadaCancelledLine = z.infer<typeof hepsiburadaCancelledLine>;
export type HepsiburadaMoney = z.infer<typeof hepsiburadaMoney>;

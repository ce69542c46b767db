/**
 * Trendyol's order answers as the connector reads them, one zod schema per answer. The connector
 * parses with these, and sandbox/trendyol.test.ts validates every sandbox answer with the same
 * schemas, so the sandbox cannot serve a shape the connector merely assumes. Field names and
 * meanings (read 2026-11-28; docs/marketplaces.md lists each fact and the test that pins it):
 * - getShipmentPackages ("Sipariş Paketlerini Çekme", `GET …/v2/orders`) and its field names of
 *   08.12.2025 ("4. Duyurular": `shipmentPackageId`, `packageTotalPrice`, `lineGrossAmount`,
 *   `lineUnitPrice`, `stockCode`, …; the old names are gone and are not read);
 * - "Sipariş Paketlerini Çekme Servisindeki İndirim Gösterimleri": `lineGrossAmount` is the unit
 *   price before discounts, `lineUnitPrice` the net unit price, `packageTotalPrice` the net amount
 *   of the package, `discountDetails` one entry per unit;
 * - getShipmentPackagesStream ("Sipariş Paketlerini Akış ile Çekme", `GET …/orders/stream`): the
 *   same packages, with `hasMore`, `nextCursor` and `size` instead of `page`, `totalPages` and
 *   `totalElements`;
 * - "2. Authorization": a refused key answers 401 with `exception: ClientApiAuthenticationException`.
 * Objects are loose: Trendyol sends many more members (buyer details among them), which the
 * connector never reads.
 */
import { z } from 'zod';

/** Amounts are lira with kuruş as decimals, e.g. 699.9. */
const lira = z.number();
/** Trendyol's epoch milliseconds ("GMT+3": the Istanbul wall clock read as if it were UTC). */
const gmt3Epoch = z.number().int();

export const trendyolDiscountDetail = z.looseObject({
  /** The net price of this one unit. */
  lineItemPrice: lira,
  lineItemSellerDiscount: lira.optional(),
  lineItemTyDiscount: lira.optional(),
});

export const trendyolLine = z.looseObject({
  lineId: z.number().int(),
  quantity: z.number().int().nonnegative(),
  /** The seller's stock code (was `merchantSku`). */
  stockCode: z.string(),
  productName: z.string(),
  barcode: z.string().optional(),
  /** The unit price before discounts (was `amount`). */
  lineGrossAmount: lira,
  lineSellerDiscount: lira.optional(),
  lineTyDiscount: lira.optional(),
  lineTotalDiscount: lira.optional(),
  /** The net unit price (was `price`). */
  lineUnitPrice: lira,
  currencyCode: z.string().optional(),
  orderLineItemStatusName: z.string().optional(),
  discountDetails: z.array(trendyolDiscountDetail).optional(),
});

export const trendyolPackage = z.looseObject({
  /** The package's id (was `id`). */
  shipmentPackageId: z.number().int(),
  /** The buyer's order number, shared by the packages of a split order. */
  orderNumber: z.string(),
  orderDate: gmt3Epoch,
  /** The package status word (Created, Picking, …, UnPacked, Verified, or one added later). */
  status: z.string(),
  shipmentPackageStatus: z.string().optional(),
  packageGrossAmount: lira,
  packageSellerDiscount: lira.optional(),
  packageTyDiscount: lira.optional(),
  packageTotalDiscount: lira.optional(),
  /** The net amount of the package (was `totalPrice`). */
  packageTotalPrice: lira,
  currencyCode: z.string(),
  lastModifiedDate: gmt3Epoch,
  /** order-creation, split, cancel or transfer. */
  createdBy: z.string().optional(),
  originPackageIds: z.array(z.number().int()).nullable().optional(),
  lines: z.array(trendyolLine),
});

/** One page of `GET …/v2/orders`: pages from 0, at most 10,000 records reachable per filter. */
export const trendyolOrdersPage = z.looseObject({
  totalElements: z.number().int().nonnegative(),
  totalPages: z.number().int().nonnegative(),
  page: z.number().int().nonnegative(),
  size: z.number().int().positive(),
  content: z.array(trendyolPackage),
});

/** One answer of `GET …/orders/stream`: the next one is asked for with `nextCursor` while `hasMore`. */
export const trendyolStreamPage = z.looseObject({
  content: z.array(trendyolPackage),
  hasMore: z.boolean(),
  nextCursor: z.string().min(1).nullable().optional(),
  size: z.number().int().positive().optional(),
});

/** A refusal's body; the 401 of a wrong key carries `ClientApiAuthenticationException`. */
export const trendyolErrorBody = z.looseObject({
  exception: z.string(),
});

export type TrendyolLine = z.infer<typeof trendyolLine>;
export type TrendyolPackage = z.infer<typeof trendyolPackage>;
export type TrendyolOrdersPage = z.infer<typeof trendyolOrdersPage>;
export type TrendyolStreamPage = z.infer<typeof trendyolStreamPage>;
export type TrendyolErrorBody = z.infer<typeof trendyolErrorBody>;

/**
 * Çiçeksepeti's order answers as the connector reads them, one zod schema per answer. The connector
 * parses with these and sandbox/ciceksepeti.test.ts validates every sandbox answer with the same
 * schemas, so the sandbox cannot serve a shape the connector merely assumes. Sources (read
 * 2026-11-28; samples/ciceksepeti/SOURCES.md names each, docs/marketplaces.md the tests pinning them):
 * - ciceksepeti.dev "Sipariş Listeleme" (`POST /api/v1/Order/GetOrders`) as quoted by the plain-text
 *   copy in fvz233/Open-Entegre-WP (checked 07.08.2026) and by integrators' notes that read the page
 *   on 8 Oct 2026: the answer is `{orderListCount, supplierOrderListWithBranch[]}` (no `pageCount`),
 *   one row per sub-order (`orderItemId`) of an order (`orderId`), `orderCreateDate` `dd/MM/yyyy`
 *   with `orderCreateTime` `HH:mm`, `code` the seller's stock code, `orderItemStatusId` 1 Yeni,
 *   2 Hazırlanıyor, 3 Arabaya Verildi, 5 Kargoya Verildi, 7 Teslim Edildi, 11 Kargoya Verilecek,
 *   18 Firmaya İade Edildi; a cancelled sub-order has `isOrderStatusActive: false`;
 * - ciceksepeti.dev "İade Siparişlerin Çekilmesi" (`POST /api/v1/Order/getcanceledorders`): the
 *   answer is `{orderItemList[]}` with `orderId`, `orderItemId`, `price`, `orderItemStatus` (text),
 *   `cancelReasonId` (1 return, 2 exchange), `orderItemCancelStatus` (the decision, text) and
 *   `cancelType` (1 cancel, 2 return, 3 return sent back to the customer); no quantity.
 * Rows are loose: Çiçeksepeti sends many more members (receiver and sender details among them),
 * which the connector never reads. Members the documentation lists but does not promise on every
 * row are optional; a missing one never drops the order.
 */
import { z } from 'zod';

/** Amounts are lira with kuruş as decimals, e.g. 449.9. */
const lira = z.number();
const id = z.union([z.number().int(), z.string()]);
/** `dd/MM/yyyy`, Istanbul calendar day. */
export const ciceksepetiDatePattern = /^(\d{2})\/(\d{2})\/(\d{4})$/;
/** `HH:mm` (seconds tolerated). */
export const ciceksepetiTimePattern = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** One row of GetOrders: one sub-order (`orderItemId`) of an order (`orderId`). */
export const ciceksepetiOrderItem = z.looseObject({
  orderId: id.nullish(),
  orderItemId: id.nullish(),
  orderCreateDate: z.string().regex(ciceksepetiDatePattern),
  orderCreateTime: z.string().regex(ciceksepetiTimePattern).nullish(),
  orderModifyDate: z.string().regex(ciceksepetiDatePattern).nullish(),
  orderModifyTime: z.string().regex(ciceksepetiTimePattern).nullish(),
  orderItemStatusId: z.number().int().nullish(),
  /** The status in words, e.g. "Teslim Edildi". */
  orderProductStatus: z.string().nullish(),
  /** False for a cancelled sub-order. */
  isOrderStatusActive: z.boolean().nullish(),
  /** The seller's stock code. */
  code: z.string().nullish(),
  /** Çiçeksepeti's product code (`kc…`). */
  productCode: z.string().nullish(),
  name: z.string().nullish(),
  quantity: z.number().int().nonnegative().nullish(),
  /** The unit sale price. */
  itemPrice: lira.nullish(),
  /** The sub-order's amount (which of totalPrice and invoicePrice is net is unconfirmed). */
  totalPrice: lira.nullish(),
  discount: lira.nullish(),
  invoicePrice: lira.nullish(),
});

/** The GetOrders answer: pages from 0; `orderListCount` is read as the count of the whole query. */
export const ciceksepetiOrdersEnvelope = z.looseObject({
  orderListCount: z.number().int().nonnegative().nullish(),
  supplierOrderListWithBranch: z.array(z.unknown()),
});
export const ciceksepetiOrdersAnswer = ciceksepetiOrdersEnvelope.extend({
  supplierOrderListWithBranch: z.array(ciceksepetiOrderItem),
});

/** One row of getcanceledorders: a cancelled or returned sub-order. */
export const ciceksepetiCanceledItem = z.looseObject({
  orderId: id.nullish(),
  orderItemId: id,
  price: lira.nullish(),
  /** The return's state in words ("İade Süreci Başladı", "İade Kargoda", …). */
  orderItemStatus: z.string().nullish(),
  /** 1 return, 2 exchange. */
  cancelReasonId: z.number().int().nullish(),
  /** The decision in words ("Bayi Onay", "Bayi Red", "Müşteri Haklı", …). */
  orderItemCancelStatus: z.string().nullish(),
  /** 1 cancel, 2 return, 3 return sent back to the customer. */
  cancelType: z.number().int().nullish(),
  /** The seller's stock code. */
  supplierProductVariantCode: z.string().nullish(),
});

export const ciceksepetiCanceledEnvelope = z.looseObject({ orderItemList: z.array(z.unknown()) });
export const ciceksepetiCanceledAnswer = ciceksepetiCanceledEnvelope.extend({
  orderItemList: z.array(ciceksepetiCanceledItem),
});

export type CiceksepetiOrderItem = z.infer<typeof ciceksepetiOrderItem>;
export type CiceksepetiCanceledItem = z.infer<typeof ciceksepetiCanceledItem>;

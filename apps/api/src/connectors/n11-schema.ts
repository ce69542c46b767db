/**
 * N11's order answers as the connector reads them, one zod schema per answer. The connector parses
 * with these and sandbox/n11.test.ts validates every sandbox answer with the same schemas, so the
 * sandbox cannot serve a shape the connector merely assumes. Sources (read 2026-11-28;
 * samples/n11/SOURCES.md names each, docs/marketplaces.md the tests pinning them):
 * - developer.n11.com "Sipariş Listeleme Servisi" (`GET /rest/delivery/v1/shipmentPackages`) as
 *   quoted by integrators' notes that read it on 8 Oct 2026, and a real answer published by an
 *   integrator: a Spring page (`content`, `totalElements`, `totalPages`, …) of packages with `id`
 *   (null for "Konuma Özel Teslimat"), `orderNumber`, `shipmentPackageStatus`, `lastModifiedDate`,
 *   `totalAmount`, `totalDiscountAmount`, `packageHistories[{createdDate, status}]` and `lines`;
 *   no `orderDate`. A line has `orderLineId`, `productId`, `stockCode`, `quantity`, `price` (the
 *   unit price before discounts), the seller's and n11's discounts, `dueAmount` and
 *   `sellerInvoiceAmount` = price × quantity − the seller's discounts (what the seller invoices);
 * - developer.n11.com "İade Talepleri Servisi" (SOAP `ReturnService.ClaimReturnList`), as three
 *   independent clients built against the live WSDL read it: `ClaimReturnListResponse` with
 *   `result.status`, `claimReturnList.claimReturn[]` (`id`, `status`, `orderNumber`, `productId`,
 *   `quantity`, …, no stock code) and `pagingData.pageCount`. Its values arrive as XML text.
 * Objects are loose: n11 sends many more members (buyer details among them), which the connector
 * never reads. What the documentation does not promise on every package is optional; a missing
 * member never drops the package.
 */
import { z } from 'zod';

/** Amounts are lira with kuruş as decimals, e.g. 469.59. */
const lira = z.number();
/** N11's epoch milliseconds ("GMT+3": the Istanbul wall clock read as if it were UTC). */
const gmt3Epoch = z.number().int();
const id = z.union([z.number().int(), z.string()]);

export const n11Line = z.looseObject({
  orderLineId: id.nullish(),
  productId: id.nullish(),
  stockCode: z.string().nullish(),
  productName: z.string().nullish(),
  barcode: z.string().nullish(),
  quantity: z.number().int().nonnegative().nullish(),
  /** The unit price before discounts. */
  price: lira.nullish(),
  sellerDiscount: lira.nullish(),
  sellerCouponDiscount: lira.nullish(),
  totalSellerDiscountPrice: lira.nullish(),
  /** Discounts n11 pays for: they lower what the buyer pays, not what the seller invoices. */
  mallDiscount: lira.nullish(),
  totalMallDiscountPrice: lira.nullish(),
  /** What the buyer pays for the line. */
  dueAmount: lira.nullish(),
  /** What the seller invoices for the line: price × quantity − the seller's discounts. */
  sellerInvoiceAmount: lira.nullish(),
  orderItemLineItemStatusName: z.string().nullish(),
  /** Who fulfils the line: SELLER, or N11 from its own warehouse (n11depom). */
  sender: z.string().nullish(),
});

export const n11PackageHistory = z.looseObject({ createdDate: gmt3Epoch.nullish(), status: z.string().nullish() });

export const n11Package = z.looseObject({
  /** The package's id; null for "Konuma Özel Teslimat" orders. */
  id: id.nullish(),
  /** The buyer's order number, shared by the packages of a split order. */
  orderNumber: id.nullish(),
  /** Created, Picking, Shipped, Delivered, Cancelled, UnSupplied, UnPacked, or a word added later. */
  shipmentPackageStatus: z.string().nullish(),
  lastModifiedDate: gmt3Epoch.nullish(),
  /** What the buyer paid for the package (n11's discounts taken off). */
  totalAmount: lira.nullish(),
  totalDiscountAmount: lira.nullish(),
  packageHistories: z.array(n11PackageHistory).nullish(),
  lines: z.array(n11Line).nullish(),
});

/** One page of shipmentPackages: pages from 0, 100 at most. */
export const n11PackagesEnvelope = z.looseObject({
  content: z.array(z.unknown()),
  totalElements: z.number().int().nonnegative().nullish(),
  totalPages: z.number().int().nonnegative().nullish(),
  page: z.number().int().nonnegative().nullish(),
  size: z.number().int().nonnegative().nullish(),
});
export const n11PackagesAnswer = n11PackagesEnvelope.extend({ content: z.array(n11Package) });

const text = z.string();
const count = z.string().regex(/^\d+$/);
/** An element present but empty (`<claimReturnList/>`) reads as ''. */
const emptyElement = z.literal('');

/** One return claim (`claimReturnList.claimReturn`). */
export const n11ClaimReturn = z.looseObject({
  id: text.nullish(),
  /** REQUESTED, APPROVAL_WAITING, PENDING, PENDED, APPROVED, MANUAL_REFUND, CANCELLED, DENIED, … */
  status: text,
  orderNumber: text,
  /** n11's product id, as on the package's lines (a claim carries no stock code). */
  productId: text,
  quantity: count.nullish(),
  requestDate: text.nullish(),
  approvedDate: text.nullish(),
  sender: text.nullish(),
});

/** `ClaimReturnListResponse`, namespaces removed, as fast-xml-parser reads it. */
export const n11ClaimReturnListResponse = z.looseObject({
  result: z.looseObject({ status: text, errorCode: text.nullish(), errorMessage: text.nullish() }),
  claimReturnList: z.union([z.looseObject({ claimReturn: z.array(z.unknown()).nullish() }), emptyElement]).nullish(),
  pagingData: z
    .looseObject({ currentPage: count.nullish(), pageSize: count.nullish(), totalCount: count.nullish(), pageCount: count.nullish() })
    .nullish(),
});
/** The same with every claim in the documented shape (what the sandbox must serve). */
export const n11ClaimReturnListAnswer = n11ClaimReturnListResponse.extend({
  claimReturnList: z.union([z.looseObject({ claimReturn: z.array(n11ClaimReturn).nullish() }), emptyElement]).nullish(),
});

export type N11Package = z.infer<typeof n11Package>;
export type N11Line = z.infer<typeof n11Line>;
export type N11ClaimReturn = z.infer<typeof n11ClaimReturn>;

/**
 * Amazon's answers as the connector reads them, one zod schema per answer. The connector parses
 * with these, and sandbox/amazon.test.ts validates every sandbox answer with the same schemas.
 * Sources (read 2026-11-28; docs/marketplaces.md § Amazon lists each fact and its test):
 * - Orders v2026-01-01: amzn/selling-partner-api-models `models/orders-api-model/orders_2026-01-01.json`
 *   (searchOrders, `GET /orders/2026-01-01/orders`): SearchOrdersResponse `orders[]`,
 *   `pagination.nextToken`, `createdBefore`; Order `orderId`, `createdTime`, `lastUpdatedTime`,
 *   `salesChannel`, `orderItems` (required), `proceeds.grandTotal` (dataset PROCEEDS),
 *   `fulfillment.fulfillmentStatus` (FULFILLMENT), `packages[].packageStatus` (PACKAGES);
 *   OrderItem `orderItemId`, `quantityOrdered`, `product` (required), `product.sellerSku`,
 *   `product.title`, `product.price.unitPrice`; Money `{amount: Decimal string, currencyCode}`;
 * - Orders v0 (removed 27 Mar 2027): `models/orders-api-model/ordersV0.json`, getOrders
 *   `payload.Orders[]`, `payload.NextToken`; Order `AmazonOrderId`, `PurchaseDate`, `OrderStatus`,
 *   `OrderTotal` (absent while Pending), `EasyShipShipmentStatus`;
 * - Sellers v1 getMarketplaceParticipations `payload[]`; the common ErrorList `errors[]`.
 * Objects are loose: Amazon sends many more members (buyer and recipient among them), which the
 * connector never reads.
 */
import { z } from 'zod';

/** SP-API's Decimal: a string such as "154.99". */
const decimal = z.string().regex(/^-?\d+(\.\d+)?$/);

export const amazonMoney = z.looseObject({ amount: decimal, currencyCode: z.string() });

export const amazonOrderItem = z.looseObject({
  orderItemId: z.string(),
  quantityOrdered: z.number().int().nonnegative(),
  product: z.looseObject({
    asin: z.string().optional(),
    title: z.string().optional(),
    sellerSku: z.string().optional(),
    price: z.looseObject({ unitPrice: amazonMoney.optional() }).optional(),
  }),
  proceeds: z.looseObject({ proceedsTotal: amazonMoney.optional() }).optional(),
});

export const amazonPackage = z.looseObject({
  packageReferenceId: z.string(),
  /** status: PENDING, IN_TRANSIT, SHIPPED, DELIVERED, CANCELLED, UNDELIVERABLE; detailedStatus finer. */
  packageStatus: z.looseObject({ status: z.string(), detailedStatus: z.string().optional() }).optional(),
});

export const amazonOrder = z.looseObject({
  orderId: z.string().min(1),
  createdTime: z.iso.datetime({ offset: true }),
  lastUpdatedTime: z.iso.datetime({ offset: true }),
  salesChannel: z.looseObject({ channelName: z.string(), marketplaceId: z.string().optional() }),
  proceeds: z.looseObject({ grandTotal: amazonMoney.optional() }).optional(),
  /** fulfillmentStatus: PENDING_AVAILABILITY, PENDING, UNSHIPPED, PARTIALLY_SHIPPED, SHIPPED, CANCELLED, UNFULFILLABLE. */
  fulfillment: z.looseObject({ fulfillmentStatus: z.string() }).optional(),
  orderItems: z.array(amazonOrderItem),
  packages: z.array(amazonPackage).optional(),
});

/** One page of searchOrders; `pagination.nextToken` is absent on the last page. */
export const amazonSearchOrdersPage = z.looseObject({
  orders: z.array(amazonOrder),
  pagination: z.looseObject({ nextToken: z.string().min(1).optional() }).optional(),
  createdBefore: z.string().optional(),
  lastUpdatedBefore: z.string().optional(),
});

export const amazonV0Order = z.looseObject({
  AmazonOrderId: z.string().min(1),
  PurchaseDate: z.iso.datetime({ offset: true }),
  LastUpdateDate: z.string().optional(),
  OrderStatus: z.string(),
  /** Absent while the order is Pending (and for some cancelled orders). */
  OrderTotal: z.looseObject({ CurrencyCode: z.string(), Amount: decimal }).optional(),
  EasyShipShipmentStatus: z.string().optional(),
});

/** One page of getOrders (v0). */
export const amazonV0OrdersPage = z.looseObject({
  payload: z.looseObject({
    Orders: z.array(amazonV0Order),
    NextToken: z.string().optional(),
    CreatedBefore: z.string().optional(),
  }),
});

export const amazonParticipations = z.looseObject({
  payload: z.array(
    z.looseObject({
      marketplace: z.looseObject({ id: z.string(), countryCode: z.string().optional(), name: z.string().optional() }),
      participation: z.looseObject({ isParticipating: z.boolean() }).optional(),
      storeName: z.string().optional(),
    }),
  ),
});

/** Every SP-API refusal: `errors[]` with code and message (ErrorList). */
export const amazonErrorList = z.looseObject({
  errors: z.array(z.looseObject({ code: z.string(), message: z.string(), details: z.string().optional() })),
});

export type AmazonOrder = z.infer<typeof amazonOrder>;
export type AmazonOrderItem = z.infer<typeof amazonOrderItem>;
export type AmazonSearchOrdersPage = z.infer<typeof amazonSearchOrdersPage>;
export type AmazonV0Order = z.infer<typeof amazonV0Order>;
export type AmazonV0OrdersPage = z.infer<typeof amazonV0OrdersPage>;

/*
 * Amazon's published answers (connectors/samples/amazon/, each file naming its sources and the day
 * they were read) read the way the connector reads them. Every expectation below was worked out by
 * hand from the models' field definitions, not by running the connector:
 * - `createdTime` / `PurchaseDate` are UTC instants: the Istanbul day is 3 hours later's;
 * - searchOrders' amount is `proceeds.grandTotal`, its lines `unitPrice` × `quantityOrdered`, in kuruş;
 *   without proceeds the amount is the lines' sum;
 * - SHIPPED is delivered when every package is DELIVERED, returned when every package went back;
 *   a fulfillmentStatus outside the model's enum is kept as `other`.
 */
import { istanbulDay } from '@worq/domain/calendar';
import { describe, expect, it } from 'vitest';
import { fromV0Order, fromV2026Order, parseAmazonAnswer } from './amazon.ts';
import { expectedLine, expectedOrder, publishedSamples } from './connector-test-kit.ts';
import { amazonErrorList, amazonSearchOrdersPage, amazonV0OrdersPage } from './amazon-schema.ts';
import type { MarketplaceOrder } from './types.ts';

const { sample, expectSampleFiles } = publishedSamples('amazon');
const days = (orders: MarketplaceOrder[]) => orders.map((order) => istanbulDay(new Date(order.orderedAt)));
const searchOrders = (name: string) => parseAmazonAnswer(amazonSearchOrdersPage, sample(name), name);

describe('amazon samples: the published answers read as the models define them', () => {
  it('has an expectation here for every sample file, and every file names its sources and the day they were read', () => {
    expectSampleFiles(
      ['error-429.json', 'get-orders-v0-page.json', 'search-orders-page-first.json', 'search-orders-page-last.json'],
      '2026-11-28',
    );
  });

  it('searchOrders first page: grandTotal in kuruş, unit price × quantity per line, packages make SHIPPED delivered, a next token', () => {
    const page = searchOrders('search-orders-page-first.json');
    expect(page.pagination?.nextToken).toBe('2YgYW55IGNhcm5hbCBwbGVhc3VyZS4');
    const orders = page.orders.map(fromV2026Order);
    expect(orders).toEqual([
      // 21:30 UTC on the 20th is 00:30 on the 21st in Istanbul.
      // grandTotal 1289.70 = 2 × 249.90 + 789.90.
      expectedOrder('405-1234567-1000001', '2026-11-20T21:30:00.000Z', 'delivered', 128_970, [
        expectedLine('KUPA-350', 'Seramik Kupa 350 ml', 2, 49_980),
        expectedLine('TAVA-28', 'Döküm Tava 28 cm', 1, 78_990),
      ]),
      expectedOrder('405-1234567-1000002', '2026-11-27T07:05:00.000Z', 'created', 12_990, [
        expectedLine('SPATULA-S', 'Silikon Spatula', 1, 12_990),
      ]),
    ]);
    expect(days(orders)).toEqual(['2026-11-21', '2026-11-27']);
  });

  it('searchOrders last page: no token; cancelled, returned to seller, and an unknown status kept as other with the lines’ sum', () => {
    const page = searchOrders('search-orders-page-last.json');
    expect(page.pagination).toBeUndefined();
    const orders = page.orders.map(fromV2026Order);
    expect(orders.map((order) => [order.id, order.orderedAt, order.status, order.totalAmount])).toEqual([
      // 20:59:59 UTC is 23:59:59 in Istanbul: still the 14th.
      ['405-1234567-1000003', '2026-11-14T20:59:59.000Z', 'cancelled', 39_900],
      // The only package is back with the seller; 5 × 109.90 = 549.50.
      ['405-1234567-1000004', '2026-11-10T11:00:00.000Z', 'returned', 54_950],
      // No proceeds: 3 × 59.95 = 179.85.
      ['405-1234567-1000005', '2026-11-26T12:00:00.000Z', 'other', 17_985],
    ]);
    // No sellerSku: the ASIN stands in.
    expect(orders[2]!.lines).toEqual([{ sku: 'B0CWORQ006', name: 'Pamuk Mutfak Havlusu', quantity: 3, amount: 17_985 }]);
    expect(days(orders)).toEqual(['2026-11-14', '2026-11-10', '2026-11-26']);
  });

  it('getOrders (v0): OrderTotal in kuruş, Easy Ship Delivered, a Pending order at 0 until its total comes', () => {
    const page = parseAmazonAnswer(amazonV0OrdersPage, sample('get-orders-v0-page.json'), 'getOrders');
    expect(page.payload.NextToken).toBeUndefined();
    const orders = page.payload.Orders.map(fromV0Order);
    expect(orders).toEqual([
      expectedOrder('405-7654321-2000001', '2026-11-18T22:10:00.000Z', 'delivered', 31_240, []),
      expectedOrder('405-7654321-2000002', '2026-11-27T09:00:00.000Z', 'created', 0, []),
    ]);
    // 22:10 UTC on the 18th is 01:10 on the 19th in Istanbul.
    expect(days(orders)).toEqual(['2026-11-19', '2026-11-27']);
  });

  it('the 429 body is the ErrorList', () => {
    expect(amazonErrorList.parse(sample('error-429.json')).errors[0]?.code).toBe('QuotaExceeded');
  });
});

/*
 * Trendyol's published answers (connectors/samples/trendyol/, each file naming its sources and the
 * day they were read) read the way the connector reads them. Every expectation below was worked
 * out by hand from the documentation's field definitions, not by running the connector:
 * - `orderDate` is GMT+3: the Istanbul wall clock written as if it were UTC, so the instant is
 *   3 hours earlier and the Istanbul day is the wall clock's own day;
 * - a line's amount is `lineUnitPrice` (net unit price) × `quantity`; `lineGrossAmount` is the unit
 *   price before discounts; a package's amount is `packageTotalPrice` (net payable), in kuruş;
 * - a split parent (`UnPacked`) is no order; an unknown status word is kept as `other`.
 */
import { istanbulDay } from '@worq/domain/calendar';
import { describe, expect, it } from 'vitest';
import { parseAnswer, readPackages, trendyolError } from './trendyol.ts';
import { expectedLine, expectedOrder, publishedSamples } from './connector-test-kit.ts';
import { trendyolErrorBody, trendyolOrdersPage, trendyolStreamPage } from './trendyol-schema.ts';
import type { MarketplaceOrder } from './types.ts';

const { sample, expectSampleFiles } = publishedSamples('trendyol');
const days = (orders: MarketplaceOrder[]) => orders.map((order) => istanbulDay(new Date(order.orderedAt)));

describe('trendyol samples: the published answers read as the documentation defines them', () => {
  it('has an expectation here for every sample file, and every file names its sources and the day they were read', () => {
    expectSampleFiles(
      [
        'error-401.json',
        'split-packages-page.json',
        'stream-page-first.json',
        'stream-page-last.json',
        'unknown-status-page.json',
        'v2-orders-page.json',
      ],
      '2026-11-28',
    );
  });

  it('v2/orders page: net line amounts (unit net × quantity), the net package total, GMT+3 order dates, Verified as created', () => {
    const page = parseAnswer(trendyolOrdersPage, sample('v2-orders-page.json'));
    expect([page.page, page.size, page.totalPages, page.totalElements]).toEqual([0, 200, 1, 2]);
    const { orders, unclassified } = readPackages(page.content);
    expect(unclassified).toBe(0);
    expect(orders).toEqual([
      // orderDate 1795213800000 = 2026-11-20 22:30 Istanbul wall clock.
      // packageTotalPrice 1549.70 = 1649.70 gross − 100.00 seller discount.
      expectedOrder(
        '3330112001',
        '2026-11-20T19:30:00.000Z',
        'delivered',
        154_970,
        [
          // 649.90 net unit × 2 (lineGrossAmount 699.90 is the unit price before the 50.00 discount per unit).
          expectedLine('KOT-SLM-32', 'Slim Fit Kot Pantolon', 2, 129_980),
          expectedLine('TSH-PMK-01', 'Pamuklu Basic Tişört', 1, 24_990),
        ],
        '10917730012',
      ),
      // 2026-11-27 23:59 Istanbul.
      expectedOrder(
        '3330112002',
        '2026-11-27T20:59:00.000Z',
        'created',
        12_990,
        [expectedLine('TLF-KLF-15', 'Silikon Telefon Kılıfı', 1, 12_990)],
        '10917730013',
      ),
    ]);
    // Late-evening orders stay on their Istanbul day (reading orderDate as UTC would move them to the next day).
    expect(days(orders)).toEqual(['2026-11-20', '2026-11-27']);
    expect(JSON.stringify(orders)).not.toMatch(/Ayşe|Yılmaz|trendyolmail|Kadıköy|Mehmet|Çankaya/);
  });

  it('stream first page: hasMore with an opaque nextCursor, no page members, and its packages', () => {
    const page = parseAnswer(trendyolStreamPage, sample('stream-page-first.json'));
    expect(page.hasMore).toBe(true);
    expect(page.nextCursor).toBe('eyJzIjoxNzkxMTM2ODAwMDAwLCJpZCI6MzMzMDA5ODEwMn0');
    expect(page).not.toHaveProperty('totalPages');
    expect(page).not.toHaveProperty('page');
    const { orders } = readPackages(page.content);
    expect(orders.map((order) => [order.id, order.orderedAt, order.status, order.totalAmount, order.lines[0]!.amount])).toEqual([
      // 2026-10-05 21:15 Istanbul; 134.90 net unit × 3 = 404.70 (gross 149.90 × 3 = 449.70 before 45.00 discount).
      ['3330098101', '2026-10-05T18:15:00.000Z', 'shipped', 40_470, 40_470],
      // 2026-10-04 10:00 Istanbul.
      ['3330098102', '2026-10-04T07:00:00.000Z', 'cancelled', 99_900, 99_900],
    ]);
    expect(days(orders)).toEqual(['2026-10-05', '2026-10-04']);
  });

  it('stream last page: hasMore false and no cursor', () => {
    const page = parseAnswer(trendyolStreamPage, sample('stream-page-last.json'));
    expect([page.hasMore, page.nextCursor]).toEqual([false, null]);
    const { orders } = readPackages(page.content);
    // 2026-09-14 00:20 Istanbul is 21:20 UTC the evening before; the Istanbul day is the 14th.
    expect(orders.map((order) => [order.id, order.orderedAt, order.status, order.totalAmount])).toEqual([
      ['3330087501', '2026-09-13T21:20:00.000Z', 'returned', 54_990],
    ]);
    expect(days(orders)).toEqual(['2026-09-14']);
  });

  it('split packages: the UnPacked parent is skipped, each new package counted once under the same order number', () => {
    const { orders } = readPackages(parseAnswer(trendyolOrdersPage, sample('split-packages-page.json')).content);
    expect(orders.map((order) => [order.id, order.orderNumber, order.status, order.totalAmount])).toEqual([
      ['3330105001', '10917720777', 'cancelled', 10_000],
      ['3330105002', '10917720777', 'preparing', 5_000],
    ]);
    // The order's 150.00 is counted once: 100.00 cancelled + 50.00 still sold.
    expect(days(orders)).toEqual(['2026-11-10', '2026-11-10']);
  });

  it('an unknown status keeps its order as other, counts it, and keeps the rest of the page', () => {
    const { orders, unclassified } = readPackages(parseAnswer(trendyolOrdersPage, sample('unknown-status-page.json')).content);
    expect(unclassified).toBe(1);
    expect(orders.map((order) => [order.id, order.orderedAt, order.status, order.totalAmount])).toEqual([
      ['3330113001', '2026-11-26T20:10:00.000Z', 'other', 7_499],
      ['3330113002', '2026-11-26T09:00:00.000Z', 'created', 8_990],
    ]);
    expect(days(orders)).toEqual(['2026-11-26', '2026-11-26']);
  });

  it('the 401 body is read as bad credentials', () => {
    const body = sample('error-401.json');
    expect(parseAnswer(trendyolErrorBody, body).exception).toBe('ClientApiAuthenticationException');
    expect(trendyolError(401, JSON.stringify(body))).toMatchObject({ kind: 'bad_credentials', messageKey: 'marketplace_bad_credentials' });
  });
});

/**
 * The Çiçeksepeti connector reading the documented answers in samples/ciceksepeti (sources in
 * SOURCES.md there). Every expected figure below was worked out by hand from the field
 * definitions, not by running the connector:
 * - an order is its `orderId`; its instant is `orderCreateDate` `dd/MM/yyyy` + `orderCreateTime`
 *   `HH:mm` on the Istanbul wall clock (UTC+3), e.g. 02/01/2020 17:54 → 2020-01-02T14:54Z;
 * - a line's amount is `totalPrice` in lira × 100; an order's amount is the sum of its live lines
 *   (all of them when none is live);
 * - statuses: 1 created, 2 and 11 preparing, 3 and 5 shipped, 7 delivered, 18 returned, anything
 *   else other; `isOrderStatusActive: false` cancelled; a getcanceledorders row with cancelType 2
 *   (not an exchange, not refused) returned, cancelType 1 cancelled, cancelType 3 nothing.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { istanbulDay } from '@worq/domain/calendar';
import { ciceksepetiCanceledAnswer, ciceksepetiOrdersAnswer } from './ciceksepeti-schema.ts';
import { ciceksepetiConnector, type CiceksepetiContext } from './ciceksepeti.ts';
import { expectedLine, expectedOrder, readAllOrders, useLocalMarketplace } from './connector-test-kit.ts';
import { sendJson } from './test-server.ts';

const sample = (name: string): unknown => JSON.parse(readFileSync(new URL(`samples/ciceksepeti/${name}`, import.meta.url), 'utf8'));
const active = sample('get-orders-active.json');
const inactive = sample('get-orders-inactive.json');
const canceled = sample('get-canceled-orders.json');

const marketplace = useLocalMarketplace();

describe('Çiçeksepeti samples', () => {
  it('are in the shape the connector parses', () => {
    expect(ciceksepetiOrdersAnswer.safeParse(active).success).toBe(true);
    expect(ciceksepetiOrdersAnswer.safeParse(inactive).success).toBe(true);
    expect(ciceksepetiCanceledAnswer.safeParse(canceled).success).toBe(true);
  });

  it('read into the orders, amounts, statuses and Istanbul days worked out by hand', async () => {
    const ctx = await marketplace.serve<CiceksepetiContext>(
      (req, res) => {
        const body = JSON.parse(req.body) as { page: number; isOrderStatusActive?: boolean };
        if (body.page > 0) return sendJson(res, 200, { orderListCount: 0, supplierOrderListWithBranch: [] });
        if (req.path.endsWith('/getcanceledorders')) return sendJson(res, 200, canceled);
        sendJson(res, 200, body.isOrderStatusActive === false ? inactive : active);
      },
      { minIntervalMs: 0 },
    );
    // One 14-day window: the samples are its answers (orders outside it are kept, never filtered).
    const range = { from: new Date('2026-08-10T00:00:00Z'), to: new Date('2026-08-20T00:00:00Z') };
    const { orders, calls } = await readAllOrders(ciceksepetiConnector, { seller_id: '12345', api_key: 'key' }, range, ctx);
    expect(calls).toBe(3);

    const line = expectedLine;
    const order = expectedOrder;
    expect(orders).toEqual([
      // 930002 (2 × 120.00) is being returned: only 930001 stays live.
      order('830001', '2020-01-02T14:54:00.000Z', 'delivered', 44_990, [line('GUL-KRM-11', 'Kırmızı Gül Buketi', 1, 44_990)]),
      order('830002', '2026-07-31T20:40:00.000Z', 'shipped', 89_900, [line('ORK-BEYAZ-2', 'Beyaz Orkide 2 Dal', 1, 89_900)]),
      order('830003', '2026-07-31T21:15:00.000Z', 'preparing', 35_050, [line('CKLT-KUTU-12', "Çikolata Kutusu 12'li", 1, 35_050)]),
      order('830004', '2026-08-15T06:05:00.000Z', 'returned', 44_990, [line('GUL-KRM-11', 'Kırmızı Gül Buketi', 1, 44_990)]),
      // "Bayi Haklı", cancelType 3: the product goes back to the buyer, the sale stands.
      order('830005', '2026-08-16T11:30:00.000Z', 'delivered', 27_500, [line('SKLNT-01', 'Sukulent Saksı', 1, 27_500)]),
      order('830006', '2026-08-17T07:00:00.000Z', 'other', 52_000, [line('TERARYUM-S', 'Teraryum Küçük', 1, 52_000)]),
      // 930009 (the vase) was cancelled: the order is its live rose.
      order('830007', '2026-08-18T08:11:00.000Z', 'created', 44_990, [line('GUL-KRM-11', 'Kırmızı Gül Buketi', 1, 44_990)]),
      order('830008', '2026-08-19T17:45:00.000Z', 'cancelled', 89_900, [line('ORK-BEYAZ-2', 'Beyaz Orkide 2 Dal', 1, 89_900)]),
    ]);
    expect(orders.map((entry) => istanbulDay(Date.parse(entry.orderedAt)))).toEqual([
      '2020-01-02',
      '2026-07-31',
      // 00:15 on 1 August in Istanbul is still 31 July in UTC.
      '2026-08-01',
      '2026-08-15',
      '2026-08-16',
      '2026-08-17',
      '2026-08-18',
      '2026-08-19',
    ]);
    expect(JSON.stringify(orders)).not.toMatch(/Alıcı|Kart notu|İstanbul/);
  });
});

/**
 * The Hepsiburada connector reading the documented answers in samples/hepsiburada (sources in
 * SOURCES.md there), for one Istanbul day: 10 November 2026. Every expected figure below was worked
 * out by hand from the field definitions, not by running the connector:
 * - an order is its `orderNumber`; its instant is the unzoned `orderDate` on the Istanbul wall clock
 *   (UTC+3), decimals past the millisecond dropped: 2026-11-10T00:25:31.7955751 → 2026-11-09T21:25:31.795Z;
 * - a line's amount is its `totalPrice.amount` in lira × 100, rounded to the kuruş (173.98998 →
 *   17 399); an order's amount is the sum of its lines;
 * - the list gives the status: paid lines created, packed packages preparing, shipped shipped,
 *   delivered delivered, undelivered returned, cancelled lines cancelled; shipped, delivered,
 *   undelivered and cancelled rows take their lines, amounts and order date from the order detail;
 *   a partly cancelled order keeps its live lines with their status (`InTransit` → shipped);
 * - nothing is dropped for its order date: orders placed days before the day are kept.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { istanbulDay } from '@worq/domain/calendar';
import { expectedLine, expectedOrder, readAllOrders, useLocalMarketplace } from './connector-test-kit.ts';
import { hepsiburadaStrictAnswers } from './hepsiburada-schema.ts';
import { hepsiburadaConnector, type HepsiburadaContext } from './hepsiburada.ts';
import { sendJson } from './test-server.ts';

const sample = (name: string): unknown => JSON.parse(readFileSync(new URL(`samples/hepsiburada/${name}`, import.meta.url), 'utf8'));
const merchantId = '7666c89d-628b-4e5b-af5e-0e942cffcc20';
const detailNumbers = ['4100000003', '4100000005', '4100000006', '4100000007', '4100000008', '4100000009'];
const answers: Record<string, unknown> = {
  [`/orders/merchantid/${merchantId}`]: sample('orders.json'),
  [`/packages/merchantid/${merchantId}`]: sample('packages.json'),
  [`/packages/merchantid/${merchantId}/shipped`]: sample('packages-shipped.json'),
  [`/packages/merchantid/${merchantId}/delivered`]: sample('packages-delivered.json'),
  [`/packages/merchantid/${merchantId}/undelivered`]: sample('packages-undelivered.json'),
  [`/orders/merchantid/${merchantId}/cancelled`]: sample('orders-cancelled.json'),
  ...Object.fromEntries(
    detailNumbers.map((number) => [`/orders/merchantid/${merchantId}/ordernumber/${number}`, sample(`order-detail-${number}.json`)]),
  ),
};

const marketplace = useLocalMarketplace();

describe('Hepsiburada samples', () => {
  it('are in the shape the connector parses', () => {
    const strict = hepsiburadaStrictAnswers;
    expect(strict.backlog.safeParse(sample('orders.json')).success).toBe(true);
    expect(strict.packed.safeParse(sample('packages.json')).success).toBe(true);
    for (const name of ['packages-shipped.json', 'packages-delivered.json', 'packages-undelivered.json']) {
      expect(strict.events.safeParse(sample(name)).success, name).toBe(true);
    }
    expect(strict.cancelled.safeParse(sample('orders-cancelled.json')).success).toBe(true);
    for (const number of detailNumbers) expect(strict.detail.safeParse(sample(`order-detail-${number}.json`)).success, number).toBe(true);
  });

  it('read into the orders, amounts, statuses and Istanbul days worked out by hand', async () => {
    const ctx = await marketplace.serve<HepsiburadaContext>(
      (req, res) => {
        const answer = answers[req.path];
        if (answer === undefined) return sendJson(res, 404, { message: 'Not Found' });
        sendJson(res, 200, answer);
      },
      { requestBudget: null },
    );
    // 10 November 2026, 00:00 to 24:00 in Istanbul: one window of each list.
    const range = { from: new Date('2026-11-09T21:00:00Z'), to: new Date('2026-11-10T21:00:00Z') };
    const { orders, calls } = await readAllOrders(hepsiburadaConnector, { merchant_id: merchantId, service_key: 'key' }, range, ctx);
    expect(calls).toBe(6);
    expect(marketplace.server.requests).toHaveLength(6 + detailNumbers.length);

    const line = expectedLine;
    const order = expectedOrder;
    const packed = [line('STK45', 'Magnezyum 30 Kapsül', 6, 17_399), line('STK46', 'Çinko 60 Tablet', 1, 9_449)];
    expect(orders).toEqual([
      // Paid, not packed: 899.90 + 298.90 (2 × 149.45).
      order('4100000001', '2026-11-10T07:36:53.593Z', 'created', 119_880, [
        line('KULAKLIK-BT-01', 'Bluetooth Kulaklık', 1, 89_990),
        line('KILIF-15', 'Silikon Kılıf', 2, 29_890),
      ]),
      order('4100000002', '2026-11-10T20:45:10.000Z', 'created', 1_495, [line('PEYNIR-250', 'Çeçil Peyniri 250 gr', 1, 1_495)]),
      // Packed: 173.98998 → 17 399 and 94.49000 → 9 449.
      order('4100000003', '2026-11-09T21:25:31.795Z', 'preparing', 26_848, packed),
      // Placed the day before, packed on the 10th: kept.
      order('4100000004', '2026-11-09T15:05:00.000Z', 'preparing', 29_990, [line('KTP-ROM-03', 'Roman Seti 3 Kitap', 1, 29_990)]),
      // Shipped on the 10th, placed on the 6th; the amounts from the detail.
      order('4100000005', '2026-11-06T17:10:44.120Z', 'shipped', 89_900, [line('NVR-CFT-01', 'Nevresim Takımı Çift Kişilik', 1, 89_900)]),
      // The packed order shipped the same day: the same row, now shipped.
      order('4100000003', '2026-11-09T21:25:31.795Z', 'shipped', 26_848, packed),
      order('4100000006', '2026-11-07T06:00:00.000Z', 'delivered', 129_900, [line('SPR-AYK-42', 'Günlük Spor Ayakkabı', 1, 129_900)]),
      order('4100000007', '2026-11-05T10:30:00.000Z', 'returned', 54_990, [line('CNT-SRT-25', 'Sırt Çantası 25 L', 1, 54_990)]),
      order('4100000008', '2026-11-10T05:55:12.000Z', 'cancelled', 119_900, [line('PRF-EDP-50', 'Kadın Parfüm EDP 50 ml', 1, 119_900)]),
      // The headphones (999.00) were cancelled; the T-shirts (2 × 249.90) are on their way.
      order('4100000009', '2026-11-08T18:40:00.000Z', 'shipped', 49_980, [line('TSH-PMK-01', 'Pamuklu Basic Tişört', 2, 49_980)]),
    ]);
    expect(orders.map((entry) => istanbulDay(Date.parse(entry.orderedAt)))).toEqual([
      '2026-11-10',
      '2026-11-10',
      // 00:25 on 10 November in Istanbul is still 9 November in UTC.
      '2026-11-10',
      '2026-11-09',
      '2026-11-06',
      '2026-11-10',
      '2026-11-07',
      '2026-11-05',
      '2026-11-10',
      '2026-11-08',
    ]);
    expect(JSON.stringify(orders)).not.toMatch(/Alıcı|adreste/);
  });
});

/*
 * Ticimax's SelectSiparis answers in the published shape (connectors/samples/ticimax/, each file
 * naming its sources and the day they were read in its opening comment) read the way the
 * connector reads them. Every expectation below was worked out by hand:
 * - `SiparisTarihi` is the Istanbul wall clock: the instant is 3 hours earlier, the day its own;
 * - a line's unit gross is `Tutar` + `KdvTutari`, its amount that × `Adet`; the order's amount is
 *   `SiparisToplamTutari`, in kuruş;
 * - a request (11, 14, 15, 16) leaves the order where it was before it; a partial return done (17)
 *   keeps the order, delivered, less the returned units; an unknown code is kept as `other`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { istanbulDay } from '@worq/domain/calendar';
import { describe, expect, it } from 'vitest';
import { expectedLine, expectedOrder } from './connector-test-kit.ts';
import { fromTicimaxOrder, parseSoapXml } from './ticimax.ts';
import { ticimaxSelectSiparisAnswer } from './ticimax-schema.ts';
import type { MarketplaceOrder } from './types.ts';

const samplesDir = new URL('./samples/ticimax/', import.meta.url);
const text = (name: string) => readFileSync(new URL(name, samplesDir), 'utf8');
function orders(name: string): MarketplaceOrder[] {
  const result = ticimaxSelectSiparisAnswer.parse(parseSoapXml(text(name))).Envelope.Body.SelectSiparisResponse.SelectSiparisResult;
  return (typeof result === 'string' ? [] : (result.WebSiparis ?? [])).map(fromTicimaxOrder);
}
const days = (list: MarketplaceOrder[]) => list.map((order) => istanbulDay(new Date(order.orderedAt)));

describe('ticimax samples: the published answers read as documented', () => {
  it('has an expectation here for every sample file, and every file names its sources and the day they were read', () => {
    const files = readdirSync(samplesDir).filter((name) => name.endsWith('.xml'));
    expect(files.sort()).toEqual(['select-siparis-requests.xml', 'select-siparis-returns.xml']);
    for (const name of files) {
      expect(text(name), name).toMatch(/Read: 2026-11-28\.[\s\S]*Sources: /);
    }
  });

  it('requests are not final: return requests stay delivered, cancellation requests stay being prepared, an unknown code is other', () => {
    const list = orders('select-siparis-requests.xml');
    expect(list.map((order) => [order.id, order.orderNumber, order.orderedAt, order.status, order.totalAmount])).toEqual([
      // 23:45 Istanbul is 20:45 UTC; 2 × (624.92 + 124.98) = 1499.80.
      ['70001', 'TCX-70001', '2026-11-20T20:45:00.000Z', 'delivered', 149_980],
      // 11 İade Talebi: still delivered. 00:15 Istanbul on the 21st is 21:15 UTC on the 20th.
      ['70002', 'TCX-70002', '2026-11-20T21:15:00.000Z', 'delivered', 34_990],
      // 14 Teslimat Öncesi İptal Talebi and 15 İptal Talebi: still being prepared.
      ['70003', 'TCX-70003', '2026-11-25T07:00:00.000Z', 'preparing', 8_990],
      ['70004', 'TCX-70004', '2026-11-26T12:30:00.000Z', 'preparing', 19_900],
      // 16 Kısmi İade Talebi: still delivered, every line still sold.
      ['70005', 'TCX-70005', '2026-11-12T06:00:00.000Z', 'delivered', 59_800],
      // 23 is no documented code: kept, as other.
      ['70006', 'TCX-70006', '2026-11-27T09:00:00.000Z', 'other', 12_000],
    ]);
    expect(list[4]!.lines).toEqual([
      { sku: 'YASTIK-A', name: 'Kırlent A', quantity: 1, amount: 29_900 },
      { sku: 'YASTIK-B', name: 'Kırlent B', quantity: 1, amount: 29_900 },
    ]);
    expect(list.every((order) => order.currency === 'TRY')).toBe(true);
    expect(days(list)).toEqual(['2026-11-20', '2026-11-21', '2026-11-25', '2026-11-26', '2026-11-12', '2026-11-27']);
  });

  it('a partial return takes only the returned units off; full returns and cancellations end the whole order', () => {
    const list = orders('select-siparis-returns.xml');
    expect(list[0]).toEqual(
      // 1048.00 − 1 returned tişört of 166.67 + 33.33 = 848.00.
      expectedOrder(
        '71001',
        '2026-11-05T17:00:00.000Z',
        'delivered',
        84_800,
        [expectedLine('TSHIRT-M', 'Tişört M', 2, 40_000), expectedLine('PANT-32', 'Pantolon 32', 1, 44_800)],
        'TCX-71001',
      ),
    );
    expect(list.map((order) => [order.id, order.orderedAt, order.status, order.totalAmount])).toEqual([
      ['71001', '2026-11-05T17:00:00.000Z', 'delivered', 84_800],
      // 17 without any line saying what came back: the order keeps its whole amount, never removed.
      ['71002', '2026-11-06T05:00:00.000Z', 'delivered', 25_000],
      // 01:30 Istanbul on the 7th is 22:30 UTC on the 6th.
      ['71003', '2026-11-06T22:30:00.000Z', 'returned', 7_550],
      ['71004', '2026-11-08T08:00:00.000Z', 'cancelled', 41_000],
    ]);
    expect(days(list)).toEqual(['2026-11-05', '2026-11-06', '2026-11-07', '2026-11-08']);
  });
});

/**
 * The N11 connector reading the documented answers in samples/n11 (sources in SOURCES.md there).
 * Every expected figure below was worked out by hand from the field definitions, not by running
 * the connector:
 * - a package is its `id`; a package with `id: null` is its order number and its lines'
 *   `orderLineId`s, sorted: 204200000001-450000001-450000002;
 * - it was placed at its Created history entry, an epoch of the Istanbul wall clock read as UTC:
 *   1748621524631 reads 2025-05-30T16:12:04.631 in Istanbul, so 13:12:04.631Z;
 *   1788219000000 reads 2026-08-31T23:30 (20:30Z), 1788221400000 2026-09-01T00:10 (21:10Z on 31
 *   August), 1788350400000 2026-09-02T12:00 (09:00Z);
 * - a line's amount is `sellerInvoiceAmount` × 100 (391.33 → 39 133, not the buyer's 282.33); a
 *   package's amount is the sum of its lines (225 + 59.97 → 28 497; 150 + 89.90 → 23 990);
 * - Delivered with an APPROVED claim on every line is returned; a DENIED claim takes nothing back;
 *   Picking is preparing.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { istanbulDay } from '@worq/domain/calendar';
import { expectedLine, expectedOrder, readAllOrders, useLocalMarketplace } from './connector-test-kit.ts';
import { readClaimReturnList } from './n11-claims.ts';
import { n11ClaimReturnListAnswer, n11PackagesAnswer } from './n11-schema.ts';
import { n11Connector, type N11Context } from './n11.ts';
import { sendJson, sendText } from './test-server.ts';

const sample = (name: string) => readFileSync(new URL(`samples/n11/${name}`, import.meta.url), 'utf8');
const delivered = JSON.parse(sample('shipment-packages-delivered.json')) as unknown;
const shipped = JSON.parse(sample('shipment-packages-shipped.json')) as unknown;
const pickingN11 = JSON.parse(sample('shipment-packages-picking-n11.json')) as unknown;
const claims = sample('claim-return-list.xml');
const noClaims = claims.replace(/<claimReturnList>[\s\S]*<\/claimReturnList>/, '<claimReturnList/>');

const marketplace = useLocalMarketplace();

describe('N11 samples', () => {
  it('are in the shape the connector parses', () => {
    for (const page of [delivered, shipped, pickingN11]) expect(n11PackagesAnswer.safeParse(page).success).toBe(true);
    const read = readClaimReturnList(claims);
    expect(read && 'response' in read && n11ClaimReturnListAnswer.safeParse(read.response).success).toBe(true);
  });

  it('read into the orders, amounts, statuses and Istanbul days worked out by hand', async () => {
    const ctx = await marketplace.serve<N11Context>((req, res) => {
      if (req.path === '/ws/returnService/')
        return sendText(res, 200, req.body.includes('<sender>SELLER</sender>') ? claims : noClaims, 'text/xml');
      const asked = `${req.query.get('status')}:${req.query.get('sender')}`;
      const answer = { 'Delivered:SELLER': delivered, 'Shipped:SELLER': shipped, 'Picking:N11': pickingN11 }[asked];
      sendJson(res, 200, answer ?? { content: [], totalElements: 0, totalPages: 0, page: 0, size: 100 });
    });
    // One 15-day window of packages; the samples are its answers.
    const range = { from: new Date('2026-08-25T00:00:00Z'), to: new Date('2026-09-05T00:00:00Z') };
    const { orders } = await readAllOrders(n11Connector, { app_key: 'key', app_secret: 'secret' }, range, ctx);

    expect(orders).toEqual([
      expectedOrder(
        '113000000000003',
        '2026-09-02T09:00:00.000Z',
        'preparing',
        15_100,
        [expectedLine('KHV-250', 'Kahve Çekirdeği 250 g', 2, 15_100)],
        '204300000003',
      ),
      expectedOrder(
        '204200000001-450000001-450000002',
        '2026-08-31T21:10:00.000Z',
        'shipped',
        23_990,
        [expectedLine('KLTK-3-MNT', 'Üçlü Koltuk Takımı Montajı', 1, 15_000), expectedLine('ORTU-01', 'Koltuk Örtüsü', 1, 8_990)],
        '204200000001',
      ),
      expectedOrder(
        '112964324974270',
        '2025-05-30T13:12:04.631Z',
        'returned',
        39_133,
        [expectedLine('NWAD-HP00116105241', 'Koodmax HP Uyumlu Envy 4 6 14 19.5V 3.33A Mavi Uç Notebook Adaptör Şarj Aleti', 1, 39_133)],
        '204123935736',
      ),
      expectedOrder(
        '113000000000002',
        '2026-08-31T20:30:00.000Z',
        'delivered',
        28_497,
        [expectedLine('KUPA-SRM-350', 'Seramik Kupa 350 ml', 1, 22_500), expectedLine('ALTLIK-01', 'Bardak Altlığı', 3, 5_997)],
        '204300000002',
      ),
    ]);
    expect(orders.map((order) => istanbulDay(Date.parse(order.orderedAt)))).toEqual([
      '2026-09-02',
      '2026-09-01',
      '2025-05-30',
      '2026-08-31',
    ]);
    expect(JSON.stringify(orders)).not.toMatch(/Alıcı|example|5XXX|11111111111/);
  });
});

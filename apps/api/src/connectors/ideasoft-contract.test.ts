/*
 * Ideasoft's published order answers (connectors/samples/ideasoft/, SOURCES.md names where each
 * shape comes from) read the way the connector reads them. Every expectation below was worked out
 * by hand from the documentation's definitions, not by running the connector:
 * - `createdAt` carries the store's offset (+03:00): the instant is 3 hours earlier, the Istanbul
 *   day the wall clock's own;
 * - the order's amount is `finalAmount` in kuruş; a line's is `productPrice` × `productQuantity`
 *   (a decimal quantity included), rounded to whole kuruş;
 * - `refunded` is a return; a store's own `personal_status_*` is kept as `other` and counted;
 * - revenue counts every order but cancelled and returned ones (modules/insight/repository.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { istanbulDay } from '@worq/domain/calendar';
import { describe, expect, it } from 'vitest';
import { ideasoftConnector, parseIdeasoftOrders, toIdeasoftOrder } from './ideasoft.ts';
import { ideasoftOAuthError, ideasoftOrderStatuses } from './ideasoft-schema.ts';
import { useLocalMarketplace } from './connector-test-kit.ts';
import { sendJson } from './test-server.ts';
import type { MarketplaceOrder } from './types.ts';

const samplesDir = new URL('./samples/ideasoft/', import.meta.url);
const text = (name: string) => readFileSync(new URL(name, samplesDir), 'utf8');
const sample = (name: string): unknown => JSON.parse(text(name));
const days = (orders: MarketplaceOrder[]) => orders.map((order) => istanbulDay(new Date(order.orderedAt)));
const marketplace = useLocalMarketplace();

describe('ideasoft samples: the published answers read as documented', () => {
  it('has an expectation here for every sample file, and SOURCES.md names the source of each', () => {
    const files = readdirSync(samplesDir).filter((name) => name.endsWith('.json'));
    expect(files.sort()).toEqual(['error-401.json', 'orders-page.json']);
    const sources = text('SOURCES.md');
    expect(sources).toMatch(/Read 2026-11-28/);
    for (const name of files) expect(sources, name).toContain(`\`${name}\``);
  });

  it('orders page: instants from the store offset, finalAmount as the amount, decimal quantities, every status word', () => {
    const orders = parseIdeasoftOrders(sample('orders-page.json')).map(toIdeasoftOrder);
    expect(orders.map((order) => [order.id, order.orderNumber, order.orderedAt, order.status, order.totalAmount, order.currency])).toEqual([
      // 23:40 Istanbul is 20:40 UTC; finalAmount 1249.70 = 1349.70 of goods − 100.00 coupon.
      ['41001', '41001', '2026-11-20T20:40:00.000Z', 'delivered', 124_970, 'TRY'],
      // 00:15 Istanbul on the 21st is 21:15 UTC on the 20th; 289.80 = 249.90 + 39.90 shipping.
      ['41002', '41002', '2026-11-20T21:15:00.000Z', 'shipped', 28_980, 'TRY'],
      ['41003', '41003', '2026-11-25T07:00:00.000Z', 'preparing', 22_500, 'TRY'],
      ['41004', '41004', '2026-11-26T11:30:00.000Z', 'cancelled', 49_900, 'TRY'],
      ['41005', '41005', '2026-11-12T06:00:00.000Z', 'returned', 14_990, 'TRY'],
      // personal_status_1 means what the store named it: kept, as other.
      ['41006', '41006', '2026-11-27T15:05:00.000Z', 'other', 8_990, 'TRY'],
      // 23:59 Istanbul stays on the 27th.
      ['41007', '41007', '2026-11-27T20:59:00.000Z', 'created', 59_990, 'TRY'],
    ]);
    expect(days(orders)).toEqual(['2026-11-20', '2026-11-21', '2026-11-25', '2026-11-26', '2026-11-12', '2026-11-27', '2026-11-27']);
    expect(orders[0]!.lines).toEqual([
      // 599.90 × 2 and 149.90 × 1: the lines are before the 100.00 coupon, the order after it.
      { sku: 'KOT-SLM-32', name: 'Slim Fit Kot Pantolon', quantity: 2, amount: 119_980 },
      { sku: 'TSH-PMK-01', name: 'Pamuklu Basic Tişört', quantity: 1, amount: 14_990 },
    ]);
    // 124.95 × 2 = 249.90; 180.00 × 1.25 kg = 225.00; no SKU: the product id stands in.
    expect(orders[1]!.lines).toEqual([{ sku: 'TLF-KLF-15', name: 'Silikon Telefon Kılıfı', quantity: 2, amount: 24_990 }]);
    expect(orders[2]!.lines).toEqual([{ sku: 'IP-PMK-KG', name: 'Pamuk Örgü İpi (kg)', quantity: 1.25, amount: 22_500 }]);
    expect(orders[5]!.lines).toEqual([{ sku: 'ideasoft-5012', name: 'Anahtarlık', quantity: 1, amount: 8_990 }]);
    expect(JSON.stringify(orders)).not.toMatch(/Ayşe|Yılmaz|example\.com|Kadıköy|\+90/);
  });

  it('orders page: 7 orders placed, 5 counted, 1 unclassified, revenue 2454.30', () => {
    const orders = parseIdeasoftOrders(sample('orders-page.json')).map(toIdeasoftOrder);
    const counted = orders.filter((order) => order.status !== 'cancelled' && order.status !== 'returned');
    expect([orders.length, counted.length]).toEqual([7, 5]);
    expect(orders.filter((order) => order.status === 'other')).toHaveLength(1);
    // 1249.70 + 289.80 + 225.00 + 89.90 + 599.90 = 2454.30 (the cancelled 499.00 and returned 149.90 left out).
    expect(counted.reduce((sum, order) => sum + order.totalAmount, 0)).toBe(245_430);
  });

  it('every documented status word but the store-named ones has a meaning', () => {
    const statusOf = (status: string) =>
      toIdeasoftOrder({ id: 1, status, currency: 'TL', finalAmount: 1, createdAt: '2026-11-20T10:00:00+03:00', orderItems: [] }).status;
    const meanings = Object.fromEntries(ideasoftOrderStatuses.map((status) => [status, statusOf(status)]));
    expect(meanings).toEqual({
      waiting_for_approval: 'created',
      approved: 'preparing',
      fulfilled: 'shipped',
      cancelled: 'cancelled',
      delivered: 'delivered',
      on_accumulation: 'created',
      waiting_for_payment: 'created',
      being_prepared: 'preparing',
      refunded: 'returned',
      personal_status_1: 'other',
      personal_status_2: 'other',
      personal_status_3: 'other',
    });
    // A word Ideasoft adds later is no reason to drop the order.
    expect(statusOf('partially_refunded')).toBe('other');
  });

  it('an answer out of the documented shape is unexpected, not an empty page', () => {
    expect(() => parseIdeasoftOrders({ data: [] })).toThrow(/documented shape/);
    expect(() => parseIdeasoftOrders([{ id: 1, status: 'delivered' }])).toThrow(/documented shape at 0\./);
  });

  it('the 401 body of a refused access token is read as bad credentials once the refresh is refused too', async () => {
    const body = sample('error-401.json');
    expect(ideasoftOAuthError.parse(body).error).toBe('invalid_grant');
    const server = await marketplace.start((req, res) =>
      req.path === '/oauth/v2/token'
        ? sendJson(res, 400, { error: 'invalid_grant', error_description: 'Invalid refresh token' })
        : sendJson(res, 401, body),
    );
    const error = await ideasoftConnector
      .listOrders(
        {
          store_url: 'https://magaza.myideasoft.com',
          client_id: 'c',
          client_secret: 's',
          access_token: 'old',
          refresh_token: `spent-${Date.now()}`,
        },
        { from: new Date('2026-11-20T00:00:00Z'), to: new Date('2026-11-21T00:00:00Z') },
        null,
        { baseUrl: server.url, retries: 0 },
      )
      .catch((reason: unknown) => reason);
    expect(error).toMatchObject({ kind: 'bad_credentials', messageKey: 'marketplace_bad_credentials' });
  });
});

/*
 * The orders the insight tests import: one line in Turkish lira, placed at noon (Istanbul) on a
 * given day, so that it counts on that day whatever the test's own clock.
 */
import type { MarketplaceOrder, OrderStatus } from '../../connectors/types.ts';
import { istanbulDayStart } from './repository.ts';

/** A sale of `amount` kuruş on `day` (YYYY-MM-DD), its id also its order number. */
export function noonSale(id: string, day: string, amount: number, status: OrderStatus = 'delivered'): MarketplaceOrder {
  return {
    id,
    orderNumber: id,
    orderedAt: new Date(istanbulDayStart(day).getTime() + 12 * 3_600_000).toISOString(),
    status,
    totalAmount: amount,
    currency: 'TRY',
    lines: [{ sku: 'S', name: 'Ürün', quantity: 1, amount }],
  };
}

import { describe, expect, it } from 'vitest';
import { istanbulDay, quietStorePrefix, sandboxHistoryDays, sandboxOrders, sandboxOrdersById, sandboxSales } from './orders.ts';

const dayMs = 86_400_000;
const now = new Date(Date.UTC(2026, 10, 22, 12, 0));
const yearAgo = new Date(now.getTime() - 370 * dayMs);

describe('sandbox orders', () => {
  it('gives a store the same orders every time and another store different ones', () => {
    const first = sandboxOrders('trendyol:1', yearAgo, now, { now });
    expect(sandboxOrders('trendyol:1', yearAgo, now, { now })).toEqual(first);
    const other = sandboxOrders('trendyol:2', yearAgo, now, { now });
    expect(other.map((order) => order.id)).not.toEqual(first.map((order) => order.id));
  });

  it('serves more than a year of history, in order, inside the range; a slice is the same orders', () => {
    const orders = sandboxOrders('hepsiburada:m1', new Date(0), now, { now });
    expect(orders.length).toBeGreaterThan(sandboxHistoryDays * 4);
    const times = orders.map((order) => Date.parse(order.orderedAt));
    expect(Math.min(...times)).toBeGreaterThanOrEqual(now.getTime() - sandboxHistoryDays * dayMs);
    expect(Math.max(...times)).toBeLessThan(now.getTime());
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    const from = new Date(now.getTime() - 10 * dayMs);
    const to = new Date(now.getTime() - 3 * dayMs);
    expect(sandboxOrders('hepsiburada:m1', from, to, { now })).toEqual(
      orders.filter((order) => order.orderedAt >= from.toISOString() && order.orderedAt < to.toISOString()),
    );
  });

  it('prices lines in kuruş, sums them to the total, never repeats a sku in one order and uses TRY', () => {
    for (const order of sandboxOrders('n11:key', yearAgo, now, { now, splits: true })) {
      expect(Number.isInteger(order.totalAmount)).toBe(true);
      expect(order.lines.length).toBeGreaterThanOrEqual(1);
      expect(order.lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0)).toBe(order.totalAmount);
      expect(new Set(order.lines.map((line) => line.sku)).size).toBe(order.lines.length);
      expect(order.currency).toBe('TRY');
    }
  });

  it('grows over the year and sells more on Sundays than on Fridays', () => {
    const orders = sandboxOrders('ciceksepeti:seller', yearAgo, now, { now });
    const firstMonth = orders.filter((order) => Date.parse(order.orderedAt) < yearAgo.getTime() + 30 * dayMs).length;
    const lastMonth = orders.filter((order) => Date.parse(order.orderedAt) >= now.getTime() - 30 * dayMs).length;
    expect(lastMonth).toBeGreaterThan(firstMonth * 1.2);
    const byWeekday = [0, 0, 0, 0, 0, 0, 0];
    for (const order of orders) byWeekday[new Date(Date.parse(order.orderedAt) + 3 * 3_600_000).getUTCDay()]! += 1;
    expect(byWeekday[0]).toBeGreaterThan(byWeekday[5]!);
  });

  it('moves statuses with the age in Istanbul days: old orders are delivered, cancelled or returned', () => {
    const orders = sandboxOrders('trendyol:status', yearAgo, now, { now });
    const old = orders.filter((order) => Date.parse(order.orderedAt) < now.getTime() - 10 * dayMs);
    expect(new Set(old.map((order) => order.status))).toEqual(new Set(['delivered', 'cancelled', 'returned']));
    expect(old.filter((order) => order.status === 'delivered').length / old.length).toBeGreaterThan(0.8);
    const today = orders.filter((order) => istanbulDay(Date.parse(order.orderedAt)) === istanbulDay(now.getTime()));
    expect(today.length).toBeGreaterThan(0);
    for (const order of today) expect(['created', 'preparing', 'cancelled']).toContain(order.status);
  });

  it('splits packages only where asked: a split parent and two packages with its order number', () => {
    expect(sandboxOrders('hepsiburada:m1', yearAgo, now, { now }).some((order) => order.status === 'split')).toBe(false);
    const orders = sandboxOrders('trendyol:splits', yearAgo, now, { now, splits: true });
    const parents = orders.filter((order) => order.status === 'split');
    expect(parents.length).toBeGreaterThan(10);
    for (const parent of parents) {
      const children = orders.filter((order) => order.orderNumber === parent.orderNumber && order.id !== parent.id);
      expect(children).toHaveLength(2);
      expect(children.reduce((sum, child) => sum + child.totalAmount, 0)).toBe(parent.totalAmount);
      expect(children.map((child) => child.status)).toContain('cancelled');
    }
    const sales = sandboxSales('trendyol:splits', yearAgo, now, { now, splits: true });
    expect(sales).toHaveLength(orders.length - parents.length);
    expect(sales[0]!.lines[0]!.amount).toBe(
      orders.find((order) => order.id === sales[0]!.id)!.lines[0]!.unitPrice *
        orders.find((order) => order.id === sales[0]!.id)!.lines[0]!.quantity,
    );
  });

  it('scales the daily count for benchmarks', () => {
    const single = sandboxOrders('amazon:scale', yearAgo, now, { now }).length;
    const tenfold = sandboxOrders('amazon:scale', yearAgo, now, { now, scale: 10 }).length;
    expect(tenfold / single).toBeGreaterThan(8);
    expect(tenfold / single).toBeLessThan(12);
  });
});

describe('a quiet sandbox store', () => {
  it('stopped selling ten days ago and sold before', () => {
    const recent = sandboxSales(`trendyol:${quietStorePrefix}123`, new Date(now.getTime() - 9 * dayMs), now, { now });
    const before = sandboxSales(
      `trendyol:${quietStorePrefix}123`,
      new Date(now.getTime() - 30 * dayMs),
      new Date(now.getTime() - 11 * dayMs),
      { now },
    );
    const ordinary = sandboxSales('trendyol:123', new Date(now.getTime() - 9 * dayMs), now, { now });
    expect(recent).toEqual([]);
    expect(before.length).toBeGreaterThan(50);
    expect(ordinary.length).toBeGreaterThan(20);
  });

  it('pages a range in id order without generating it: the pages put together are the range', () => {
    // From the middle of a day to now (the middle of today), as a backfill's pages ask.
    const from = new Date(now.getTime() - 40 * dayMs - 5 * 3_600_000);
    const options = { now, scale: 2.5 };
    const range = [...sandboxOrders('ideasoft:paged', from, now, options)].sort((a, b) => Number(a.id) - Number(b.id));
    const pages = [];
    for (let offset = 0; ; offset += 100) {
      const { packages, total } = sandboxOrdersById('ideasoft:paged', from, now, offset, 100, options);
      expect(total).toBe(range.length);
      if (packages.length === 0) break;
      pages.push(...packages);
    }
    expect(pages).toEqual(range);
    expect(sandboxOrdersById('ideasoft:paged', from, now, range.length - 30, 100, options).packages).toEqual(range.slice(-30));
  });
});

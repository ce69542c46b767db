import { describe, expect, it } from 'vitest';
import { sandboxHistoryDays, sandboxOrderDetail, sandboxOrders } from './orders.ts';

const dayMs = 86_400_000;
const now = new Date(Date.UTC(2026, 10, 22, 12, 0));
const halfYearAgo = new Date(now.getTime() - 200 * dayMs);

describe('sandbox orders', () => {
  it('gives a store the same orders every time and another store different ones', () => {
    const first = sandboxOrders('trendyol:1', halfYearAgo, now, now);
    expect(sandboxOrders('trendyol:1', halfYearAgo, now, now)).toEqual(first);
    const other = sandboxOrders('trendyol:2', halfYearAgo, now, now);
    expect(other.map((order) => order.id)).not.toEqual(first.map((order) => order.id));
  });

  it('serves about six months of history, in order, inside the range', () => {
    const orders = sandboxOrders('hepsiburada:m1', halfYearAgo, now, now);
    expect(orders.length).toBeGreaterThan(sandboxHistoryDays * 4);
    const times = orders.map((order) => Date.parse(order.orderedAt));
    expect(Math.min(...times)).toBeGreaterThanOrEqual(now.getTime() - sandboxHistoryDays * dayMs);
    expect(Math.max(...times)).toBeLessThan(now.getTime());
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    const from = new Date(now.getTime() - 10 * dayMs);
    const to = new Date(now.getTime() - 3 * dayMs);
    const slice = sandboxOrders('hepsiburada:m1', from, to, now);
    expect(slice).toEqual(orders.filter((order) => order.orderedAt >= from.toISOString() && order.orderedAt < to.toISOString()));
  });

  it('keeps amounts between 150 and 3,000 TL in kuruş, with 1–4 items and TRY', () => {
    const orders = sandboxOrders('n11:key', halfYearAgo, now, now);
    for (const order of orders) {
      expect(Number.isInteger(order.totalAmount)).toBe(true);
      expect(order.totalAmount).toBeGreaterThanOrEqual(15_000);
      expect(order.totalAmount).toBeLessThanOrEqual(300_000);
      expect(order.itemCount).toBeGreaterThanOrEqual(1);
      expect(order.itemCount).toBeLessThanOrEqual(4);
      expect(order.currency).toBe('TRY');
    }
  });

  it('grows over the half year and sells more on Sundays than on Fridays', () => {
    const orders = sandboxOrders('ciceksepeti:seller', halfYearAgo, now, now);
    const firstMonth = orders.filter((order) => Date.parse(order.orderedAt) < now.getTime() - 150 * dayMs).length;
    const lastMonth = orders.filter((order) => Date.parse(order.orderedAt) >= now.getTime() - 30 * dayMs).length;
    expect(lastMonth).toBeGreaterThan(firstMonth);
    const byWeekday = [0, 0, 0, 0, 0, 0, 0];
    for (const order of orders) byWeekday[new Date(Date.parse(order.orderedAt) + 3 * 3_600_000).getUTCDay()]! += 1;
    expect(byWeekday[0]).toBeGreaterThan(byWeekday[5]!);
  });

  it('moves statuses along with age: old orders are delivered, cancelled or returned', () => {
    const orders = sandboxOrders('trendyol:status', halfYearAgo, now, now);
    const old = orders.filter((order) => Date.parse(order.orderedAt) < now.getTime() - 10 * dayMs);
    expect(new Set(old.map((order) => order.status))).toEqual(new Set(['delivered', 'cancelled', 'returned']));
    expect(old.filter((order) => order.status === 'delivered').length / old.length).toBeGreaterThan(0.8);
    const fresh = orders.filter((order) => Date.parse(order.orderedAt) > now.getTime() - 3 * 3_600_000);
    for (const order of fresh) expect(['created', 'cancelled']).toContain(order.status);
  });

  it('details an order with Turkish customers and lines summing to its total', () => {
    for (const order of sandboxOrders('trendyol:lines', new Date(now.getTime() - 5 * dayMs), now, now)) {
      const detail = sandboxOrderDetail(order);
      expect(detail.lines).toHaveLength(order.itemCount);
      expect(detail.lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0)).toBe(order.totalAmount);
      for (const line of detail.lines) expect(line.unitPrice).toBeGreaterThan(0);
      expect(detail.city).toMatch(/\S/);
      expect(sandboxOrderDetail(order)).toEqual(detail);
    }
  });
});

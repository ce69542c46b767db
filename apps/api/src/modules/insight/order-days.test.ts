/*
 * The store days and product days (migration 0013) the figures read instead of the orders: kept by
 * the order table's triggers through imports, status changes, moved days and deletions, they must
 * always equal what the orders add up to (marketplace_order_days_rebuild computes that), and go
 * with their store.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MarketplaceOrder } from '../../connectors/types.ts';
import type { Database } from '../../db/client.ts';
import { integrations, marketplaceOrders, marketplaces } from '../../db/schema.ts';
import { seedReferenceData } from '../../db/seed.ts';
import { insertTestCustomer, openTestDatabase } from '../../test/helpers.ts';
import { rowsOf } from './repository.ts';
import { upsertOrders } from './sync-repository.ts';

let database: Database;
let customerId: string;
let integrationId: string;

beforeAll(async () => {
  database = await openTestDatabase();
  await seedReferenceData(database.db);
  customerId = await insertTestCustomer(database, 'order-days');
  const [marketplace] = await database.db.select({ id: marketplaces.id }).from(marketplaces).where(eq(marketplaces.code, 'trendyol'));
  const [store] = await database.db
    .insert(integrations)
    .values({ customerId, marketplaceId: marketplace!.id, storeName: 'Gün Mağazası', publicFields: {} })
    .returning();
  integrationId = store!.id;
});

afterAll(async () => {
  await database?.close();
});

const order = (id: string, day: number, status: MarketplaceOrder['status'], amount: number, currency = 'TRY'): MarketplaceOrder => ({
  id,
  orderNumber: id,
  orderedAt: new Date(Date.UTC(2026, 9, day, 9)).toISOString(),
  status,
  totalAmount: amount,
  currency,
  lines: [
    { sku: 'A', name: 'Ürün A', quantity: 1, amount: amount - 100 },
    { sku: id.endsWith('2') ? 'B' : 'A', name: 'Ürün', quantity: 2, amount: 100 },
  ],
});

/** Both tables' rows that hold something, in one comparable shape. */
async function kept(): Promise<unknown[]> {
  const days = rowsOf(
    await database.db.execute(sql`
      select 'day' as kind, integration_id::text, order_day::text, currency as key, orders, revenue::text, units::text,
        cancelled_orders, returned_orders
      from marketplace_order_days where orders + cancelled_orders + returned_orders > 0 order by 2, 3, 4`),
  );
  const products = rowsOf(
    await database.db.execute(sql`
      select 'product' as kind, integration_id::text, order_day::text, sku as key, name, lines, units::text, revenue::text
      from marketplace_order_product_days where lines > 0 order by 2, 3, 4`),
  );
  return [...days, ...products];
}

async function rebuilt(): Promise<unknown[]> {
  await database.db.execute(sql`select marketplace_order_days_rebuild()`);
  return kept();
}

describe('store days and product days', () => {
  it('follow imports, changed orders, moved days and deletions, and equal what the orders add up to', async () => {
    await upsertOrders(database.db, customerId, integrationId, [
      order('o1', 1, 'delivered', 10_000),
      order('o2', 1, 'cancelled', 20_000),
      order('o3', 2, 'shipped', 30_000),
      order('o4', 2, 'delivered', 40_000, 'EUR'),
      order('o5', 3, 'returned', 50_000),
    ]);
    // The next import: a return, a cancellation undone, a new amount, an order moved to another day, a new order.
    await upsertOrders(database.db, customerId, integrationId, [
      order('o1', 1, 'returned', 10_000),
      order('o2', 1, 'delivered', 20_000),
      order('o3', 2, 'shipped', 35_000),
      order('o5', 4, 'returned', 50_000),
      order('o6', 3, 'created', 60_000),
    ]);
    // The same page again changes nothing.
    await upsertOrders(database.db, customerId, integrationId, [order('o6', 3, 'created', 60_000)]);
    await database.db.delete(marketplaceOrders).where(eq(marketplaceOrders.externalId, 'o3'));

    const before = await kept();
    expect(before.length).toBeGreaterThan(0);
    expect(before).toContainEqual({
      kind: 'day',
      integration_id: integrationId,
      order_day: '2026-10-01',
      key: 'TRY',
      orders: 1,
      revenue: '20000',
      units: '3',
      cancelled_orders: 0,
      returned_orders: 1,
    });
    expect(await rebuilt()).toEqual(before);
  });

  it('go with their store', async () => {
    await database.db.delete(integrations).where(eq(integrations.id, integrationId));
    expect(await kept()).toEqual([]);
  });
});

/*
 * Amounts are capped at ingest, so that no sum passes 2^53; texts and lines are bounded. A store
 * serving absurd orders gives capped figures, never a 500 on the overview or the expert's page.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { MarketplaceOrder } from '../../connectors/types.ts';
import { get, registerVerifiedCustomer, sharedAccountsTestApp } from '../../test/accounts-helpers.ts';
import { sharedTestApp } from '../../test/helpers.ts';
import { createReviewTestApp, signInExpert, submitApplication } from '../admin/test-kit.ts';
import { insertTestStore } from '../marketplace/test-kit.ts';
import { boundOrders, boundedText, ingestLimits } from './ingest-limits.ts';
import { istanbulDate } from './repository.ts';
import { noonSale } from './sales-test-kit.ts';
import { upsertOrders } from './sync-repository.ts';

const ctx = sharedAccountsTestApp();
const today = istanbulDate(new Date());
const yesterday = istanbulDate(Date.now() - 86_400_000);
const huge = 2 ** 60;

let counter = 0;
function order(amount: number, overrides: Partial<MarketplaceOrder> = {}): MarketplaceOrder {
  counter += 1;
  return { ...noonSale(`big-${counter}`, yesterday, amount), ...overrides };
}

describe('boundOrders', () => {
  it('caps amounts and quantities, cuts texts and lines, and counts what it changed', () => {
    const { orders, capped, rejected } = boundOrders([
      order(huge, {
        lines: Array.from({ length: ingestLimits.maxLines + 50 }, (_, index) => ({
          sku: `S${index}`.padEnd(5_000, 'x'),
          name: `Ad\u0000 ${'ç'.repeat(10_000)}`,
          quantity: 1e12,
          amount: huge,
        })),
      }),
      order(12_345),
    ]);
    expect({ capped, rejected }).toEqual({ capped: 1, rejected: 0 });
    const [big, fine] = orders;
    expect(big!.totalAmount).toBe(ingestLimits.maxAmount);
    expect(big!.lines).toHaveLength(ingestLimits.maxLines);
    expect(big!.lines[0]!.quantity).toBe(ingestLimits.maxQuantity);
    expect(big!.lines[0]!.amount).toBe(ingestLimits.maxAmount);
    expect(big!.lines[0]!.sku).toHaveLength(ingestLimits.maxSkuLength);
    expect(big!.lines[0]!.name.length).toBeLessThanOrEqual(ingestLimits.maxNameLength);
    expect(big!.lines[0]!.name).not.toContain('\u0000');
    expect(fine!.totalAmount).toBe(12_345);
  });

  it('leaves out orders without a usable id, instant, status or amount', () => {
    const result = boundOrders([
      order(1, { id: '' }),
      order(1, { id: 'x'.repeat(ingestLimits.maxIdLength + 1) }),
      order(1, { orderedAt: 'yesterday' }),
      order(1, { status: 'lost' as MarketplaceOrder['status'] }),
      order(Number.NaN),
      order(Number.POSITIVE_INFINITY),
      order(-5),
    ]);
    expect(result.rejected).toBe(6);
    expect(result.orders).toHaveLength(1);
    expect(result.orders[0]!.totalAmount).toBe(0);
    expect(result.capped).toBe(1);
  });

  it('never splits a surrogate pair nor keeps a lone one', () => {
    expect(boundedText('ab😀', 3)).toBe('ab');
    expect(boundedText('a\uD800b', 10)).toBe('a\uFFFDb');
  });
});

describe('a store serving an order of 2^60 kuruş', () => {
  const review = sharedTestApp(() => createReviewTestApp());

  it('does not 500 the overview; the order counts at the cap', async () => {
    const seller = await registerVerifiedCustomer(ctx);
    const store = await insertTestStore(ctx, seller.customerId, 'trendyol', 'Dev Mağaza', { seller_id: '9' });
    const counts = await upsertOrders(ctx.database.db, seller.customerId, store, [order(huge), order(huge), order(5_000)]);
    expect(counts).toMatchObject({ inserted: 3, capped: 2, rejected: 0 });
    const response = await get(ctx, `/insight/overview?from=${yesterday}&to=${today}`, seller.jwt_token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().totals.revenue).toBe(2 * ingestLimits.maxAmount + 5_000);
    expect((await get(ctx, `/insight/tips?from=${yesterday}&to=${today}`, seller.jwt_token)).statusCode).toBe(200);
    expect((await get(ctx, '/gpp/suggestion', seller.jwt_token)).statusCode).toBe(200);
  });

  it('does not 500 the overview or the expert review even for rows stored past any cap: sums stop at 2^53 - 1', async () => {
    const expert = (await signInExpert(review)).jwt_token;
    const seller = await registerVerifiedCustomer(review);
    const submitted = await submitApplication(review, seller);
    await upsertOrders(review.database.db, seller.customerId, submitted.integrationId, [order(1_000)]);
    // Rows written before the cap existed (or by a bug) hold what the store sent.
    await review.database.db.execute(sql`
      update marketplace_orders set total_amount = ${String(huge)}::bigint,
        lines = jsonb_build_array(jsonb_build_object('sku', 'SKU', 'name', 'Ürün', 'quantity', 1e15, 'amount', 1e22))
      where integration_id = ${submitted.integrationId}`);
    await review.database.db.execute(sql`
      insert into marketplace_orders (integration_id, customer_id, external_id, order_number, ordered_at, order_day, status, total_amount, currency, units, lines)
      select integration_id, customer_id, 'copy-' || g, order_number, ordered_at, order_day, status, total_amount, currency, units, lines
        from marketplace_orders, generate_series(1, 20) g
      where integration_id = ${submitted.integrationId}`);
    const overview = await get(review, `/insight/overview?from=${yesterday}&to=${today}`, seller.jwt_token);
    expect(overview.statusCode, overview.body).toBe(200);
    expect(overview.json().totals.revenue).toBe(Number.MAX_SAFE_INTEGER);
    expect(overview.json().top_products[0].revenue).toBe(Number.MAX_SAFE_INTEGER);
    const detail = await get(review, `/admin/applications/${submitted.applicationId}`, expert);
    expect(detail.statusCode, detail.body).toBe(200);
    const performance = detail.json().store_performance;
    expect(Math.max(...performance.months.map((month: { revenue: number }) => month.revenue))).toBe(Number.MAX_SAFE_INTEGER);
    expect(performance.by_marketplace[0].revenue).toBe(Number.MAX_SAFE_INTEGER);
  });
});

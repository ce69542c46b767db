/**
 * Every offer stored (seller_offers, issue 35): a completed import stores the seller's offer, an
 * import that changed no order stores nothing, a changed order stores the new offer, GET /gpp/offer
 * serves the stored row, a seller only ever reads their own, and unverified stores stay out.
 */
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@worq/domain/calendar';
import { offerPolicyVersion, type OfferInputs } from '@worq/domain/offer-policy';
import type { OfferView } from '@worq/domain/wire/offer';
import type { MarketplaceOrder } from '../../connectors/types.ts';
import { sellerOffers } from '../../db/schema.ts';
import { get, registerVerifiedCustomer, type RegisteredCustomer, sharedAccountsTestApp } from '../../test/accounts-helpers.ts';
import { insertTestStore } from '../marketplace/test-kit.ts';
import { istanbulDate, istanbulDayStart } from './repository.ts';
import { noonSale } from './sales-test-kit.ts';
import { upsertOrders } from './sync-repository.ts';
import { runSyncTask, type SyncContext } from './sync.ts';
import { syncTask, testConnector, testSyncContext } from './sync-test-kit.ts';

const ctx = sharedAccountsTestApp();
const today = istanbulDate(new Date());

/** 200 days of sales up to yesterday, ₺1,000–1,400 a day, with ids of the store's own. */
function history(prefix: string): MarketplaceOrder[] {
  return Array.from({ length: 200 }, (_, index) =>
    noonSale(`${prefix}-${index}`, addDays(today, -200 + index), 100_000 + (index % 5) * 10_000),
  );
}

/** A sync context whose marketplace serves `orders` in one page, whatever the range. */
const syncContext = (orders: () => MarketplaceOrder[]): SyncContext =>
  testSyncContext(
    ctx,
    testConnector(async () => ({ orders: orders(), cursor: null })),
    { recentFirstDays: 0 },
  );

async function runSync(seller: RegisteredCustomer, integrationId: string, orders: MarketplaceOrder[]) {
  const outcome = await runSyncTask(
    syncContext(() => orders),
    syncTask(seller.customerId, integrationId),
  );
  expect(outcome.message).toBe('sync_done');
}

async function addStore(seller: RegisteredCustomer, code: string, publicFields: Record<string, string>): Promise<string> {
  const id = await insertTestStore(ctx, seller.customerId, code, `${code} mağaza`, publicFields);
  return id;
}

const storedOffers = (seller: RegisteredCustomer) =>
  ctx.database.db.select().from(sellerOffers).where(eq(sellerOffers.customerId, seller.customerId)).orderBy(asc(sellerOffers.computedAt));

describe('stored offers', () => {
  let seller: RegisteredCustomer;
  let store: string;
  const orders = history('stored');

  beforeAll(async () => {
    seller = await registerVerifiedCustomer(ctx);
    store = await addStore(seller, 'trendyol', { seller_id: '35' });
  });

  it('stores the offer when an import completes, with its policy version, inputs, decision and forecast', async () => {
    expect(await storedOffers(seller)).toHaveLength(0);
    await runSync(seller, store, orders);
    const [row, ...more] = await storedOffers(seller);
    expect(more).toHaveLength(0);
    expect(row!.policyVersion).toBe(offerPolicyVersion);
    expect(row!.status).toBe('pre_qualified');
    expect(row!.maxAmount).toBeGreaterThan(0);
    expect((row!.inputs as unknown as OfferInputs).storeCount).toBe(1);
    expect(row!.decision).toMatchObject({ status: 'pre_qualified', maxAmount: row!.maxAmount });
    expect((row!.forecast as unknown as OfferView['forecast'])?.weeks).toHaveLength(12);

    // The seller's page reads that row: nothing recomputed, nothing added.
    const shown: OfferView = (await get(ctx, '/gpp/offer', seller.jwt_token)).json();
    expect(shown.offer_id).toBe(row!.id);
    expect(shown.computed_at).toBe(row!.computedAt.toISOString());
    expect(shown.max_amount).toBe(row!.maxAmount);
    expect(await storedOffers(seller)).toHaveLength(1);
  });

  it('stores nothing and recomputes nothing after an import that changed no order', async () => {
    const [before] = await storedOffers(seller);
    await runSync(seller, store, orders);
    const after = await storedOffers(seller);
    expect(after).toHaveLength(1);
    expect(after[0]!.checkedAt).toEqual(before!.checkedAt);
  });

  it('stores a new offer when an import changes an order', async () => {
    const returned = orders.map((order, index) => (index >= 190 ? { ...order, status: 'returned' as const } : order));
    await runSync(seller, store, returned);
    const rows = await storedOffers(seller);
    expect(rows).toHaveLength(2);
    expect((rows[1]!.inputs as unknown as OfferInputs).returnRate).toBeGreaterThan((rows[0]!.inputs as unknown as OfferInputs).returnRate);
    const shown: OfferView = (await get(ctx, '/gpp/offer', seller.jwt_token)).json();
    expect(shown.offer_id).toBe(rows[1]!.id);
  });

  it('confirms the latest offer instead of adding one when a changed order leaves the figures as they were', async () => {
    const [, before] = await storedOffers(seller);
    // A product renamed on one order: the orders changed, the figures the policy reads did not.
    const renamed = orders.map((order, index) => {
      const base = index >= 190 ? { ...order, status: 'returned' as const } : order;
      return index === 0 ? { ...base, lines: [{ ...base.lines[0]!, name: 'Ürün (yeni adı)' }] } : base;
    });
    await runSync(seller, store, renamed);
    const rows = await storedOffers(seller);
    expect(rows).toHaveLength(2);
    expect(rows[1]!.id).toBe(before!.id);
    expect(rows[1]!.ordersVersion).not.toBe(before!.ordersVersion);
    expect(rows[1]!.checkedAt.getTime()).toBeGreaterThan(before!.checkedAt.getTime());
    expect(rows[1]!.computedAt).toEqual(before!.computedAt);
  });

  it("never reads another seller's offer", async () => {
    const other = await registerVerifiedCustomer(ctx);
    const response = await get(ctx, '/gpp/offer', other.jwt_token);
    expect(response.statusCode).toBe(200);
    const shown: OfferView = response.json();
    expect(shown.status).toBe('refused');
    expect(shown.refusals.map((refusal) => refusal.code)).toContain('no_verified_sales');
    const [own] = await storedOffers(other);
    expect(shown.offer_id).toBe(own!.id);
    expect((await storedOffers(seller)).map((row) => row.id)).not.toContain(own!.id);
  });

  it("leaves an unverified store's figures out of the stored offer", async () => {
    const mixed = await registerVerifiedCustomer(ctx);
    const ownHost = await addStore(mixed, 'ideasoft', { store_url: 'https://kendi-magazam.com', client_id: 'c35' });
    // The seller-run store sells ten times as much: none of it may count.
    await upsertOrders(
      ctx.database.db,
      mixed.customerId,
      ownHost,
      history('own-host').map((order) => ({ ...order, totalAmount: order.totalAmount * 10 })),
    );
    const verified = await addStore(mixed, 'trendyol', { seller_id: '36' });
    await runSync(mixed, verified, history('verified'));

    const [row] = await storedOffers(mixed);
    const inputs = row!.inputs as unknown as OfferInputs;
    expect(inputs.storeCount).toBe(1);
    const verifiedLast90 = history('verified')
      .filter((order) => order.orderedAt >= istanbulDayStart(addDays(today, -90)).toISOString())
      .reduce((sum, order) => sum + order.totalAmount, 0);
    expect(inputs.netSales90Days).toBe(verifiedLast90);
    expect(row!.excludedIntegrations).toEqual([expect.objectContaining({ integration_id: ownHost, reason: 'unverified_source' })]);
  });
});

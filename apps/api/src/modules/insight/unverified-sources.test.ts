/*
 * Figures from seller-run hosts: an Ideasoft or Ticimax store connected on a host the platform is
 * not shown to run is labelled "unverified source" in the overview, left out of the plan
 * suggestion (and listed as excluded), and labelled in the experts' store performance.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MarketplaceOrder } from '../../connectors/types.ts';
import { integrations } from '../../db/schema.ts';
import { get, registerVerifiedCustomer, type RegisteredCustomer, sharedAccountsTestApp } from '../../test/accounts-helpers.ts';
import { sharedTestApp, type TestContext } from '../../test/helpers.ts';
import { createReviewTestApp, signInExpert, submitApplication } from '../admin/test-kit.ts';
import { insertTestStore, marketplaceIdOf } from '../marketplace/test-kit.ts';
import { istanbulDate } from './repository.ts';
import { monthStart } from './sales-history.ts';
import { noonSale } from './sales-test-kit.ts';
import { upsertOrders } from './sync-repository.ts';

const ctx = sharedAccountsTestApp();
const today = istanbulDate(new Date());
const lastMonth = monthStart(today, -1);
const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

let counter = 0;
function sale(day: string, amount: number): MarketplaceOrder {
  counter += 1;
  return noonSale(`u-${counter}`, day, amount);
}

async function addStore(
  testCtx: TestContext,
  customer: RegisteredCustomer,
  code: string,
  storeName: string,
  publicFields: Record<string, string>,
): Promise<string> {
  const id = await insertTestStore(testCtx, customer.customerId, code, storeName, publicFields);
  await upsertOrders(testCtx.database.db, customer.customerId, id, [sale(lastMonth, 1_000_000), sale(addDays(lastMonth, 3), 500_000)]);
  return id;
}

describe('stores on hosts not shown to belong to their platform', () => {
  let seller: RegisteredCustomer;
  let trendyol: string;
  let ideasoftPlatform: string;
  let ideasoftOwnHost: string;
  let ticimax: string;

  beforeAll(async () => {
    seller = await registerVerifiedCustomer(ctx);
    trendyol = await addStore(ctx, seller, 'trendyol', 'Ayşe Butik', { seller_id: '1' });
    ideasoftPlatform = await addStore(ctx, seller, 'ideasoft', 'ayse.myideasoft.com', {
      store_url: 'https://ayse.myideasoft.com',
      client_id: 'c1',
    });
    ideasoftOwnHost = await addStore(ctx, seller, 'ideasoft', 'ayse-magaza.com', { store_url: 'https://ayse-magaza.com', client_id: 'c2' });
    ticimax = await addStore(ctx, seller, 'ticimax', 'www.ayse-ticimax.com', { store_domain: 'www.ayse-ticimax.com' });
  });

  it('leaves them out of the plan suggestion and lists them as excluded', async () => {
    const response = await get(ctx, '/gpp/suggestion', seller.jwt_token);
    expect(response.statusCode, response.body).toBe(200);
    const suggestion = response.json();
    // Two verified stores of 1,500,000 each in the one full month the history covers.
    expect(suggestion.months_used).toBe(1);
    expect(suggestion.average_monthly_turnover).toBe(3_000_000);
    expect(suggestion.integrations.map((store: { integration_id: string }) => store.integration_id).sort()).toEqual(
      [trendyol, ideasoftPlatform].sort(),
    );
    expect(suggestion.unverified_sources).toBe(true);
    expect(suggestion.excluded_integrations).toEqual(
      expect.arrayContaining([
        { integration_id: ideasoftOwnHost, marketplace_code: 'ideasoft', store_name: 'ayse-magaza.com', reason: 'unverified_source' },
        { integration_id: ticimax, marketplace_code: 'ticimax', store_name: 'www.ayse-ticimax.com', reason: 'unverified_source' },
      ]),
    );
    expect(suggestion.excluded_integrations).toHaveLength(2);
  });

  it('gives no suggestion when every store is unverified', async () => {
    const other = await registerVerifiedCustomer(ctx);
    await addStore(ctx, other, 'ticimax', 'www.tek-magaza.com', { store_domain: 'www.tek-magaza.com' });
    const suggestion = (await get(ctx, '/gpp/suggestion', other.jwt_token)).json();
    expect(suggestion.average_monthly_turnover).toBeNull();
    expect(suggestion.unverified_sources).toBe(true);
    expect(suggestion.excluded_integrations).toHaveLength(1);
  });

  it('labels each store of the WorqInsight overview, whose figures still count every store', async () => {
    const response = await get(ctx, `/insight/overview?from=${lastMonth}&to=${addDays(lastMonth, 5)}`, seller.jwt_token);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.totals.revenue).toBe(4 * 1_500_000);
    const verified = (list: { integration_id: string; source_verified: boolean }[]) =>
      Object.fromEntries(list.map((store) => [store.integration_id, store.source_verified]));
    const expected = { [trendyol]: true, [ideasoftPlatform]: true, [ideasoftOwnHost]: false, [ticimax]: false };
    expect(verified(body.sync)).toEqual(expected);
    expect(verified(body.by_marketplace)).toEqual(expected);
  });
});

describe('store performance for experts', () => {
  const review = sharedTestApp(() => createReviewTestApp());

  it('labels a submitted store on a seller-run host', async () => {
    const expert = (await signInExpert(review)).jwt_token;
    const seller = await registerVerifiedCustomer(review);
    const submitted = await submitApplication(review, seller);
    await review.database.db
      .update(integrations)
      .set({
        marketplaceId: await marketplaceIdOf(review, 'ideasoft'),
        publicFields: { store_url: 'https://sahte-magaza.com', client_id: 'c' },
      })
      .where(eq(integrations.id, submitted.integrationId));
    await upsertOrders(review.database.db, seller.customerId, submitted.integrationId, [sale(lastMonth, 700_000)]);
    const response = await get(review, `/admin/applications/${submitted.applicationId}`, expert);
    expect(response.statusCode, response.body).toBe(200);
    const performance = response.json().store_performance;
    expect(performance.unverified_sources).toBe(true);
    expect(performance.by_marketplace).toEqual([
      { marketplace_code: 'ideasoft', store_name: 'Ayşe Butik', revenue: 700_000, source_verified: false, unclassified_orders: 0 },
    ]);
  });
});

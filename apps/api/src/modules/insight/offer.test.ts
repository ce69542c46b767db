/**
 * GET /gpp/offer: the pre-qualified offer and forecast from a seller's verified stores only.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@worq/domain/calendar';
import { offerPolicyVersion } from '@worq/domain/offer-policy';
import { offerView, type OfferView } from '@worq/domain/wire/offer';
import type { MarketplaceOrder } from '../../connectors/types.ts';
import { get, registerVerifiedCustomer, type RegisteredCustomer, sharedAccountsTestApp } from '../../test/accounts-helpers.ts';
import { insertTestStore } from '../marketplace/test-kit.ts';
import { istanbulDate } from './repository.ts';
import { noonSale } from './sales-test-kit.ts';
import { ensureSyncRow, upsertOrders } from './sync-repository.ts';

const ctx = sharedAccountsTestApp();
const today = istanbulDate(new Date());

let counter = 0;
function sale(day: string, amount: number, status: MarketplaceOrder['status'] = 'delivered'): MarketplaceOrder {
  counter += 1;
  return noonSale(`o-${counter}`, day, amount, status);
}

/** A store selling every day for `days` days up to yesterday: ₺1,000–1,400 a day, a return every 50th order. */
async function addStore(seller: RegisteredCustomer, code: string, publicFields: Record<string, string>, days: number): Promise<string> {
  const id = await insertTestStore(ctx, seller.customerId, code, `${code} mağaza`, publicFields);
  const orders = Array.from({ length: days }, (_, index) =>
    sale(addDays(today, -days + index), 100_000 + (index % 5) * 10_000, index % 50 === 0 ? 'returned' : 'delivered'),
  );
  await upsertOrders(ctx.database.db, seller.customerId, id, orders);
  return id;
}

describe('GET /gpp/offer', () => {
  let seller: RegisteredCustomer;
  let unverified: string;

  beforeAll(async () => {
    seller = await registerVerifiedCustomer(ctx);
    await addStore(seller, 'trendyol', { seller_id: '1' }, 200);
    await addStore(seller, 'hepsiburada', { merchant_id: 'm1' }, 200);
    unverified = await addStore(seller, 'ideasoft', { store_url: 'https://ayse-magaza.com', client_id: 'c2' }, 200);
  });

  it('pre-qualifies a seller with steady verified sales, with the policy version, reasons and priced durations', async () => {
    const response = await get(ctx, '/gpp/offer', seller.jwt_token, { 'accept-language': 'en' });
    expect(response.statusCode).toBe(200);
    const offer: OfferView = offerView.parse(response.json());
    expect(offer.policy_version).toBe(offerPolicyVersion);
    expect(offer.status).toBe('pre_qualified');
    expect(offer.inputs.store_count).toBe(2);
    expect(offer.inputs.history_months).toBe(6);
    expect(offer.max_amount).toBeGreaterThan(0);
    expect(offer.headline).toMatch(/^So far you can get financing of up to ₺/);
    expect(offer.subject_to_review).toMatch(/not a promise/);
    expect(offer.durations.map((duration) => duration.duration_weeks)).toEqual([4, 6, 8]);
    expect(offer.reasons.map((reason) => reason.code)).toContain('net_sales');
    expect(offer.raise).toEqual([]);
    expect(offer.excluded_integrations.map((store) => store.integration_id)).toEqual([unverified]);
  });

  it('forecasts 12 weeks of the verified stores, together and per store, with scenarios for the plan', async () => {
    const offer: OfferView = (await get(ctx, '/gpp/offer', seller.jwt_token)).json();
    expect(offer.forecast?.method).toBe('ets');
    expect(offer.forecast?.weeks).toHaveLength(12);
    expect(offer.forecast?.weeks[0]?.from).toBe(today);
    expect(offer.forecast?.by_store).toHaveLength(2);
    const weekly = offer.forecast!.weeks[0]!.expected;
    // Two stores at about ₺1,200 a day each: about ₺16,800 a week together.
    expect(weekly).toBeGreaterThan(1_400_000);
    expect(weekly).toBeLessThan(2_000_000);
    const eight = offer.sales_scenarios.find((scenario) => scenario.duration_weeks === 8)!;
    expect(eight.slow).toBeLessThanOrEqual(eight.expected);
    expect(eight.fast).toBeGreaterThanOrEqual(eight.expected);
    expect(offer.headline).toMatch(/^Şu ana kadar/);
  });

  it('follows an import at once: an offer refused before the first orders arrive is made as soon as a page is saved', async () => {
    const newcomer = await registerVerifiedCustomer(ctx);
    const store = await addStore(newcomer, 'trendyol', { seller_id: '3' }, 0);
    await ensureSyncRow(ctx.database.db, newcomer.customerId, store);
    const before: OfferView = (await get(ctx, '/gpp/offer', newcomer.jwt_token)).json();
    expect(before.status).toBe('refused');
    // What a sync run does with each page: saving it marks the store's orders changed.
    const orders = Array.from({ length: 200 }, (_, index) => sale(addDays(today, -200 + index), 400_000));
    await upsertOrders(ctx.database.db, newcomer.customerId, store, orders);
    const after: OfferView = (await get(ctx, '/gpp/offer', newcomer.jwt_token)).json();
    expect(after.status).toBe('pre_qualified');
  });

  it('refuses a seller with too short a history and says why', async () => {
    const newcomer = await registerVerifiedCustomer(ctx);
    await addStore(newcomer, 'trendyol', { seller_id: '2' }, 30);
    const offer: OfferView = (await get(ctx, '/gpp/offer', newcomer.jwt_token)).json();
    expect(offer.status).toBe('refused');
    expect(offer.max_amount).toBeNull();
    expect(offer.refusals.map((refusal) => refusal.code)).toEqual(['history_too_short']);
    expect(offer.forecast?.method).toBe('seasonal_naive');
  });

  it('refuses a seller whose only store is unverified', async () => {
    const other = await registerVerifiedCustomer(ctx);
    await addStore(other, 'ticimax', { store_domain: 'www.kendi-magazam.com' }, 200);
    const offer: OfferView = (await get(ctx, '/gpp/offer', other.jwt_token)).json();
    expect(offer.status).toBe('refused');
    expect(offer.refusals.map((refusal) => refusal.code)).toContain('no_verified_sales');
    expect(offer.forecast).toBeNull();
    expect(offer.excluded_integrations).toHaveLength(1);
  });

  it('asks for a signed-in seller', async () => {
    expect((await get(ctx, '/gpp/offer', 'not-a-token')).statusCode).toBe(401);
  });
});

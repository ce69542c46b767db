/*
 * WorqInsight figures over orders saved the way the sync saves them (upsertOrders), for stores
 * inserted directly: these tests pin the overview's arithmetic and rules independently of any
 * marketplace. The sync itself, over every marketplace's sandbox, is in sync.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { MarketplaceOrder, OrderStatus } from '../../connectors/types.ts';
import { get, post, registerVerifiedCustomer, type RegisteredCustomer, sharedAccountsTestApp } from '../../test/accounts-helpers.ts';
import { sharedTestApp } from '../../test/helpers.ts';
import { insertTestStore } from '../marketplace/test-kit.ts';
import { addDays } from '@worq/domain/calendar';
import { istanbulDate, istanbulDayStart } from './repository.ts';
import { upsertOrders } from './sync-repository.ts';
import { historyDaysOf } from './overview.ts';
import { monthStart } from './sales-history.ts';
import { createReviewTestApp, signInExpert, submitApplication } from '../admin/test-kit.ts';

const ctx = sharedAccountsTestApp();

const today = istanbulDate(new Date());

async function addStore(customer: RegisteredCustomer, code: string, storeName: string): Promise<string> {
  const id = await insertTestStore(ctx, customer.customerId, code, storeName, { seller_id: String(Math.floor(Math.random() * 1e6)) });
  return id;
}

let orderCounter = 0;
interface OrderSpec {
  day: string;
  /** Istanbul wall-clock hour of the day. */
  hour?: number;
  amount: number;
  status?: OrderStatus;
  currency?: string;
  sku?: string;
  quantity?: number;
}

function order(spec: OrderSpec): MarketplaceOrder {
  orderCounter += 1;
  const at = istanbulDayStart(spec.day).getTime() + (spec.hour ?? 12) * 3_600_000;
  return {
    id: `p-${orderCounter}`,
    orderNumber: `o-${orderCounter}`,
    orderedAt: new Date(at).toISOString(),
    status: spec.status ?? 'delivered',
    totalAmount: spec.amount,
    currency: spec.currency ?? 'TRY',
    lines: [{ sku: spec.sku ?? 'SKU-1', name: `Ürün ${spec.sku ?? 'SKU-1'}`, quantity: spec.quantity ?? 1, amount: spec.amount }],
  };
}

async function overview(customer: RegisteredCustomer, query: string, language = 'tr') {
  const response = await get(ctx, `/insight/overview${query}`, customer.jwt_token, { 'accept-language': language });
  return response;
}

describe('GET /insight/overview', () => {
  let seller: RegisteredCustomer;
  let trendyol: string;
  let hepsiburada: string;

  beforeAll(async () => {
    seller = await registerVerifiedCustomer(ctx);
    trendyol = await addStore(seller, 'trendyol', 'Ayşe Butik');
    hepsiburada = await addStore(seller, 'hepsiburada', 'Ayşe HB');
    const yesterday = addDays(today, -1);
    await upsertOrders(ctx.database.db, seller.customerId, trendyol, [
      order({ day: yesterday, amount: 10_000, sku: 'A', quantity: 2 }),
      order({ day: yesterday, amount: 5_000, sku: 'B' }),
      order({ day: addDays(today, -3), amount: 7_000, status: 'cancelled', sku: 'A' }),
      order({ day: addDays(today, -4), amount: 3_000, status: 'returned', sku: 'B' }),
      order({ day: addDays(today, -5), amount: 9_900, currency: 'EUR', sku: 'C' }),
      // 00:30 Istanbul is still the previous day in UTC: it belongs to the Istanbul day.
      order({ day: addDays(today, -2), hour: 0.5, amount: 2_500, sku: 'C' }),
      // The previous 7-day period.
      order({ day: addDays(today, -9), amount: 4_000, sku: 'A' }),
    ]);
    await upsertOrders(ctx.database.db, seller.customerId, hepsiburada, [
      order({ day: yesterday, amount: 20_000, sku: 'D', status: 'shipped' }),
      order({ day: addDays(today, -6), amount: 1_000, sku: 'A' }),
    ]);
  });

  it('adds the series and the stores up to the totals and compares with an equal previous period', async () => {
    const response = await overview(seller, `?from=${addDays(today, -6)}&to=${today}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.totals).toEqual({
      revenue: 10_000 + 5_000 + 2_500 + 20_000 + 1_000,
      orders: 5,
      units: 2 + 1 + 1 + 1 + 1,
      average_order_value: Math.round(38_500 / 5),
      cancelled_orders: 1,
      returned_orders: 1,
      cancellation_rate: Math.round((1 / 7) * 10_000) / 10_000,
      return_rate: Math.round((1 / 7) * 10_000) / 10_000,
    });
    expect(body.previous.revenue).toBe(4_000);
    expect(body.previous.orders).toBe(1);
    expect(body.series).toHaveLength(7);
    expect(body.series[0].date).toBe(addDays(today, -6));
    expect(body.series.reduce((sum: number, day: { revenue: number }) => sum + day.revenue, 0)).toBe(body.totals.revenue);
    expect(body.series.reduce((sum: number, day: { orders: number }) => sum + day.orders, 0)).toBe(body.totals.orders);
    expect(body.series.find((day: { date: string }) => day.date === addDays(today, -2)).revenue).toBe(2_500);
    expect(body.by_marketplace.reduce((sum: number, store: { revenue: number }) => sum + store.revenue, 0)).toBe(body.totals.revenue);
    expect(body.by_marketplace[0]).toMatchObject({
      integration_id: hepsiburada,
      marketplace_code: 'hepsiburada',
      revenue: 21_000,
      orders: 2,
    });
    expect(body.other_currencies).toEqual([{ currency: 'EUR', amount: 9_900, orders: 1 }]);
    expect(body.top_products[0]).toEqual({ sku: 'D', name: 'Ürün D', units: 1, revenue: 20_000 });
    expect(body.top_products.find((product: { sku: string }) => product.sku === 'A')).toEqual({
      sku: 'A',
      name: 'Ürün A',
      units: 3,
      revenue: 11_000,
    });
    expect(body.sync.map((store: { state: string }) => store.state)).toEqual(['never', 'never']);
    // How far back each marketplace serves orders: Trendyol's stream 88 days, Hepsiburada no known limit.
    const historyDays = Object.fromEntries(
      body.sync.map((store: { marketplace_code: string; history_days: number | null }) => [store.marketplace_code, store.history_days]),
    );
    expect(historyDays).toEqual({ trendyol: 88, hepsiburada: null });
  });

  it('filters by store (repeated integration_id) and keeps the invariants', async () => {
    const response = await overview(seller, `?from=${addDays(today, -6)}&to=${today}&integration_id=${trendyol}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.totals.revenue).toBe(17_500);
    expect(body.by_marketplace).toHaveLength(1);
    expect(body.series.reduce((sum: number, day: { revenue: number }) => sum + day.revenue, 0)).toBe(17_500);
    const both = await overview(seller, `?from=${addDays(today, -6)}&to=${today}&integration_id=${trendyol}&integration_id=${hepsiburada}`);
    expect(both.json().totals.revenue).toBe(38_500);
  });

  it('defaults to the last 30 Istanbul days', async () => {
    const body = (await overview(seller, '')).json();
    expect(body.to).toBe(today);
    expect(body.from).toBe(addDays(today, -29));
    expect(body.series).toHaveLength(30);
  });

  it('refuses a range over 366 days or backwards, in the envelope and the language asked', async () => {
    const long = await overview(seller, `?from=${addDays(today, -366)}&to=${today}`, 'en');
    expect(long.statusCode).toBe(400);
    expect(long.json().errors.fields.to).toContain('366');
    expect((await overview(seller, `?from=${addDays(today, -365)}&to=${today}`)).statusCode).toBe(200);
    const backwards = await overview(seller, `?from=${today}&to=${addDays(today, -1)}`);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors.fields.from).toMatch(/başlangıç/i);
    const bad = await overview(seller, '?from=2026-13-45');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.code).toBeTruthy();
  });

  it("answers another seller's store as unknown and shows nothing of it", async () => {
    const other = await registerVerifiedCustomer(ctx);
    const response = await overview(other, `?integration_id=${trendyol}`);
    expect(response.statusCode).toBe(404);
    const own = (await overview(other, '')).json();
    expect(own.totals.revenue).toBe(0);
    expect(own.by_marketplace).toEqual([]);
    const sync = await post(ctx, '/insight/sync', { integration_id: trendyol }, other.jwt_token);
    expect(sync.statusCode).toBe(404);
  });

  it('needs a signed-in seller with a verified phone', async () => {
    expect((await get(ctx, '/insight/overview')).statusCode).toBe(401);
  });
});

describe('GET /insight/tips', () => {
  it('says the data is too thin instead of inventing tips', async () => {
    const seller = await registerVerifiedCustomer(ctx);
    const store = await addStore(seller, 'n11', 'Küçük Dükkan');
    await upsertOrders(ctx.database.db, seller.customerId, store, [order({ day: addDays(today, -1), amount: 5_000 })]);
    const tips = (await get(ctx, '/insight/tips', seller.jwt_token, { 'accept-language': 'en' })).json();
    expect(tips).toHaveLength(1);
    expect(tips[0]).toMatchObject({ code: 'thin_data', severity: 'info', metric: { name: 'orders', value: 1 } });
    expect(tips[0].body).toContain('1 orders');
  });

  it('explains each rule with its number, warnings first, in Turkish and English', async () => {
    const seller = await registerVerifiedCustomer(ctx);
    const store = await addStore(seller, 'trendyol', 'Tek Kanal');
    const orders: MarketplaceOrder[] = [];
    // Previous 28 days: 2 orders a day of 10,000; this period: 3 a day of 10,000 (+50 %), one product
    // dominating, 10 % cancelled, Sundays strong.
    for (let back = 55; back >= 28; back--) {
      const day = addDays(today, -back);
      orders.push(order({ day, amount: 10_000, sku: 'X' }), order({ day, amount: 10_000, sku: 'Y' }));
    }
    for (let back = 27; back >= 0; back--) {
      const day = addDays(today, -back);
      const sunday = new Date(`${day}T00:00:00Z`).getUTCDay() === 0;
      orders.push(
        order({ day, amount: 10_000, sku: 'X' }),
        order({ day, amount: 10_000, sku: 'X' }),
        order({ day, amount: 10_000, sku: 'Y' }),
      );
      if (sunday) orders.push(order({ day, amount: 30_000, sku: 'X' }));
      if (back % 3 === 0) orders.push(order({ day, amount: 10_000, sku: 'Y', status: 'cancelled' }));
    }
    await upsertOrders(ctx.database.db, seller.customerId, store, orders);
    const range = `?from=${addDays(today, -27)}&to=${today}`;
    const tr = (await get(ctx, `/insight/tips${range}`, seller.jwt_token, { 'accept-language': 'tr' })).json();
    const en = (await get(ctx, `/insight/tips${range}`, seller.jwt_token, { 'accept-language': 'en' })).json();
    const codes = tr.map((tip: { code: string }) => tip.code);
    expect(codes).toEqual(en.map((tip: { code: string }) => tip.code));
    expect(codes).toEqual(
      expect.arrayContaining([
        'high_cancellation_rate',
        'product_dependence',
        'growth_financing',
        'weekday_pattern',
        'channel_concentration',
      ]),
    );
    const severities = tr.map((tip: { severity: string }) => ['warning', 'opportunity', 'info'].indexOf(tip.severity));
    expect([...severities].sort((a, b) => a - b)).toEqual(severities);
    const growth = en.find((tip: { code: string }) => tip.code === 'growth_financing');
    expect(growth.action).toEqual({ kind: 'worq_trade', href: '/worq-trade/start?use_suggestion=1' });
    expect(growth.metric.value).toBeGreaterThan(0.15);
    expect(growth.body).toMatch(/grew \d+%/);
    const weekday = tr.find((tip: { code: string }) => tip.code === 'weekday_pattern');
    expect(weekday.body).toContain('Pazar');
    const cancellation = tr.find((tip: { code: string }) => tip.code === 'high_cancellation_rate');
    expect(cancellation.title).toBe('İptal oranı yüksek');
    expect(cancellation.body).toMatch(/%\d+/);
  });
});

describe('GET /gpp/suggestion', () => {
  it('is null with no synced orders', async () => {
    const seller = await registerVerifiedCustomer(ctx);
    const response = await get(ctx, '/gpp/suggestion', seller.jwt_token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      average_monthly_turnover: null,
      months_used: 0,
      period: { from: null, to: null },
      integrations: [],
      suggested_stock_purchase_amount: null,
      excluded_integrations: [],
      unverified_sources: false,
    });
  });

  it('is the mean of the last three full months of the overview', async () => {
    const seller = await registerVerifiedCustomer(ctx);
    const store = await addStore(seller, 'hepsiburada', 'Aylık Mağaza');
    const orders: MarketplaceOrder[] = [];
    for (let back = 4; back >= 0; back--) {
      const start = monthStart(today, -back);
      for (let day = 0; day < 20; day++) orders.push(order({ day: addDays(start, day), amount: 1_500_000 + back * 100_000 }));
      orders.push(order({ day: start, amount: 999_999, status: 'cancelled' }));
    }
    await upsertOrders(ctx.database.db, seller.customerId, store, orders);
    const suggestion = (await get(ctx, '/gpp/suggestion', seller.jwt_token)).json();
    expect(suggestion.months_used).toBe(3);
    expect(suggestion.period).toEqual({ from: monthStart(today, -3), to: addDays(monthStart(today), -1) });
    const monthly: number[] = [];
    for (let back = 3; back >= 1; back--) {
      const body = (await overview(seller, `?from=${monthStart(today, -back)}&to=${addDays(monthStart(today, -back + 1), -1)}`)).json();
      monthly.push(body.totals.revenue);
    }
    expect(suggestion.average_monthly_turnover).toBe(Math.round((monthly[0]! + monthly[1]! + monthly[2]!) / 3));
    expect(suggestion.integrations).toEqual([{ integration_id: store, marketplace_code: 'hepsiburada', store_name: 'Aylık Mağaza' }]);
    expect(suggestion.suggested_stock_purchase_amount).toBeGreaterThan(0);
  });

  it('uses fewer months when the history starts later', async () => {
    const seller = await registerVerifiedCustomer(ctx);
    const store = await addStore(seller, 'n11', 'Yeni Mağaza');
    const start = monthStart(today, -1);
    await upsertOrders(ctx.database.db, seller.customerId, store, [
      order({ day: start, amount: 3_000_000 }),
      order({ day: addDays(start, 5), amount: 1_000_000 }),
    ]);
    const suggestion = (await get(ctx, '/gpp/suggestion', seller.jwt_token)).json();
    expect(suggestion.months_used).toBe(1);
    expect(suggestion.average_monthly_turnover).toBe(4_000_000);
  });
});

describe('POST /insight/store_lookup', () => {
  let seller: RegisteredCustomer;
  beforeAll(async () => {
    seller = await registerVerifiedCustomer(ctx);
  });
  const lookup = (store_url: string, language = 'tr') =>
    post(ctx, '/insight/store_lookup', { store_url }, seller.jwt_token, { 'accept-language': language });

  it('reads each marketplace store address', async () => {
    expect((await lookup('https://www.trendyol.com/magaza/ayse-butik-m-123456?sst=0')).json()).toEqual({
      marketplace_code: 'trendyol',
      store_name: 'Ayse Butik',
      seller_id: '123456',
      store_link: 'https://www.trendyol.com/magaza/ayse-butik-m-123456',
      candidates: ['trendyol'],
    });
    expect((await lookup('hepsiburada.com/magaza/kilim-evi')).json()).toMatchObject({
      marketplace_code: 'hepsiburada',
      store_name: 'Kilim Evi',
      seller_id: null,
    });
    expect((await lookup('https://www.n11.com/magaza/teknomarket')).json()).toMatchObject({
      marketplace_code: 'n11',
      store_name: 'Teknomarket',
    });
    expect((await lookup('https://www.ciceksepeti.com/magaza/cicek-bahcem')).json()).toMatchObject({ marketplace_code: 'ciceksepeti' });
    expect((await lookup('https://www.amazon.com.tr/sp?seller=A1B2C3D4E5F6G7')).json()).toMatchObject({
      marketplace_code: 'amazon',
      seller_id: 'A1B2C3D4E5F6G7',
    });
    expect((await lookup('https://m.trendyol.com/urun-p-1?merchantId=98765')).json()).toMatchObject({
      marketplace_code: 'trendyol',
      seller_id: '98765',
    });
  });

  it('asks Ideasoft or Ticimax for a store on its own domain, without fetching it', async () => {
    expect((await lookup('https://www.ornekmagaza.com.tr/urunler')).json()).toEqual({
      marketplace_code: null,
      store_name: null,
      seller_id: null,
      store_link: 'https://www.ornekmagaza.com.tr',
      candidates: ['ideasoft', 'ticimax'],
    });
  });

  it('refuses what it cannot read with a field error in the language asked', async () => {
    for (const url of [
      'bir mağaza',
      'https://www.trendyol.com/sr?q=kazak',
      'http://127.0.0.1/magaza',
      'ftp://store.example.com',
      'https://user:pw@shop.example.com',
      'localhost',
    ]) {
      const response = await lookup(url, 'en');
      expect(response.statusCode, url).toBe(400);
      expect(response.json().errors.code).toBe('store_url_unrecognised');
      expect(response.json().errors.fields.store_url).toMatch(/recognise/);
    }
  });
});

describe('work context', () => {
  it('shows WorqInsight to every signed-in seller', async () => {
    const seller = await registerVerifiedCustomer(ctx);
    const body = (await get(ctx, `/work_context/get/${seller.customerId}`, seller.jwt_token)).json();
    expect(body.navbar_elements).toContain('insight');
  });
});

describe('store_performance for experts', () => {
  const review = sharedTestApp(() => createReviewTestApp());

  it("shows the submitted stores' last 12 months, rates and channel split next to the plan", async () => {
    const expert = (await signInExpert(review)).jwt_token;
    const seller = await registerVerifiedCustomer(review);
    const submitted = await submitApplication(review, seller);
    const thisMonth = monthStart(today);
    const lastMonth = monthStart(today, -1);
    const old = monthStart(today, -13);
    await upsertOrders(review.database.db, seller.customerId, submitted.integrationId, [
      order({ day: thisMonth, amount: 100_000 }),
      order({ day: lastMonth, amount: 200_000 }),
      order({ day: lastMonth, amount: 50_000, status: 'cancelled' }),
      order({ day: lastMonth, amount: 30_000, status: 'returned' }),
      order({ day: old, amount: 999_000 }),
    ]);
    const response = await get(review, `/admin/applications/${submitted.applicationId}`, expert);
    expect(response.statusCode, response.body).toBe(200);
    const performance = response.json().store_performance;
    expect(performance.months).toHaveLength(12);
    expect(performance.months.at(-1)).toEqual({
      month: thisMonth.slice(0, 7),
      revenue: 100_000,
      orders: 1,
      cancelled_orders: 0,
      returned_orders: 0,
      served: true,
    });
    expect(performance.months.at(-2)).toEqual({
      month: lastMonth.slice(0, 7),
      revenue: 200_000,
      orders: 1,
      cancelled_orders: 1,
      returned_orders: 1,
      served: true,
    });
    // Trendyol serves 88 days: a month that began four months ago or earlier is incomplete, not zero.
    expect(performance.months.slice(0, 9).map((month: { served: boolean }) => month.served)).toEqual(Array(9).fill(false));
    expect(performance.months.reduce((sum: number, month: { revenue: number }) => sum + month.revenue, 0)).toBe(300_000);
    expect(performance.cancellation_rate).toBe(0.25);
    expect(performance.return_rate).toBe(0.25);
    expect(performance.by_marketplace).toEqual([
      { marketplace_code: 'trendyol', store_name: 'Ayşe Butik', revenue: 300_000, source_verified: true, unclassified_orders: 0 },
    ]);
    expect(performance.last_synced_at).toBeNull();
  });
});

describe('history_days of a store sync row', () => {
  it('counts the whole days since the oldest order the marketplace serves, and is null where no limit is known', () => {
    const now = new Date('2026-11-20T09:00:00Z');
    expect(historyDaysOf('trendyol', now)).toBe(88);
    // N11 serves nothing before 1 November 2024 Istanbul (31 October 21:00 UTC): 749 whole days and 12 hours.
    expect(historyDaysOf('n11', now)).toBe(749);
    for (const code of ['hepsiburada', 'ciceksepeti', 'amazon', 'ideasoft', 'ticimax', 'unknown'])
      expect(historyDaysOf(code, now), code).toBeNull();
  });
});

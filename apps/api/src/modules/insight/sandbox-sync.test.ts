/*
 * The whole path over every marketplace's sandbox: a seller connects a sandbox store through the
 * API, the connection starts the backfill, POST /insight/sync runs again and adds nothing, and the
 * overview of a past week equals the orders the sandbox generated for it (sandboxSales), counted
 * the way API.md counts them. The sandboxes answer in each marketplace's own format today
 * (MARKETPLACES.md); their pacing is switched off here so a year of orders imports in seconds.
 */
process.env.SANDBOX_CICEKSEPETI_PACING = 'off';
process.env.SANDBOX_CICEKSEPETI_REPEAT = 'off';
process.env.SANDBOX_AMAZON_RATE = 'off';

import { describe, expect, it } from 'vitest';
import type { Overview, StoreSync } from '@worq/domain/wire/insight';
import type { TaskAccepted } from '@worq/domain/wire/tasks';
import { sandboxSales } from '../../connectors/sandbox/orders.ts';
import { get, post, registerVerifiedCustomer, type RegisteredCustomer, sharedAccountsTestApp } from '../../test/accounts-helpers.ts';
import { marketplaceIdOf, runTask, taskResult } from '../marketplace/test-kit.ts';
import { addDays } from '@worq/domain/calendar';
import { istanbulDate, istanbulDayStart } from './repository.ts';

const ctx = sharedAccountsTestApp({ CICEKSEPETI_MIN_INTERVAL_MS: '0' });

interface SandboxStore {
  /** The key the sandbox generates the store's orders from. */
  storeKey: string;
  splits: boolean;
  /** Connects it through the public API; resolves with the integration id. */
  connect(customer: RegisteredCustomer): Promise<string>;
  /** Orders the connector reports differently from the generator, by documented decision. */
  adjust?(orders: ReturnType<typeof sandboxSales>): ReturnType<typeof sandboxSales>;
}

let counter = 0;
const unique = () => String(810_000 + ((++counter * 7919 + (Date.now() % 1000)) % 180_000));

async function connectWithFields(
  customer: RegisteredCustomer,
  code: string,
  credentials: Record<string, string>,
  storeName: string,
): Promise<string> {
  const result = await runTask(
    ctx,
    '/marketplace/integration/upsert',
    { marketplace_id: await marketplaceIdOf(ctx, code), store_name: storeName, credentials },
    customer,
  );
  expect(result.is_successful, result.message).toBe(true);
  return (result.data as { id: string }).id;
}

const stores: Record<string, () => SandboxStore> = {
  trendyol: () => {
    const sellerId = unique();
    return {
      storeKey: `trendyol:${sellerId}`,
      splits: true,
      connect: (customer) =>
        connectWithFields(customer, 'trendyol', { seller_id: sellerId, api_key: 'sandbox', api_secret: 'sandbox' }, 'Trendyol Butik'),
    };
  },
  hepsiburada: () => {
    const merchantId = `m-${unique()}`;
    return {
      storeKey: `hepsiburada:${merchantId}`,
      splits: false,
      connect: (customer) => connectWithFields(customer, 'hepsiburada', { merchant_id: merchantId, service_key: 'sandbox' }, 'HB Mağaza'),
      // Hepsiburada rows are orders keyed by the order number.
      adjust: (orders) => orders.map((order) => ({ ...order, id: order.orderNumber })),
    };
  },
  n11: () => {
    const appKey = `n11-${unique()}`;
    return {
      storeKey: `n11:${appKey}`,
      splits: true,
      connect: (customer) => connectWithFields(customer, 'n11', { app_key: appKey, app_secret: 'sandbox' }, 'N11 Mağaza'),
    };
  },
  ciceksepeti: () => {
    const sellerId = unique();
    return {
      storeKey: `ciceksepeti:${sellerId}`,
      splits: false,
      connect: (customer) => connectWithFields(customer, 'ciceksepeti', { seller_id: sellerId, api_key: 'sandbox' }, 'Çiçek Bahçem'),
    };
  },
  ticimax: () => {
    const domain = `www.magaza${unique()}.com`;
    return {
      // Every Ticimax sandbox store serves the same orders (the SOAP call carries no store id).
      storeKey: 'ticimax:sandbox',
      splits: false,
      connect: (customer) =>
        connectWithFields(customer, 'ticimax', { store_domain: domain, authorization_code: 'sandbox' }, 'Ticimax Mağaza'),
    };
  },
  amazon: () => ({
    storeKey: 'amazon:A2WORQSANDBOX1',
    splits: false,
    async connect(customer) {
      const { state } = (await get(ctx, '/marketplace/amazon/authorization_url?region=EU', customer.jwt_token)).json<{ state: string }>();
      const result = await runTask(
        ctx,
        '/marketplace/integration/upsert',
        {
          marketplace_id: await marketplaceIdOf(ctx, 'amazon'),
          store_name: 'Amazon Mağaza',
          region: 'EU',
          credentials: { spapi_oauth_code: 'sandbox', state, selling_partner_id: 'A2WORQSANDBOX1' },
        },
        customer,
      );
      expect(result.is_successful, result.message).toBe(true);
      return (result.data as { id: string }).id;
    },
    // Amazon: no lines (getOrderItems per order is too slow under its limit) and pending orders
    // without OrderTotal are stored at 0 (docs/marketplaces.md).
    adjust: (orders) => orders.map((order) => ({ ...order, lines: [] })),
  }),
  ideasoft: () => {
    const clientId = `client-${unique()}`;
    return {
      storeKey: `ideasoft:${clientId}`,
      splits: false,
      async connect(customer) {
        const authorization = await post(
          ctx,
          '/marketplace/ideasoft/authorization_url',
          { store_name: 'Ideasoft Mağaza', store_url: `https://${clientId}.myideasoft.com`, client_id: clientId, client_secret: 'sandbox' },
          customer.jwt_token,
        );
        const consent = new URL(authorization.json<{ url: string }>().url);
        // The seller approves on the store's consent page, which sends the browser back with a code.
        const page = await ctx.app.inject({ method: 'GET', url: `${consent.pathname}${consent.search}` });
        const approve = new URL(/href="([^"]*code=[^"]*)"/.exec(page.body)![1]!.replace(/&amp;/g, '&'));
        const result = await runTask(
          ctx,
          '/marketplace/integration/upsert',
          {
            marketplace_id: await marketplaceIdOf(ctx, 'ideasoft'),
            store_name: 'Ideasoft Mağaza',
            credentials: { authorization_code: approve.searchParams.get('code')!, state: approve.searchParams.get('state')! },
          },
          customer,
        );
        expect(result.is_successful, result.message).toBe(true);
        return (result.data as { id: string }).id;
      },
      // Ideasoft has no packages: the order id is the order number.
      adjust: (orders) => orders.map((order) => ({ ...order, orderNumber: order.id })),
    };
  },
};

/** Waits until the store's sync is no longer running (the connect task started it). */
async function syncSettled(customer: RegisteredCustomer, integrationId: string): Promise<StoreSync> {
  const until = Date.now() + 100_000;
  for (;;) {
    const body = (await get(ctx, `/insight/overview?integration_id=${integrationId}`, customer.jwt_token)).json<Overview>();
    const sync = body.sync[0]!;
    if (sync.state !== 'running' && sync.state !== 'never') return sync;
    if (Date.now() > until) throw new Error(`sync did not settle: ${JSON.stringify(sync)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.each(Object.keys(stores))('orders from the %s sandbox', (code) => {
  it(
    'backfills on connect, re-syncs idempotently and counts a past week exactly as the sandbox generated it',
    { timeout: 180_000 },
    async () => {
      const customer = await registerVerifiedCustomer(ctx);
      const store = stores[code]!();
      const connectStarted = Date.now();
      const integrationId = await store.connect(customer);
      expect((await syncSettled(customer, integrationId)).state).toBe('ok');

      const response = await post(ctx, '/insight/sync', { integration_id: integrationId }, customer.jwt_token);
      expect(response.statusCode, response.body).toBe(202);
      const again = await taskResult(ctx, response.json<TaskAccepted>().request_id, 100_000);
      expect(again.is_successful, again.message).toBe(true);
      // The sandbox, like a live store, keeps taking orders while the test runs: the re-sync adds
      // only those placed since the backfill read the store (none most runs), never the backfill's
      // orders again.
      const placedMeanwhile = sandboxSales(store.storeKey, new Date(connectStarted), new Date(), { splits: store.splits }).length;
      const { new_orders: newOrders } = again.data as { new_orders: number };
      expect(newOrders).toBeLessThanOrEqual(placedMeanwhile);

      // A full past week of Istanbul days: its orders and statuses no longer change today.
      const to = addDays(istanbulDate(new Date()), -8);
      const from = addDays(to, -6);
      let expected = sandboxSales(store.storeKey, istanbulDayStart(from), istanbulDayStart(addDays(to, 1)), { splits: store.splits });
      if (store.adjust) expected = store.adjust(expected);
      const counted = expected.filter((order) => order.status !== 'cancelled' && order.status !== 'returned');
      const overview = (
        await get(ctx, `/insight/overview?from=${from}&to=${to}&integration_id=${integrationId}`, customer.jwt_token)
      ).json<Overview>();
      expect(counted.length).toBeGreaterThan(10);
      expect(overview.totals.orders).toBe(counted.length);
      expect(overview.totals.revenue).toBe(counted.reduce((sum, order) => sum + order.totalAmount, 0));
      expect(overview.totals.cancelled_orders).toBe(expected.filter((order) => order.status === 'cancelled').length);
      expect(overview.totals.returned_orders).toBe(expected.filter((order) => order.status === 'returned').length);
      for (const day of overview.series) {
        expect(day.orders, day.date).toBe(counted.filter((order) => istanbulDate(Date.parse(order.orderedAt)) === day.date).length);
      }
    },
  );
});

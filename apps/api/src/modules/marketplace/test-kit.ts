/*
 * Stories about store connections. The sandbox runs in-process: in sandbox mode the connector
 * registry sends `<publicUrl>/sandbox/…` requests to the app's own `inject`, so the connectors'
 * real HTTP code talks to the sandbox routes without a listening port.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Overview, StoreSync } from '@worq/domain/wire/insight';
import type { IntegrationView, UpsertBody } from '@worq/domain/wire/marketplace';
import type { TaskAccepted } from '@worq/domain/wire/tasks';
import type { MarketplaceCode } from '../../config.ts';
import { marketplaces } from '../../db/schema.ts';
import { post, get, type RegisteredCustomer } from '../../test/accounts-helpers.ts';
import type { TestContext } from '../../test/helpers.ts';
import type { TaskResult } from '../tasks/types.ts';
import { insertIntegration } from './repository.ts';

export async function marketplaceIdOf(ctx: TestContext, code: string): Promise<string> {
  const [row] = await ctx.database.db.select({ id: marketplaces.id }).from(marketplaces).where(eq(marketplaces.code, code));
  if (!row) throw new Error(`no marketplace ${code}`);
  return row.id;
}

/** A store on `code` put straight into the customer's connections (no connect task, no secrets); its id. */
export async function insertTestStore(
  ctx: TestContext,
  customerId: string,
  code: string,
  storeName: string,
  publicFields: Record<string, string>,
): Promise<string> {
  const id = randomUUID();
  await insertIntegration(ctx.database.db, { id, customerId, marketplaceId: await marketplaceIdOf(ctx, code), storeName, publicFields });
  return id;
}

/** Waits until the task has a result, the way the browser's socket would. */
export async function taskResult(ctx: TestContext, requestId: string, timeoutMs = 20_000): Promise<TaskResult> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const current = await ctx.app.tasks.current(requestId);
    if (current && current.state.is_successful !== null) return current.state as TaskResult;
    if (Date.now() > until) throw new Error(`task ${requestId} did not finish: ${JSON.stringify(current)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Posts a request that starts a task, checks the 202 and returns the task's result. */
export async function runTask(ctx: TestContext, url: string, body: unknown, customer: RegisteredCustomer): Promise<TaskResult> {
  const response = await post(ctx, url, body, customer.jwt_token);
  expect(response.statusCode, response.body).toBe(202);
  const { request_id } = response.json<TaskAccepted>();
  return taskResult(ctx, request_id);
}

let sellerCounter = 0;
export function uniqueSellerId(): string {
  sellerCounter += 1;
  return String(100_000 + ((Date.now() + sellerCounter * 7919) % 900_000));
}

export interface TrendyolStore {
  store_name: string;
  seller_id: string;
  api_key?: string;
  api_secret?: string;
}

export async function connectTrendyol(
  ctx: TestContext,
  customer: RegisteredCustomer,
  store: Partial<TrendyolStore> = {},
): Promise<TaskResult> {
  return runTask(
    ctx,
    '/marketplace/integration/upsert',
    {
      marketplace_id: await marketplaceIdOf(ctx, 'trendyol'),
      store_name: store.store_name ?? 'Ayşe Butik',
      store_link: 'https://www.trendyol.com/magaza/ayse-butik-m-1',
      credentials: {
        seller_id: store.seller_id ?? uniqueSellerId(),
        api_key: store.api_key ?? 'sandbox',
        api_secret: store.api_secret ?? 'sandbox',
      },
    } satisfies UpsertBody,
    customer,
  );
}

/** One entry of GET /marketplace/integration/list, as the wire contract has it. */
export type ListedIntegration = IntegrationView;

export async function listIntegrations(ctx: TestContext, customer: RegisteredCustomer, query = ''): Promise<ListedIntegration[]> {
  const response = await get(ctx, `/marketplace/integration/list${query}`, customer.jwt_token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ListedIntegration[]>();
}

/** Connects a store of `code` through POST /marketplace/integration/upsert; the task must succeed. Resolves with the integration id. */
export async function connectStore(
  ctx: TestContext,
  customer: RegisteredCustomer,
  code: MarketplaceCode,
  body: Omit<UpsertBody, 'marketplace_id'>,
): Promise<string> {
  const result = await runTask(
    ctx,
    '/marketplace/integration/upsert',
    { marketplace_id: await marketplaceIdOf(ctx, code), ...body } satisfies UpsertBody,
    customer,
  );
  expect(result.is_successful, result.message).toBe(true);
  return (result.data as { id: string }).id;
}

/** A store the sandbox serves, connected through the public API. */
export interface SandboxStore {
  /** The key the sandbox generates the store's orders from (sandboxSales). */
  storeKey: string;
  splits: boolean;
  /** Connects it through the public API; resolves with the integration id. */
  connect(customer: RegisteredCustomer): Promise<string>;
}

/** Every marketplace the sandbox serves a store of (sandboxStores has one of each). */
export const sandboxStoreCodes = [
  'trendyol',
  'hepsiburada',
  'n11',
  'ciceksepeti',
  'ticimax',
  'ideasoft',
  'amazon',
] as const satisfies readonly MarketplaceCode[];

export type SandboxStoreCode = (typeof sandboxStoreCodes)[number];

let storeCounter = 0;
const uniqueStoreId = () => String(810_000 + ((++storeCounter * 7919 + (Date.now() % 1000)) % 180_000));

/**
 * A new sandbox store on each marketplace, each call a store of its own (but Ticimax's and Amazon's:
 * every Ticimax store serves the same orders, the SOAP call carries no store id; the Amazon sandbox
 * has one selling partner). Ideasoft's seller approves on the store's consent page: `consentPage`
 * opens its URL as the seller's browser would and resolves with the page's HTML.
 */
export function sandboxStores(
  ctx: TestContext,
  consentPage: (url: string) => Promise<string>,
): Record<SandboxStoreCode, () => SandboxStore> {
  return {
    trendyol: () => {
      const sellerId = uniqueStoreId();
      return {
        storeKey: `trendyol:${sellerId}`,
        splits: true,
        connect: (customer) =>
          connectStore(ctx, customer, 'trendyol', {
            store_name: 'Trendyol Butik',
            credentials: { seller_id: sellerId, api_key: 'sandbox', api_secret: 'sandbox' },
          }),
      };
    },
    hepsiburada: () => {
      const merchantId = `m-${uniqueStoreId()}`;
      return {
        storeKey: `hepsiburada:${merchantId}`,
        splits: false,
        connect: (customer) =>
          connectStore(ctx, customer, 'hepsiburada', {
            store_name: 'HB Mağaza',
            credentials: { merchant_id: merchantId, service_key: 'sandbox' },
          }),
      };
    },
    n11: () => {
      const appKey = `n11-${uniqueStoreId()}`;
      return {
        storeKey: `n11:${appKey}`,
        splits: true,
        connect: (customer) =>
          connectStore(ctx, customer, 'n11', { store_name: 'N11 Mağaza', credentials: { app_key: appKey, app_secret: 'sandbox' } }),
      };
    },
    ciceksepeti: () => {
      const sellerId = uniqueStoreId();
      return {
        storeKey: `ciceksepeti:${sellerId}`,
        splits: false,
        connect: (customer) =>
          connectStore(ctx, customer, 'ciceksepeti', {
            store_name: 'Çiçek Bahçem',
            credentials: { seller_id: sellerId, api_key: 'sandbox' },
          }),
      };
    },
    ticimax: () => {
      const domain = `www.magaza${uniqueStoreId()}.com`;
      return {
        storeKey: 'ticimax:sandbox',
        splits: false,
        connect: (customer) =>
          connectStore(ctx, customer, 'ticimax', {
            store_name: 'Ticimax Mağaza',
            credentials: { store_domain: domain, authorization_code: 'sandbox' },
          }),
      };
    },
    ideasoft: () => {
      const clientId = `client-${uniqueStoreId()}`;
      return {
        storeKey: `ideasoft:${clientId}`,
        splits: false,
        async connect(customer) {
          const authorization = await post(
            ctx,
            '/marketplace/ideasoft/authorization_url',
            {
              store_name: 'Ideasoft Mağaza',
              store_url: `https://${clientId}.myideasoft.com`,
              client_id: clientId,
              client_secret: 'sandbox',
            },
            customer.jwt_token,
          );
          expect(authorization.statusCode, authorization.body).toBe(200);
          // The seller approves on the consent page, which sends the browser back with a code.
          const page = await consentPage(authorization.json<{ url: string }>().url);
          const approve = new URL(/href="([^"]*code=[^"]*)"/.exec(page)![1]!.replace(/&amp;/g, '&'));
          return connectStore(ctx, customer, 'ideasoft', {
            store_name: 'Ideasoft Mağaza',
            credentials: { authorization_code: approve.searchParams.get('code')!, state: approve.searchParams.get('state')! },
          });
        },
      };
    },
    amazon: () => ({
      storeKey: 'amazon:A2WORQSANDBOX1',
      splits: false,
      async connect(customer) {
        const { state } = (await get(ctx, '/marketplace/amazon/authorization_url?region=EU', customer.jwt_token)).json<{ state: string }>();
        return connectStore(ctx, customer, 'amazon', {
          store_name: 'Amazon Mağaza',
          region: 'EU',
          credentials: { spapi_oauth_code: 'sandbox', state, selling_partner_id: 'A2WORQSANDBOX1' },
        });
      },
    }),
  };
}

/** Waits (up to 100 s) until the store's sync is no longer running, as the overview reports it (connecting starts the first import). */
export async function syncSettled(ctx: TestContext, customer: RegisteredCustomer, integrationId: string): Promise<StoreSync> {
  const until = Date.now() + 100_000;
  for (;;) {
    const body = (await get(ctx, `/insight/overview?integration_id=${integrationId}`, customer.jwt_token)).json<Overview>();
    const sync = body.sync[0]!;
    if (sync.state !== 'running' && sync.state !== 'never') return sync;
    if (Date.now() > until) throw new Error(`the store's sync did not settle: ${JSON.stringify(sync)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/*
 * Stories about store connections. The sandbox runs in-process: in sandbox mode the connector
 * registry sends `<publicUrl>/sandbox/…` requests to the app's own `inject`, so the connectors'
 * real HTTP code talks to the sandbox routes without a listening port.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { IntegrationView, UpsertBody } from '@worq/domain/wire/marketplace';
import type { TaskAccepted } from '@worq/domain/wire/tasks';
import { marketplaces } from '../../db/schema.ts';
import { post, get, type RegisteredCustomer } from '../../test/accounts-helpers.ts';
import type { TestContext } from '../../test/helpers.ts';
import type { TaskResult } from '../tasks/types.ts';

export async function marketplaceIdOf(ctx: TestContext, code: string): Promise<string> {
  const [row] = await ctx.database.db.select({ id: marketplaces.id }).from(marketplaces).where(eq(marketplaces.code, code));
  if (!row) throw new Error(`no marketplace ${code}`);
  return row.id;
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

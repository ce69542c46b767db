/*
 * Stories about the WorqTrade journey, told through the public API: start an application, save a
 * plan, connect a store in the sandbox and link its company.
 */
import { expect } from 'vitest';
import type { ApplicationView } from '@worq/domain/wire/application';
import type { PlanView } from '@worq/domain/wire/gpp';
import { post, type RegisteredCustomer } from '../../test/accounts-helpers.ts';
import type { TestContext } from '../../test/helpers.ts';
import { connectTrendyol, runTask } from '../marketplace/test-kit.ts';

export const tl = (lira: number) => lira * 100;

export async function startApplication(
  ctx: TestContext,
  customer: RegisteredCustomer,
  body: Record<string, unknown> = {},
): Promise<ApplicationView> {
  const response = await post(ctx, '/application/start_application', body, customer.jwt_token);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ApplicationView>();
}

/** A plan well inside its bounds: 100,000 TL turnover, 80,000 TL stock, 120,000 TL sales, 4 weeks. */
export function planBody(applicationId: string, overrides: Record<string, unknown> = {}) {
  return {
    application_id: applicationId,
    average_monthly_turnover: tl(100_000),
    estimated_stock_purchase_amount: tl(80_000),
    estimated_sales_turnover: tl(120_000),
    duration_weeks: 4,
    payment_start_week: 1,
    ...overrides,
  };
}

export async function savePlan(
  ctx: TestContext,
  customer: RegisteredCustomer,
  applicationId: string,
  overrides: Record<string, unknown> = {},
): Promise<PlanView> {
  const response = await post(ctx, '/gpp/upsert', planBody(applicationId, overrides), customer.jwt_token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PlanView>();
}

export const companyBody = {
  type: 2,
  tax_number: '1234567890',
  official_full_name: 'Ayşe Yılmaz',
  trade_name: 'Yılmaz Tekstil A.Ş.',
  tax_office: 'Kadıköy',
};

/** Connects a Trendyol store in the sandbox; with `link`, also enters its company. */
export async function connectStore(
  ctx: TestContext,
  customer: RegisteredCustomer,
  options: { link?: boolean; storeName?: string } = {},
): Promise<string> {
  const connected = await connectTrendyol(ctx, customer, { store_name: options.storeName ?? 'Ayşe Butik' });
  expect(connected.is_successful, JSON.stringify(connected)).toBe(true);
  const id = (connected.data as { id: string }).id;
  if (options.link ?? true) {
    const linked = await runTask(ctx, '/marketplace/integration/set_company', { integration_ids: [id], company: companyBody }, customer);
    expect(linked.is_successful, JSON.stringify(linked)).toBe(true);
  }
  return id;
}

export async function setStep(
  ctx: TestContext,
  customer: RegisteredCustomer,
  applicationId: string,
  step: number,
  headers: Record<string, string> = {},
) {
  return post(ctx, '/application/set_step', { application_id: applicationId, step }, customer.jwt_token, headers);
}

import { z } from 'zod';
import { companyInput } from '@worq/domain/wire/company';
import { ConnectorError } from '../../connectors/types.ts';
import { AppError } from '../../plugins/errors.ts';
import type { HandlerOutcome, RunningTask } from '../tasks/public.ts';
import { findCompanyById, toCompanyView, upsertCompany } from '../company/public.ts';
import { assertNotRelinked, marketplaceOrFail, ownIntegrationOrFail } from './checks.ts';
import { integrationContext, marketplaceFailure, storedCredentials, verifyWith } from './connector-calls.ts';
import type { MarketplaceContext } from './context.ts';
import { listedIntegration } from './reading.ts';
import {
  claimIntegrationsDueForCheck,
  deleteIntegration,
  findIntegration,
  findIntegrationsByIds,
  linkCompany,
  listIntegrations,
  updateIntegration,
} from './repository.ts';
import { runUpsertTask, taskCustomer } from './upsert-task.ts';
import { toIntegrationView } from './views.ts';

/** change_integration_status: activate re-verifies the stored credentials first; disable just stops. */
export async function runChangeStatusTask(ctx: MarketplaceContext, task: RunningTask): Promise<HandlerOutcome> {
  const customerId = taskCustomer(task);
  const integration = await ownIntegrationOrFail(ctx.db, customerId, String(task.payload.integration_id));
  const now = ctx.now();
  if (task.payload.action === 'disable') {
    await updateIntegration(ctx.db, customerId, integration.id, { status: 'disabled', isActive: false });
    return {
      message: 'task_disable_success',
      params: { store: integration.storeName },
      data: await listedIntegration(ctx, customerId, integration.id),
    };
  }
  const marketplace = await marketplaceOrFail(ctx.db, integration.marketplaceId);
  try {
    await verifyWith(ctx, marketplace, storedCredentials(ctx, integration), integration.region, task.signal, integration);
  } catch (error) {
    if (error instanceof AppError) {
      await updateIntegration(ctx.db, customerId, integration.id, {
        status: 'out_of_date',
        isActive: true,
        isUpdated: false,
        lastCheckedAt: now,
        lastError: error.code,
      });
    }
    throw error;
  }
  await updateIntegration(ctx.db, customerId, integration.id, {
    status: 'active',
    isActive: true,
    isUpdated: true,
    lastCheckedAt: now,
    lastError: null,
  });
  return {
    message: 'task_activate_success',
    params: { store: integration.storeName },
    data: await listedIntegration(ctx, customerId, integration.id),
  };
}

/** delete_integration: repeating it after the row is gone still reports success. */
export async function runDeleteTask(ctx: MarketplaceContext, task: RunningTask): Promise<HandlerOutcome> {
  const customerId = taskCustomer(task);
  const id = String(task.payload.integration_id);
  await deleteIntegration(ctx.db, customerId, id);
  return { message: 'task_delete_success', params: { store: String(task.payload.store_name ?? '') }, data: { id } };
}

/** connect_company: saves the company when given, then links the integrations that have none. */
export async function runConnectCompanyTask(ctx: MarketplaceContext, task: RunningTask): Promise<HandlerOutcome> {
  const customerId = taskCustomer(task);
  const ids = z.array(z.string()).parse(task.payload.integration_ids);
  const integrations = await findIntegrationsByIds(ctx.db, customerId, ids);
  if (integrations.length !== ids.length) throw new AppError(404, 'integration_not_found');
  let company;
  if (task.payload.company) {
    company = await upsertCompany(ctx.db, customerId, companyInput.parse(task.payload.company));
  } else {
    company = await findCompanyById(ctx.db, customerId, String(task.payload.company_id));
    if (!company) throw new AppError(404, 'company_not_found');
  }
  assertNotRelinked(integrations, company.id);
  await linkCompany(ctx.db, customerId, ids, company.id);
  const listed = (await listIntegrations(ctx.db, customerId, { ids })).map(toIntegrationView);
  return { message: 'task_company_success', data: { company: toCompanyView(company), integrations: listed } };
}

/**
 * check_integration_health: the scheduled re-check. Credentials the marketplace now refuses mark
 * the integration out_of_date (the list then offers to reconnect); a marketplace that is merely
 * unreachable changes nothing but the recorded error.
 */
export async function runHealthCheckTask(ctx: MarketplaceContext, task: RunningTask): Promise<HandlerOutcome> {
  const customerId = taskCustomer(task);
  const integration = await findIntegration(ctx.db, customerId, String(task.payload.integration_id));
  if (!integration) throw new AppError(404, 'integration_not_found');
  const params = { store: integration.storeName };
  // Switched off or already out of date since the check was scheduled: nothing to find out.
  if (integration.status === 'disabled') return { message: 'task_disable_success', params };
  if (integration.status === 'out_of_date') return { message: 'task_health_failed', params, is_successful: false };
  const marketplace = await marketplaceOrFail(ctx.db, integration.marketplaceId);
  const now = ctx.now();
  try {
    await ctx.registry
      .connector(marketplace.code)
      .verify(storedCredentials(ctx, integration), integrationContext(ctx, marketplace.code, integration, task.signal));
  } catch (error) {
    if (!(error instanceof ConnectorError)) throw error;
    const refused = error.kind === 'bad_credentials' || error.kind === 'forbidden';
    await updateIntegration(ctx.db, customerId, integration.id, {
      lastCheckedAt: now,
      lastError: error.messageKey,
      ...(refused ? { status: 'out_of_date' as const, isUpdated: false } : {}),
    });
    if (refused) throw new AppError(400, 'task_health_failed', { messageKey: 'task_health_failed', params });
    throw marketplaceFailure(error, marketplace.name);
  }
  await updateIntegration(ctx.db, customerId, integration.id, { lastCheckedAt: now, lastError: null });
  return { message: 'task_health_ok', params, data: await listedIntegration(ctx, customerId, integration.id) };
}

/** Enqueues a health check for every active integration not checked within the interval. */
export async function enqueueDueHealthChecks(ctx: MarketplaceContext): Promise<number> {
  const intervalMs = Math.max(1, ctx.config.connectionHealthIntervalMinutes) * 60_000;
  const now = ctx.now();
  const batch = 500;
  let scheduled = 0;
  for (;;) {
    const due = await claimIntegrationsDueForCheck(ctx.db, now, new Date(now.getTime() - intervalMs), batch);
    for (const integration of due) {
      await ctx.tasks.enqueue({
        customerId: integration.customerId,
        type: 'check_integration_health',
        payload: { integration_id: integration.id },
        system: true,
      });
    }
    scheduled += due.length;
    if (due.length < batch) return scheduled;
  }
}

export function registerMarketplaceTasks(ctx: MarketplaceContext): void {
  ctx.tasks.handle('connect_integration', (task) => runUpsertTask(ctx, task));
  ctx.tasks.handle('update_integration', (task) => runUpsertTask(ctx, task));
  ctx.tasks.handle('change_integration_status', (task) => runChangeStatusTask(ctx, task));
  ctx.tasks.handle('delete_integration', (task) => runDeleteTask(ctx, task));
  ctx.tasks.handle('connect_company', (task) => runConnectCompanyTask(ctx, task));
  ctx.tasks.handle('check_integration_health', (task) => runHealthCheckTask(ctx, task), 'background');
}

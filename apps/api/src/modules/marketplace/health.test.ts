import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createConnectorRegistry, sandboxFetch } from '../../connectors/registry.ts';
import { backgroundTasks, integrations } from '../../db/schema.ts';
import { AppError } from '../../plugins/errors.ts';
import { registerVerifiedCustomer, sharedAccountsTestApp } from '../../test/accounts-helpers.ts';
import type { RunningTask } from '../tasks/types.ts';
import { inNoSubmittedApplication, noActiveApplication, type MarketplaceContext } from './context.ts';
import { enqueueDueHealthChecks, runHealthCheckTask } from './task-handlers.ts';
import { connectTrendyol, listIntegrations, taskResult } from './test-kit.ts';

const ctx = sharedAccountsTestApp();
let marketplace: MarketplaceContext;

beforeAll(async () => {
  marketplace = {
    db: ctx.database.db,
    config: { ...ctx.config, connectionHealthIntervalMinutes: 360 },
    registry: createConnectorRegistry({ config: ctx.config, fetch: sandboxFetch(ctx.app, ctx.config.publicUrl) }),
    tasks: ctx.app.tasks,
    secrets: ctx.app.secrets,
    hasActiveApplication: noActiveApplication,
    isInSubmittedApplication: inNoSubmittedApplication,
    now: () => new Date(),
  };
});

function healthTask(customerId: string, integrationId: string): RunningTask {
  return {
    id: crypto.randomUUID(),
    customerId,
    type: 'check_integration_health',
    payload: { integration_id: integrationId },
    attempt: 1,
    language: 'en',
    signal: new AbortController().signal,
    giveWay: () => Promise.resolve(),
  };
}

describe('connection health', () => {
  it('keeps a connection whose credentials still work active and records the check', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const { id } = (await connectTrendyol(ctx, customer)).data as { id: string };
    await ctx.database.db.update(integrations).set({ lastCheckedAt: null }).where(eq(integrations.id, id));

    const outcome = await runHealthCheckTask(marketplace, healthTask(customer.customerId, id));
    expect(outcome.is_successful ?? true).toBe(true);
    expect(outcome.message).toBe('task_health_ok');
    const [row] = await ctx.database.db.select().from(integrations).where(eq(integrations.id, id));
    expect(row).toMatchObject({ status: 'active', isUpdated: true, lastError: null });
    expect(row!.lastCheckedAt).not.toBeNull();
  });

  it('marks a connection whose credentials the marketplace now refuses out of date', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const { id } = (await connectTrendyol(ctx, customer)).data as { id: string };
    await ctx.database.db
      .update(integrations)
      .set({ secretsEncrypted: ctx.app.secrets.encrypt({ api_key: 'revoked', api_secret: 'sandbox' }) })
      .where(eq(integrations.id, id));

    const failure = await runHealthCheckTask(marketplace, healthTask(customer.customerId, id)).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ code: 'task_health_failed', options: { params: { store: 'Ayşe Butik' } } });
    const [row] = await ctx.database.db.select().from(integrations).where(eq(integrations.id, id));
    expect(row).toMatchObject({ status: 'out_of_date', isUpdated: false, isActive: true, lastError: 'marketplace_bad_credentials' });
    expect(await listIntegrations(ctx, customer, '?status=out_of_date')).toMatchObject([{ id, is_updated: false }]);
  });

  it('schedules one check per due active connection, and none twice', async () => {
    const customer = await registerVerifiedCustomer(ctx);
    const due = (await connectTrendyol(ctx, customer, { store_name: 'Eski kontrol' })).data as { id: string };
    const disabled = (await connectTrendyol(ctx, customer, { store_name: 'Kapalı' })).data as { id: string };
    const longAgo = new Date(Date.now() - 7 * 60 * 60_000);
    await ctx.database.db.update(integrations).set({ lastCheckedAt: longAgo }).where(eq(integrations.id, due.id));
    await ctx.database.db
      .update(integrations)
      .set({ lastCheckedAt: longAgo, status: 'disabled', isActive: false })
      .where(eq(integrations.id, disabled.id));

    await enqueueDueHealthChecks(marketplace);
    expect(await enqueueDueHealthChecks(marketplace)).toBe(0);

    const checks = (
      await ctx.database.db.select().from(backgroundTasks).where(eq(backgroundTasks.type, 'check_integration_health'))
    ).filter((task) => task.customerId === customer.customerId);
    expect(checks.map((task) => task.payload.integration_id)).toEqual([due.id]);
    expect(await taskResult(ctx, checks[0]!.id)).toMatchObject({ is_successful: true });
  });
});

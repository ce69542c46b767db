/*
 * The sync run in a test, against a connector the test writes: the context runSyncTask gets (a
 * registry that answers with that connector) and the task it runs.
 */
import { randomUUID } from 'node:crypto';
import { platformStoreHostSuffixes } from '@worq/domain/store-source';
import type { ConnectorRegistry } from '../../connectors/registry.ts';
import type { Connector } from '../../connectors/types.ts';
import type { TestContext } from '../../test/helpers.ts';
import type { RunningTask } from '../tasks/public.ts';
import type { SyncContext } from './sync.ts';

/** A Trendyol connector that needs no credentials and serves orders as `listOrders` says. */
export const testConnector = (listOrders: Connector['listOrders']): Connector => ({
  code: 'trendyol',
  fields: [],
  verify: async () => ({}),
  listOrders,
});

export interface TestSyncOptions {
  /** Overrides of importLimits. */
  limits?: SyncContext['limits'];
  /** 0 imports a new store's whole history in one run; unset, the product's recentFirstDays. */
  recentFirstDays?: number;
  orderSyncIntervalMinutes?: number;
}

/** The sync's context on the test app, every store's marketplace answered by `connector`. */
export function testSyncContext(ctx: TestContext, connector: Connector, options: TestSyncOptions = {}): SyncContext {
  const registry = {
    connector: () => connector,
    context: () => ({ baseUrl: 'http://marketplace.invalid' }),
  } as unknown as ConnectorRegistry;
  return {
    db: ctx.database.db,
    config: { orderSyncIntervalMinutes: options.orderSyncIntervalMinutes ?? 60, storeHostSuffixes: platformStoreHostSuffixes },
    limits: options.limits,
    recentFirstDays: options.recentFirstDays,
    registry,
    secrets: ctx.app.secrets,
    tasks: ctx.app.tasks,
    log: ctx.app.log,
    now: () => new Date(),
  };
}

/** A first attempt of a sync_orders task of `customerId`'s store `integrationId`. */
export function syncTask(customerId: string, integrationId: string, signal = new AbortController().signal): RunningTask {
  return {
    id: randomUUID(),
    customerId,
    type: 'sync_orders',
    payload: { integration_id: integrationId },
    attempt: 1,
    language: 'en',
    signal,
    giveWay: () => Promise.resolve(),
  };
}

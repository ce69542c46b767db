/**
 * The order sync of one store (task `sync_orders`, ARCHITECTURE.md §6). A run reads the store's
 * orders page by page through its connector and saves each page together with the resume point in
 * one transaction, so a run that stops anywhere (a rate limit, its time budget, a crash, a bad
 * page) keeps every order already saved and can continue where it stopped. Runs are:
 * - a backfill right after a store connects (12 months back, or as far as the marketplace allows);
 * - scheduled every ORDER_SYNC_INTERVAL_MINUTES, re-reading an overlap so status changes land;
 * - on demand (POST /insight/sync).
 * A lease on the store's sync row keeps two processes from syncing the same store at once.
 * Imports are bounded (importLimits): a run reads at most so many pages and orders before it hands
 * over to a continuation task, which counts against the owner's task quota like a task they
 * started; a store reads at most so many pages and orders per Istanbul day, then waits for the next.
 */
import type { FastifyBaseLogger } from 'fastify';
import { istanbulDay, istanbulDayEnd } from '@worq/domain/calendar';
import { isMessageKey, type MessageKey, type MessageParams } from '@worq/domain/messages';
import type { OrderSyncData } from '@worq/domain/wire/insight';
import type { Config, MarketplaceCode } from '../../config.ts';
import { isMarketplaceCode, type ConnectorRegistry } from '../../connectors/registry.ts';
import { ConnectorError, type Credentials } from '../../connectors/types.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';
import type { Secrets } from '../../plugins/secrets.ts';
import { findIntegration, findMarketplace, updateIntegration, type Integration, integrationContext } from '../marketplace/public.ts';
import type { HandlerOutcome, RunningTask, Tasks } from '../tasks/public.ts';
import { refreshOfferAfterImport } from './offer.ts';
import {
  adoptUnsyncedIntegrations,
  claimDueSyncs,
  claimSync,
  ensureSyncRow,
  oldestOrderAt,
  postponeSync,
  releaseSync,
  unfinishedSyncTask,
  updateOwnSync,
  upsertOrders,
} from './sync-repository.ts';

export interface SyncContext {
  db: Db;
  config: Pick<Config, 'orderSyncIntervalMinutes' | 'storeHostSuffixes'>;
  /** Overrides of importLimits (tests lower them). */
  limits?: Partial<ImportLimits>;
  /** Overrides recentFirstDays; 0 imports a new store's whole history in one run. */
  recentFirstDays?: number;
  registry: ConnectorRegistry;
  secrets: Secrets;
  tasks: Tasks;
  log: FastifyBaseLogger;
  now(): Date;
  /**
   * Asks this process for one extra pass of the order-sync schedule after `afterMs`: a run that
   * hands over to a continuation has it started about then rather than at the next tick. The pass
   * claims due rows like any tick (claimDueSyncs), so across processes a continuation is still
   * enqueued once. startOrderSync sets it; without it continuations wait for the tick.
   */
  passSoon?: (afterMs: number) => void;
}

const dayMs = 86_400_000;
/** How far back the first sync of a store reads. */
export const backfillDays = 365;
/**
 * A new store imports its most recent days first, so the figures a seller opens first (the last 30
 * days) are there within a minute; the older history follows in the next runs (order_syncs.backfill_before).
 */
export const recentFirstDays = 30;
/** How much of the already synced period a later run reads again, so status changes land. */
export const overlapDays = 7;
/** A run stops and continues in a new task after this long (tasks end within 2 minutes). */
export const runBudgetMs = 75_000;
/** The lease on the store; renewed with every saved page. */
const leaseSeconds = 90;
/** Pause before a run handed over to a continuation continues (run cap, time budget, older history). */
const continueAfterMs = 2_000;
/**
 * How long after the pause the extra schedule pass looks. The pass starts after the release
 * returned, so the row is due by then on one clock; the margin absorbs a little skew between this
 * process and the database, and past that the tick still finds the row.
 */
const passMarginMs = 50;
/** Pause after a rate limit that named no time. */
const defaultRateLimitPauseMs = 60_000;
/** Pause after the marketplace could not be reached. */
const unavailablePauseMs = 15 * 60_000;

/**
 * How much one store may import (ARCHITECTURE.md §6, docs/security.md "Imports are bounded"). A run
 * stops at its caps and continues in a new task; a store stops at its day's caps until the next
 * Istanbul day. Orders count as the store served them, before ingest-limits.ts drops or caps any.
 * Generous for a real store (Hepsiburada's backfill reads 5 lists in 24-hour windows, about 1,850
 * mostly empty pages; a year of 250,000 orders imports in a day), small enough that a store serving
 * endless pages costs a bounded share of the runner and of the database.
 */
export const importLimits = {
  pagesPerRun: 2_000,
  ordersPerRun: 20_000,
  pagesPerDay: 10_000,
  ordersPerDay: 250_000,
};
export type ImportLimits = typeof importLimits;

/** Stored credentials in the connector's terms (identifiers, secrets, region). */
function storedCredentials(secrets: Secrets, integration: Integration): Credentials {
  return {
    ...integration.publicFields,
    ...(integration.secretsEncrypted ? secrets.decrypt(integration.secretsEncrypted) : {}),
    ...(integration.region ? { region: integration.region } : {}),
  };
}

/**
 * Starts a run of the store unless one is already waiting or running; answers its request_id.
 * Used after a connection is made and by POST /insight/sync.
 */
export async function requestOrderSync(
  ctx: Pick<SyncContext, 'db' | 'tasks'>,
  customerId: string,
  integrationId: string,
  /**
   * Started by the schedule rather than the seller: outside the seller's task quota. Continuations
   * of a run are not: they count against the store's owner (enqueueDueSyncs).
   */
  system = false,
): Promise<string> {
  await ensureSyncRow(ctx.db, customerId, integrationId);
  const running = await unfinishedSyncTask(ctx.db, customerId, integrationId);
  if (running) return running;
  return ctx.tasks.enqueue({
    customerId,
    type: 'sync_orders',
    payload: { integration_id: integrationId },
    ...(system ? { system: true } : {}),
  });
}

export async function runSyncTask(ctx: SyncContext, task: RunningTask): Promise<HandlerOutcome> {
  const customerId = task.customerId;
  if (!customerId) throw new Error(`task ${task.id} has no customer`);
  const integrationId = String(task.payload.integration_id);
  const integration = await findIntegration(ctx.db, customerId, integrationId);
  if (!integration) throw new AppError(404, 'integration_not_found');
  const store = integration.storeName;
  const marketplace = await findMarketplace(ctx.db, integration.marketplaceId);
  if (!marketplace || !isMarketplaceCode(marketplace.code)) throw new AppError(404, 'marketplace_not_found');
  const code: MarketplaceCode = marketplace.code;

  await ensureSyncRow(ctx.db, customerId, integrationId);
  if (integration.status !== 'active' || !integration.isActive) {
    return { message: 'sync_store_not_active', params: { store }, is_successful: false };
  }
  const sync = await claimSync(ctx.db, integrationId, task.id, leaseSeconds);
  if (!sync) {
    return { message: 'sync_already_running', params: { store }, data: null };
  }

  const started = Date.now();
  const now = ctx.now();
  const limits = { ...importLimits, ...ctx.limits };
  const today = istanbulDay(now);
  // The day's counters, across this store's runs; a new Istanbul day starts them again.
  let dayPages = sync.quotaDay === today ? sync.dayPages : 0;
  let dayOrders = sync.quotaDay === today ? sync.dayOrders : 0;
  let runPages = 0;
  let runOrders = 0;
  let capped = 0;
  let rejected = 0;
  let rangeFrom = sync.rangeFrom;
  let rangeTo = sync.rangeTo;
  let cursor = sync.cursor;
  let newOrders = sync.newOrders;
  let updatedOrders = sync.updatedOrders;
  let unclassified = sync.unclassifiedOrders;
  const connector = ctx.registry.connector(code);
  // The oldest instant worth asking for: a year back, or less where the marketplace serves less.
  const served = connector.oldestServed?.(now);
  const historyStart = new Date(Math.max(now.getTime() - backfillDays * dayMs, served?.getTime() ?? 0));
  if (!rangeFrom || !rangeTo) {
    if (sync.backfillBefore) {
      // The older history of a new store, after its recent days.
      rangeTo = sync.backfillBefore;
      rangeFrom = new Date(Math.min(historyStart.getTime(), rangeTo.getTime()));
    } else if (sync.lastSyncedAt) {
      // From a little before the last complete run, so status changes land.
      rangeTo = now;
      rangeFrom = new Date(sync.lastSyncedAt.getTime() - overlapDays * dayMs);
    } else {
      // A new store: its most recent days first.
      rangeTo = now;
      const recentDays = ctx.recentFirstDays ?? recentFirstDays;
      rangeFrom = recentDays > 0 ? new Date(Math.max(now.getTime() - recentDays * dayMs, historyStart.getTime())) : historyStart;
    }
    cursor = null;
    newOrders = 0;
    updatedOrders = 0;
    unclassified = 0;
    await updateOwnSync(
      ctx.db,
      integrationId,
      task.id,
      { rangeFrom, rangeTo, cursor, newOrders, updatedOrders, unclassifiedOrders: 0, message: null, messageParams: null },
      leaseSeconds,
    );
  }
  // What this run is: the older history, a new store's recent days, or an update.
  const phase: 'backfill' | 'recent' | 'update' =
    sync.backfillBefore && rangeTo.getTime() <= sync.backfillBefore.getTime() ? 'backfill' : sync.lastSyncedAt ? 'update' : 'recent';
  const range = { from: rangeFrom, to: rangeTo };
  const progress = (): OrderSyncData => ({
    new_orders: newOrders,
    updated_orders: updatedOrders,
    oldest_order_at: sync.oldestOrderAt?.toISOString() ?? null,
  });

  const credentials = storedCredentials(ctx.secrets, integration);
  // Secrets a connector rotates mid-run (Ideasoft's refresh token) are saved at once and used by the next page.
  const stored = integrationContext(ctx, code, integration, task.signal);
  const connectorCtx = {
    ...stored,
    onSecretsRotated: async (rotated: Credentials) => {
      await stored.onSecretsRotated?.(rotated);
      Object.assign(credentials, rotated);
    },
  };

  try {
    const atDayLimit = () => dayPages >= limits.pagesPerDay || dayOrders >= limits.ordersPerDay;
    for (;;) {
      if (atDayLimit()) {
        ctx.log.warn({ integrationId, dayPages, dayOrders }, "order sync reached the store's daily limit");
        await releaseSync(ctx.db, integrationId, task.id, {
          state: 'running',
          message: 'sync_paused_daily_limit',
          messageParams: { store },
          nextRunAt: istanbulDayEnd(today),
        });
        return { message: 'sync_paused_daily_limit', params: { store }, data: progress() };
      }
      // A seller connecting a store right now is served before the next page of this import.
      await task.giveWay();
      const page = await connector.listOrders(credentials, range, cursor, connectorCtx);
      runPages += 1;
      runOrders += page.orders.length;
      dayPages += 1;
      dayOrders += page.orders.length;
      // The page and the resume point are saved together: a crash never loses or repeats half a page.
      await ctx.db.transaction(async (tx) => {
        const counts = await upsertOrders(tx as unknown as Db, customerId, integrationId, page.orders);
        newOrders += counts.inserted;
        updatedOrders += counts.updated;
        capped += counts.capped;
        rejected += counts.rejected;
        unclassified += counts.rejected + page.orders.filter((order) => order.status === 'other').length;
        await updateOwnSync(
          tx as unknown as Db,
          integrationId,
          task.id,
          { cursor: page.cursor, newOrders, updatedOrders, unclassifiedOrders: unclassified, quotaDay: today, dayPages, dayOrders },
          leaseSeconds,
        );
      });
      cursor = page.cursor;
      if (cursor === null) break;
      // The day's cap wins over the run's: the store waits for tomorrow rather than continuing now.
      if (atDayLimit()) continue;
      const atRunLimit = runPages >= limits.pagesPerRun || runOrders >= limits.ordersPerRun;
      if (atRunLimit || Date.now() - started > runBudgetMs || task.signal.aborted) {
        logBounded(ctx, integrationId, capped, rejected);
        await continueLater(ctx, integrationId, task.id, store, newOrders);
        return { message: 'sync_continues', params: { store, new_orders: newOrders }, data: progress() };
      }
    }
  } catch (error) {
    return handleSyncError(ctx, task, integration, marketplace.name, error, progress());
  }

  logBounded(ctx, integrationId, capped, rejected);
  const oldest = await oldestOrderAt(ctx.db, integrationId);
  const intervalMinutes = ctx.config.orderSyncIntervalMinutes;
  const data: OrderSyncData = { new_orders: newOrders, updated_orders: updatedOrders, oldest_order_at: oldest?.toISOString() ?? null };
  const done = { rangeFrom: null, rangeTo: null, cursor: null, oldestOrderAt: oldest };
  if (phase === 'recent' && historyStart.getTime() < rangeFrom.getTime()) {
    // The recent days are in; the older history continues shortly, as the owner's continuation.
    const days = Math.round((rangeTo.getTime() - rangeFrom.getTime()) / dayMs);
    await releaseSync(ctx.db, integrationId, task.id, {
      ...done,
      state: 'running',
      lastSyncedAt: rangeTo,
      backfillBefore: rangeFrom,
      message: 'sync_backfilling',
      messageParams: { store, days },
      nextRunAt: new Date(Date.now() + continueAfterMs),
    });
    ctx.passSoon?.(continueAfterMs + passMarginMs);
    return { message: 'sync_backfilling', params: { store, days }, data };
  }
  await releaseSync(ctx.db, integrationId, task.id, {
    ...done,
    state: 'ok',
    // The older history ends where the first run began; only an update moves the synced edge.
    ...(phase === 'backfill' ? { backfillBefore: null } : { lastSyncedAt: rangeTo }),
    message: null,
    messageParams: null,
    nextRunAt: new Date(Date.now() + Math.max(intervalMinutes, 1) * 60_000),
  });
  // The import is complete and saved: the seller's offer is stored before they ask (offer.ts).
  await refreshOfferAfterImport({ db: ctx.db, log: ctx.log, hostSuffixes: ctx.config.storeHostSuffixes }, customerId, ctx.now());
  return { message: 'sync_done', params: { store, new_orders: newOrders, updated_orders: updatedOrders }, data };
}

/** Orders of this run that ingest-limits.ts capped or left out: a broken or hostile store shows in the logs. */
function logBounded(ctx: SyncContext, integrationId: string, capped: number, rejected: number): void {
  if (capped + rejected > 0) ctx.log.warn({ integrationId, capped, rejected }, 'order sync capped or left out orders');
}

/** Hands the store's run back to continue shortly from its saved cursor. */
async function continueLater(ctx: SyncContext, integrationId: string, taskId: string, store: string, newOrders: number): Promise<void> {
  await releaseSync(ctx.db, integrationId, taskId, {
    state: 'running',
    message: 'sync_continues',
    messageParams: { store, new_orders: newOrders },
    nextRunAt: new Date(Date.now() + continueAfterMs),
  });
  ctx.passSoon?.(continueAfterMs + passMarginMs);
}

/**
 * What a failed page means for the store. A rate limit pauses the run and keeps its place; refused
 * credentials mark the connection out of date as the health check does; anything else fails this
 * run, keeps every saved order, and lets the next run start afresh.
 */
async function handleSyncError(
  ctx: SyncContext,
  task: RunningTask,
  integration: Integration,
  marketplaceName: string,
  error: unknown,
  data: OrderSyncData,
): Promise<HandlerOutcome> {
  const store = integration.storeName;
  const integrationId = integration.id;
  if (task.signal.aborted) {
    // The task is no longer this run's: shutdown handed it back (the database may be closing under
    // the page being saved) or its deadline passed. What was saved stays, with its resume point, and
    // the store's run is left to continue; the runner drops the error.
    ctx.log.info({ integrationId, newOrders: data.new_orders }, 'order sync stopped with its task');
    await continueLater(ctx, integrationId, task.id, store, data.new_orders).catch(() => undefined);
    throw error;
  }
  if (!(error instanceof ConnectorError)) {
    ctx.log.error({ err: error, integrationId }, 'order sync failed');
    await releaseSync(ctx.db, integrationId, task.id, {
      state: 'failed',
      rangeFrom: null,
      rangeTo: null,
      cursor: null,
      message: 'sync_failed',
      messageParams: { store },
      nextRunAt: new Date(Date.now() + unavailablePauseMs),
    });
    throw new AppError(500, 'sync_failed', { messageKey: 'sync_failed', params: { store } });
  }
  const key: MessageKey = isMessageKey(error.messageKey) ? error.messageKey : 'marketplace_unexpected';
  const params: MessageParams = { marketplace: marketplaceName, store };
  ctx.log.warn({ integrationId, kind: error.kind, detail: error.detail?.slice(0, 200) }, 'order sync stopped by the marketplace');

  if (error.kind === 'rate_limited') {
    const pauseMs = error.options.retryAfterMs ?? defaultRateLimitPauseMs;
    await releaseSync(ctx.db, integrationId, task.id, {
      state: 'running',
      message: 'sync_paused_rate_limit',
      messageParams: params,
      nextRunAt: new Date(Date.now() + pauseMs),
    });
    return { message: 'sync_paused_rate_limit', params, data };
  }
  if (error.kind === 'bad_credentials' || error.kind === 'forbidden') {
    if (error.kind === 'bad_credentials') {
      await updateIntegration(ctx.db, integration.customerId, integrationId, {
        status: 'out_of_date',
        isUpdated: false,
        lastCheckedAt: ctx.now(),
        lastError: error.messageKey,
      });
    }
    await releaseSync(ctx.db, integrationId, task.id, {
      state: 'failed',
      rangeFrom: null,
      rangeTo: null,
      cursor: null,
      message: key,
      messageParams: params,
      nextRunAt: new Date(Date.now() + unavailablePauseMs),
    });
    throw new AppError(400, key, { messageKey: key, params });
  }
  // Unreachable: keep the place and try again later. Unexpected answer: start afresh next time.
  const keepPlace = error.kind === 'unavailable';
  await releaseSync(ctx.db, integrationId, task.id, {
    state: 'failed',
    ...(keepPlace ? {} : { rangeFrom: null, rangeTo: null, cursor: null }),
    message: key,
    messageParams: params,
    nextRunAt: new Date(Date.now() + unavailablePauseMs),
  });
  throw new AppError(error.kind === 'unavailable' ? 503 : 502, key, { messageKey: key, params });
}

/**
 * Enqueues the runs that are due: continuations always, scheduled re-reads when the schedule is on.
 * A continuation counts against its owner's task quota (a store that never finishes must not import
 * for free); past the quota it waits until the owner's window frees up.
 */
export async function enqueueDueSyncs(ctx: SyncContext): Promise<number> {
  const periodic = ctx.config.orderSyncIntervalMinutes > 0;
  if (periodic) await adoptUnsyncedIntegrations(ctx.db);
  const due = await claimDueSyncs(ctx.db, periodic, 200);
  for (const store of due) {
    const continuation = store.state === 'running';
    try {
      await requestOrderSync(ctx, store.customerId, store.integrationId, !continuation);
    } catch (error) {
      if (!(error instanceof AppError && error.statusCode === 429)) throw error;
      const waitSeconds = Number(error.options.extra?.retry_after_seconds) || 60;
      ctx.log.warn(
        { integrationId: store.integrationId, customerId: store.customerId, waitSeconds },
        "order sync continuation waits for its owner's task quota",
      );
      await postponeSync(ctx.db, store.integrationId, new Date(Date.now() + waitSeconds * 1000));
    }
  }
  return due.length;
}

/**
 * Registers the task and the schedule tick (every 15 s, for scheduled re-reads and for
 * continuations whose process went away); a continuation this process handed over gets an extra
 * pass of the schedule when it is due (SyncContext.passSoon).
 */
export function startOrderSync(
  ctx: SyncContext,
  schedule: (name: string, everyMs: number, job: () => unknown) => { runSoon(afterMs: number): void },
  tickMs = 15_000,
): void {
  const scheduled = schedule('order sync schedule', tickMs, () => enqueueDueSyncs(ctx));
  const running: SyncContext = { ...ctx, passSoon: (afterMs) => scheduled.runSoon(afterMs) };
  ctx.tasks.handle('sync_orders', (task) => runSyncTask(running, task), 'background');
}

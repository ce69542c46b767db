/**
 * A store's first import as the seller follows it (`storeSync.import`, API.md "Orders and
 * WorqInsight"): the orders saved, where the connector stands in the phase it reads, and the time
 * left. The sync reads a new store in two phases (sync.ts): its most recent days, then the older
 * history. The time left comes from the pacing model of the marketplace (connectors/pacing.ts: the
 * requests each phase needs and the waits the connector keeps between them), with the per-request
 * time fitted to how long the import has taken since the store was connected, so network, database
 * and scheduling costs count as measured. Where nothing measured supports an estimate it is null.
 */
import { sql } from 'drizzle-orm';
import type { StoreImport } from '@worq/domain/wire/insight';
import type { MarketplaceCode } from '../../config.ts';
import { addWork, walkWork, workMs, type ImportWork, type StoreShape, type WalkRange } from '../../connectors/pacing.ts';
import { connectors, type ConnectorRegistry } from '../../connectors/registry.ts';
import { sandboxDelayMs } from '../../connectors/sandbox/orders.ts';
import type { ImportPosition, MarketplacePacing } from '../../connectors/types.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf } from './repository.ts';
import { backfillDays, recentFirstDays } from './sync.ts';

const dayMs = 86_400_000;
/** The longest per-request time the fit accepts: beyond it the import is stalled, not slow. */
const longestRequestMs = 60_000;

/** How many days back a store's first import reads: a year, or as far as its marketplace serves. */
export function importHistoryDays(code: MarketplaceCode, now: Date): number {
  const served = connectors[code].oldestServed?.(now);
  return Math.min(backfillDays, served ? (now.getTime() - served.getTime()) / dayMs : backfillDays);
}

/** The phases of a first import, as the sync reads them: the recent days, then the older history (none when nothing older is served). */
export function firstImportWalks(code: MarketplaceCode, now: Date): { recent: WalkRange; history: WalkRange | null } {
  const historyDays = importHistoryDays(code, now);
  const recentDays = Math.min(recentFirstDays, historyDays);
  return {
    recent: { fromDaysAgo: recentDays, toDaysAgo: 0 },
    history: historyDays > recentDays ? { fromDaysAgo: historyDays, toDaysAgo: recentDays } : null,
  };
}

export interface FirstImportEstimate {
  requests: number;
  /** The waits the pacing alone imposes (every request instant). */
  pacedMs: number;
  /** With every request taking `latencyMs`. */
  ms: number;
}

/**
 * How long the first import of a store takes by the pacing model: `orders` placed evenly over its
 * last `days` days, read as the sync reads them, every request taking `latencyMs` on top of the
 * marketplace's pacing.
 */
export function estimateFirstImport(
  code: MarketplaceCode,
  pacing: MarketplacePacing,
  store: { orders: number; days: number; linesPerOrder?: number },
  latencyMs: number,
  now: Date,
): FirstImportEstimate {
  const shape: StoreShape = { ordersPerDay: store.days > 0 ? store.orders / store.days : 0, linesPerOrder: store.linesPerOrder ?? 1 };
  const walks = firstImportWalks(code, now);
  const work = addWork(walkWork(code, walks.recent, shape), walks.history ? walkWork(code, walks.history, shape) : noWork);
  return { requests: work.requests + work.parallelRequests, pacedMs: workMs(work, pacing, 0), ms: workMs(work, pacing, latencyMs) };
}

const noWork: ImportWork = { requests: 0, streamRequests: 0, parallelRequests: 0 };

/** A store whose first import is under way, as its sync row and its saved orders show it. */
export interface ImportState {
  integrationId: string;
  marketplaceCode: MarketplaceCode;
  /** Whether a run is reading or due (not failed, not done). */
  running: boolean;
  /** When the store was connected: the first import started then. */
  connectedAt: Date;
  /** When the sync row last changed: the last page saved (the cursor's time), a run's start or end. */
  updatedAt: Date;
  /** End of the recent phase's range once it is in; null while it is read. */
  lastSyncedAt: Date | null;
  /** Start of the recent phase's range while the older history is read. */
  backfillBefore: Date | null;
  rangeFrom: Date | null;
  rangeTo: Date | null;
  cursor: string | null;
  ordersSaved: number;
  /** Orders saved placed in the recent phase's range (from backfillBefore on). */
  recentOrders: number;
  /** Lines an order has, over a sample of the saved orders (null before any). */
  linesPerOrder: number | null;
}

/** What the estimate needs of the store's marketplace. */
export interface ImportPacing {
  pacing: MarketplacePacing;
  /** A request's time when it is known beforehand (the built-in sandbox's answer delay), else null. */
  knownLatencyMs: number | null;
}

/** The store's first import for the overview. */
export function importProgress(state: ImportState, marketplace: ImportPacing, now: Date): StoreImport {
  const code = state.marketplaceCode;
  const connector = connectors[code];
  const phase = state.lastSyncedAt === null ? 'recent' : 'history';
  const walks = firstImportWalks(code, now);
  const recentDays = Math.round(walks.recent.fromDaysAgo);
  const range = state.rangeFrom && state.rangeTo ? { from: state.rangeFrom, to: state.rangeTo } : phaseRange(state, walks, now);
  const position: ImportPosition | null = connector.progress ? connector.progress(state.cursor, range, now) : null;
  const base: StoreImport = {
    phase,
    recent_days: recentDays,
    orders_saved: state.ordersSaved,
    steps_done: position ? Math.floor(position.done) : null,
    steps_total: position ? Math.ceil(position.total) : null,
    seconds_left: null,
    first_import_seconds: null,
  };
  // The position is the one saved with the last page: the time it took is the time until then.
  const elapsedMs = Math.max(0, now.getTime() - state.connectedAt.getTime());
  const savedAtMs = Math.min(elapsedMs, Math.max(0, state.updatedAt.getTime() - state.connectedAt.getTime()));
  const fraction = position && position.total > 0 ? Math.min(1, position.done / position.total) : null;

  if (phase === 'recent') {
    // How many orders the recent days hold is not known until they are read: the time left is the
    // time so far, stretched over the steps still to go.
    if (state.running && fraction !== null && fraction > 0) {
      base.seconds_left = seconds(Math.max(0, (savedAtMs * (1 - fraction)) / fraction - (elapsedMs - savedAtMs)));
    }
    return base;
  }

  // The recent days are in: they tell how many orders a day the store has, and the model the rest.
  const recentSpanDays = state.backfillBefore ? (state.lastSyncedAt!.getTime() - state.backfillBefore.getTime()) / dayMs : recentDays;
  const shape: StoreShape = {
    ordersPerDay: recentSpanDays > 0 ? state.recentOrders / recentSpanDays : 0,
    linesPerOrder: state.linesPerOrder ?? 1,
  };
  const recentWork = walkWork(code, walks.recent, shape);
  const historyWork = walks.history ? walkWork(code, walks.history, shape) : noWork;
  const total = addWork(recentWork, historyWork);
  const { pacing } = marketplace;
  let latencyMs = marketplace.knownLatencyMs;
  if (fraction !== null) {
    // The per-request time that makes the model's work done so far take the time it took.
    latencyMs = fitLatency(addWork(recentWork, scaleWork(historyWork, fraction)), pacing, savedAtMs);
  } else if (latencyMs === null && workMs(total, pacing, 0) === 0) {
    // No position, no pacing and no known request time: nothing to estimate from.
    return base;
  }
  const totalMs = workMs(total, pacing, latencyMs ?? 0);
  base.first_import_seconds = seconds(Math.max(totalMs, elapsedMs));
  if (state.running) base.seconds_left = seconds(Math.max(0, totalMs - elapsedMs));
  return base;
}

/** The range a phase reads before its first page set one on the sync row. */
function phaseRange(state: ImportState, walks: ReturnType<typeof firstImportWalks>, now: Date) {
  const walk = state.lastSyncedAt === null || !walks.history ? walks.recent : walks.history;
  const end = state.backfillBefore ?? now;
  const from = now.getTime() - walk.fromDaysAgo * dayMs;
  return { from: new Date(Math.min(from, end.getTime())), to: end };
}

function scaleWork(work: ImportWork, fraction: number): ImportWork {
  return {
    requests: work.requests * fraction,
    streamRequests: work.streamRequests * fraction,
    parallelRequests: work.parallelRequests * fraction,
  };
}

/** The smallest per-request time with which `done` takes `elapsedMs` (0 when the pacing alone took longer). */
export function fitLatency(done: ImportWork, pacing: MarketplacePacing, elapsedMs: number): number {
  if (workMs(done, pacing, 0) >= elapsedMs) return 0;
  let low = 0;
  let high = longestRequestMs;
  if (workMs(done, pacing, high) <= elapsedMs) return high;
  for (let step = 0; step < 40; step++) {
    const middle = (low + high) / 2;
    if (workMs(done, pacing, middle) < elapsedMs) low = middle;
    else high = middle;
  }
  return high;
}

const seconds = (ms: number) => Math.round(ms / 1000);

/**
 * The stores among `integrationIds` whose first import is under way (never completed, or still
 * reading its older history), with what importProgress needs; the counts read only those stores.
 */
export async function loadImportStates(
  db: Db,
  integrationIds: string[],
  isRunning: (integrationId: string) => boolean,
): Promise<ImportState[]> {
  if (integrationIds.length === 0) return [];
  const ids = sql.join(
    integrationIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const result = await db.execute(sql`
    select i.id, m.code, i.connected_at, s.updated_at, s.state, s.last_synced_at, s.backfill_before, s.range_from, s.range_to, s.cursor,
      counts.saved, counts.recent, sample.lines_per_order
    from integrations i
      join marketplaces m on m.id = i.marketplace_id
      join order_syncs s on s.integration_id = i.id
      cross join lateral (
        select count(*) as saved, count(*) filter (where o.ordered_at >= s.backfill_before) as recent
        from marketplace_orders o where o.integration_id = i.id
      ) counts
      cross join lateral (
        select avg(jsonb_array_length(x.lines)) as lines_per_order
        from (select o.lines from marketplace_orders o where o.integration_id = i.id limit 200) x
      ) sample
    where i.id in (${ids}) and (s.last_synced_at is null or s.backfill_before is not null)`);
  const date = (value: unknown) => (value ? new Date(value as string) : null);
  return rowsOf<Record<string, unknown>>(result)
    .filter((row) => String(row.code) in connectors)
    .map((row) => ({
      integrationId: String(row.id),
      marketplaceCode: String(row.code) as MarketplaceCode,
      running: row.state !== 'failed' && row.state !== 'ok' && isRunning(String(row.id)),
      connectedAt: new Date(row.connected_at as string),
      updatedAt: new Date(row.updated_at as string),
      lastSyncedAt: date(row.last_synced_at),
      backfillBefore: date(row.backfill_before),
      rangeFrom: date(row.range_from),
      rangeTo: date(row.range_to),
      cursor: (row.cursor as string | null) ?? null,
      ordersSaved: Number(row.saved ?? 0),
      recentOrders: Number(row.recent ?? 0),
      linesPerOrder: row.lines_per_order === null || row.lines_per_order === undefined ? null : Number(row.lines_per_order),
    }));
}

/** The pacing a store's marketplace keeps in this deployment (its connector, with the registry's context). */
export function importPacingOf(registry: ConnectorRegistry, code: MarketplaceCode): ImportPacing {
  const ctx = registry.context(code);
  const pacing = registry.connector(code).pacing?.(ctx) ?? { budget: null };
  // Against the built-in sandbox a request takes its answer delay, scaled as the sandbox scales it.
  const knownLatencyMs = ctx.timeScale !== undefined ? sandboxDelayMs({}) * ctx.timeScale : null;
  return { pacing, knownLatencyMs };
}

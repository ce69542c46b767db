/**
 * The pacing model: how many requests a connector makes to read a range of a store's orders, and
 * how long the waits it keeps between them (Connector.pacing: the documented limits, an operator's
 * overrides, the sandbox's time scale) make that take. It follows each connector's walk (windows,
 * lists or passes, pages) with the numbers the connectors page and pace by, imported from them,
 * for a store whose orders are spread evenly over the range. bench/orders checks it against the
 * connectors themselves run over their sandboxes on a virtual clock; modules/insight/import-progress.ts
 * estimates an import's time left with it.
 *
 * What the model assumes of a store, beyond its order count, is the sandbox's mix: 5 % of orders
 * cancelled and 6 % of the rest returned; return claims that take nothing back (refused, withdrawn,
 * exchanges) on 4 % of orders at N11 and 13 % at Çiçeksepeti, whose claims list also holds the
 * cancellations; 3 % of orders split into two packages at N11; every package last modified about a
 * week after its order; and `linesPerOrder` lines an order where a marketplace lists lines (N11's and
 * Çiçeksepeti's claims, Çiçeksepeti's sub-orders, Hepsiburada's paid list).
 */
import type { MarketplaceCode } from '../config.ts';
import { amazonOrdersPerPage } from './amazon.ts';
import { ciceksepetiPageSize, ciceksepetiReads, ciceksepetiWindowMs } from './ciceksepeti.ts';
import { deliveredHistoryMs, hepsiburadaDetailConcurrency, hepsiburadaLists, hepsiburadaWindowMs } from './hepsiburada.ts';
import { ideasoftOrdersPerPage } from './ideasoft.ts';
import { n11ClaimsPageSize } from './n11-claims.ts';
import { defaultN11Senders, n11PageSize, n11PassesOf, n11WindowMs } from './n11.ts';
import { ticimaxOrdersPerPage } from './ticimax.ts';
import { trendyolHistoryDays, trendyolPageSize, trendyolRecentDays, trendyolWindowMs } from './trendyol.ts';
import type { MarketplacePacing } from './types.ts';

const dayMs = 86_400_000;
const cancelledShare = 0.05;
const returnedShare = 0.06 * (1 - cancelledShare);
const liveShare = 1 - cancelledShare;
const n11ClaimShare = returnedShare + 0.042;
const ciceksepetiClaimShare = cancelledShare + returnedShare + 0.126;
const splitShare = 0.03;
/** Days after its order a package is last modified (delivery): the stream finds the last week's orders in its newest window. */
const settleDays = 8;

/** A range to read, in days back from now (`fromDaysAgo` > `toDaysAgo` ≥ 0). */
export interface WalkRange {
  fromDaysAgo: number;
  toDaysAgo: number;
}

export interface StoreShape {
  /** Orders the store receives a day (evenly spread). */
  ordersPerDay: number;
  /** Lines (sub-orders) an order has on average; default 1. */
  linesPerOrder?: number;
  /** N11's `sender` passes (default SELLER and N11). */
  n11Senders?: number;
}

/** The requests of a walk. */
export interface ImportWork {
  /** Requests made one after another. */
  requests: number;
  /** Of them, calls of Trendyol's orders stream (at least its interval apart). */
  streamRequests: number;
  /** Requests made several at a time (Hepsiburada's order details, `hepsiburadaDetailConcurrency` at once). */
  parallelRequests: number;
}

const noWork: ImportWork = { requests: 0, streamRequests: 0, parallelRequests: 0 };

export function addWork(a: ImportWork, b: ImportWork): ImportWork {
  return {
    requests: a.requests + b.requests,
    streamRequests: a.streamRequests + b.streamRequests,
    parallelRequests: a.parallelRequests + b.parallelRequests,
  };
}

/** Splits `days` into windows of `windowDays` (the last one shorter): their lengths in days. */
function windows(days: number, windowDays: number): number[] {
  const lengths: number[] = [];
  for (let start = 0; start < days - 1e-9; start += windowDays) lengths.push(Math.min(windowDays, days - start));
  return lengths;
}

/** Requests to page through `rows` rows `pageSize` at a time: one even when there are none. */
const pages = (rows: number, pageSize: number) => Math.max(1, Math.ceil(rows / pageSize - 1e-9));

/** The requests each connector makes to read the orders placed in `range` (marketplace by marketplace). */
export function walkWork(code: MarketplaceCode, range: WalkRange, store: StoreShape): ImportWork {
  const days = Math.max(0, range.fromDaysAgo - range.toDaysAgo);
  if (days <= 0) return noWork;
  const perDay = store.ordersPerDay;
  const lines = store.linesPerOrder ?? 1;
  switch (code) {
    case 'trendyol': {
      // v2/orders for the last month (pages of 200 in 14-day windows), the stream for older orders:
      // it scans every package modified from the range's start to now, 200 a call.
      const windowDays = trendyolWindowMs / dayMs;
      // Never older than Trendyol serves.
      range = { ...range, fromDaysAgo: Math.min(range.fromDaysAgo, trendyolHistoryDays) };
      if (range.fromDaysAgo <= range.toDaysAgo) return noWork;
      const recentDays = Math.max(0, Math.min(range.fromDaysAgo, trendyolRecentDays) - range.toDaysAgo);
      const recent = windows(recentDays, windowDays).reduce((sum, length) => sum + pages(perDay * length, trendyolPageSize), 0);
      const streamWindows = range.fromDaysAgo > trendyolRecentDays ? windows(range.fromDaysAgo, windowDays) : [];
      const stream = streamWindows.reduce(
        (sum, length, index) => sum + pages(perDay * (length + (index === streamWindows.length - 1 ? settleDays : 0)), trendyolPageSize),
        0,
      );
      return { requests: recent + stream, streamRequests: stream, parallelRequests: 0 };
    }
    case 'hepsiburada': {
      // Each list in 24-hour windows; the order lists by their own event, and one order detail for
      // every row of the shipped, delivered, undelivered and cancelled lists.
      const windowDays = hepsiburadaWindowMs / dayMs;
      // The delivered list is read for the range's last month, and serves only the last month from now.
      const month = deliveredHistoryMs / dayMs;
      const deliveredDays = Math.min(days, month);
      const youngest = (age: number) => Math.max(0, Math.min(age, range.fromDaysAgo) - range.toDaysAgo);
      const rows: Record<(typeof hepsiburadaLists)[number]['name'], { days: number; perDay: number }> = {
        // Paid and not yet packed: the last day's lines; packed: the last three days' packages.
        backlog: { days, perDay: days > 0 ? (perDay * 0.6 * lines * youngest(1)) / days : 0 },
        packed: { days, perDay: days > 0 ? (perDay * 1.2 * youngest(3)) / days : 0 },
        shipped: { days, perDay: perDay * liveShare },
        delivered: { days: deliveredDays, perDay: (perDay * (liveShare - returnedShare) * youngest(month)) / deliveredDays },
        undelivered: { days, perDay: perDay * returnedShare },
        cancelled: { days, perDay: perDay * cancelledShare },
      };
      let requests = 0;
      let details = 0;
      for (const list of hepsiburadaLists) {
        const { days: listDays, perDay: listPerDay } = rows[list.name];
        requests += windows(listDays, windowDays).reduce((sum, length) => sum + pages(listPerDay * length, list.limit), 0);
        if (list.kind === 'events' || list.kind === 'cancelled') details += listPerDay * listDays;
      }
      return { requests, streamRequests: 0, parallelRequests: Math.round(details) };
    }
    case 'n11': {
      // One status a request (each package in the pass of its status), the return claims, per sender,
      // in 15-day windows; the claims reach to now.
      const windowDays = n11WindowMs / dayMs;
      const passes = n11PassesOf(defaultN11Senders.slice(0, store.n11Senders ?? defaultN11Senders.length));
      const senders = Math.max(1, store.n11Senders ?? defaultN11Senders.length);
      let requests = 0;
      for (const pass of passes) {
        if ('claims' in pass) {
          const claimsPerDay = (perDay * n11ClaimShare * lines) / senders;
          requests += windows(range.fromDaysAgo, windowDays).reduce(
            (sum, length) => sum + pages(claimsPerDay * length, n11ClaimsPageSize),
            0,
          );
          continue;
        }
        // A split order's two packages each come in the pass of their own status.
        const share = pass.status === 'Delivered' ? liveShare + splitShare : pass.status === 'Cancelled' ? cancelledShare + splitShare : 0;
        const passPerDay = (perDay * share) / senders;
        requests += windows(days, windowDays).reduce((sum, length) => sum + pages(passPerDay * length, n11PageSize), 0);
      }
      return { requests, streamRequests: 0, parallelRequests: 0 };
    }
    case 'ciceksepeti': {
      // 14-day windows, three reads each (returns and cancellations, cancelled sub-orders, live
      // sub-orders), 100 sub-orders a page.
      const windowDays = ciceksepetiWindowMs / dayMs;
      const shares = { claims: ciceksepetiClaimShare, cancelled: cancelledShare, live: liveShare };
      const requests = windows(days, windowDays).reduce(
        (sum, length) =>
          sum + ciceksepetiReads.reduce((reads, read) => reads + pages(perDay * lines * shares[read] * length, ciceksepetiPageSize), 0),
        0,
      );
      return { requests, streamRequests: 0, parallelRequests: 0 };
    }
    case 'amazon':
      return { requests: pages(perDay * days, amazonOrdersPerPage), streamRequests: 0, parallelRequests: 0 };
    case 'ideasoft':
      // Whole days, the day after the range's last one included; a full last page asks for one more.
      return { requests: Math.floor((perDay * (days + 1)) / ideasoftOrdersPerPage) + 1, streamRequests: 0, parallelRequests: 0 };
    case 'ticimax':
      return { requests: Math.floor((perDay * days) / ticimaxOrdersPerPage) + 1, streamRequests: 0, parallelRequests: 0 };
  }
}

/**
 * How long `work` takes with `pacing` when every request takes `latencyMs` (0: the waits alone,
 * the paced floor). The waits overlap the requests where the marketplace counts starts (a budget, the
 * stream's interval, a bucket) and add to them where it counts from the end of a call (Çiçeksepeti).
 */
export function workMs(work: ImportWork, pacing: MarketplacePacing, latencyMs: number): number {
  const sequential = work.requests - work.streamRequests;
  let ms = sequential * latencyMs + (work.parallelRequests * latencyMs) / hepsiburadaDetailConcurrency;
  const interval = pacing.streamIntervalMs ?? 0;
  ms += Math.max(work.streamRequests * latencyMs, Math.max(0, work.streamRequests - 1) * interval);
  if (pacing.gapMs) ms += Math.max(0, work.requests - 1) * pacing.gapMs;
  const all = work.requests + work.parallelRequests;
  if (pacing.budget && pacing.budget.perMs > 0) {
    ms = Math.max(ms, Math.floor(Math.max(0, all - 1) / pacing.budget.requests) * pacing.budget.perMs);
  }
  if (pacing.bucket) ms = Math.max(ms, (Math.max(0, work.requests - pacing.bucket.burst) / pacing.bucket.perSecond) * 1000);
  return ms;
}

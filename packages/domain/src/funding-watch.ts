/**
 * After funding (ARCHITECTURE.md §6a, issue 36): an approved application's sales since approval
 * against its plan and the forecast at approval, where the seller stands, and the early-warning
 * rules the experts are told about. Pure: the API gathers the figures (funding-watch module) and
 * this file decides. Amounts are kuruş, days Istanbul `YYYY-MM-DD`.
 *
 * Weeks are counted like the repayment schedule's: the approval day is day 1 of week 1.
 */
import { addDays, daysBetween } from './calendar.ts';
import { warningCodes } from './wire/choices.ts';

/** The named thresholds of the rules; changing one is a product decision (docs/decisions/018). */
export const watchThresholds = {
  /** Sales under the forecast's low end for this many served weeks in a row. */
  belowBandWeeks: 2,
  /** No counted order for this many days, while the stores are up to date. */
  quietDays: 7,
  /** A store whose last complete sync is this many days old (disconnected or failing). */
  staleDays: 3,
  /** The return rate of the last `returnWindowDays` at least this multiple of the rate at approval… */
  returnRateMultiple: 2,
  returnWindowDays: 28,
  /** …over at least this many orders, and never judged against a rate at approval below the floor. */
  returnMinOrders: 20,
  returnRateFloor: 0.02,
  /** Within ±10 % of the plan is on track. */
  standingTolerance: 0.1,
  /** Weeks after the last installment's week that the watch goes on (sales still tell). */
  weeksAfterSchedule: 4,
} as const;

export { warningCodes };
export type WarningCode = (typeof warningCodes)[number];

export interface WatchWeek {
  /** 1 = the seven days starting on the approval day. */
  week: number;
  from: string;
  to: string;
  /** Net sales of the verified stores; null while the week is not over or not yet served by every store. */
  sales: number | null;
  /** The plan's estimated sales turnover spread evenly over its weeks. */
  planExpected: number;
  /** The forecast at approval for this week (80 % interval); null beyond its horizon or without one. */
  expected: number | null;
  low: number | null;
  high: number | null;
}

/** The weeks since approval that have started by `today`, capped at `maxWeeks`. */
export function weeksSinceApproval(approvalDay: string, today: string, maxWeeks: number): { week: number; from: string; to: string }[] {
  const elapsed = daysBetween(approvalDay, today);
  if (elapsed < 0) return [];
  const count = Math.min(maxWeeks, Math.floor(elapsed / 7) + 1);
  return Array.from({ length: count }, (_, index) => ({
    week: index + 1,
    from: addDays(approvalDay, index * 7),
    to: addDays(approvalDay, index * 7 + 6),
  }));
}

/**
 * Whether a week is served: it is over, and every store's last complete sync ran after its last day
 * (`syncedDay` is the Istanbul day of the oldest such sync among the stores; null when one never synced).
 * An unserved week is unknown, never a zero.
 */
export function isWeekServed(weekTo: string, today: string, syncedDay: string | null): boolean {
  return weekTo < today && syncedDay !== null && syncedDay > weekTo;
}

/** Plan weekly sales: the estimated sales turnover over the plan's duration, per week. */
export function planWeeklySales(estimatedSalesTurnover: number, durationWeeks: number): number {
  return durationWeeks > 0 ? Math.round(estimatedSalesTurnover / durationWeeks) : 0;
}

export type Standing = 'on_track' | 'ahead' | 'behind' | 'not_enough_data';

export interface StandingFigures {
  status: Standing;
  /** Sales and plan over the served weeks. */
  sales: number;
  plan: number;
  servedWeeks: number;
  /** Plan minus sales when behind, sales minus plan when ahead; 0 otherwise. */
  gap: number;
}

/** Where the seller stands: the served weeks' sales against the plan, ±10 % counting as on track. */
export function standingOf(weeks: readonly WatchWeek[]): StandingFigures {
  const served = weeks.filter((week) => week.sales !== null);
  const sales = served.reduce((sum, week) => sum + week.sales!, 0);
  const plan = served.reduce((sum, week) => sum + week.planExpected, 0);
  if (served.length === 0 || plan <= 0) return { status: 'not_enough_data', sales, plan, servedWeeks: served.length, gap: 0 };
  const ratio = sales / plan;
  const tolerance = watchThresholds.standingTolerance;
  if (ratio < 1 - tolerance) return { status: 'behind', sales, plan, servedWeeks: served.length, gap: plan - sales };
  if (ratio > 1 + tolerance) return { status: 'ahead', sales, plan, servedWeeks: served.length, gap: sales - plan };
  return { status: 'on_track', sales, plan, servedWeeks: served.length, gap: 0 };
}

/** Sales over plan across the last `count` served weeks (1 = on plan); null without a served week. */
export function salesVsPlan(weeks: readonly WatchWeek[], count: number): number | null {
  const served = weeks.filter((week) => week.sales !== null).slice(-count);
  const plan = served.reduce((sum, week) => sum + week.planExpected, 0);
  if (served.length === 0 || plan <= 0) return null;
  return served.reduce((sum, week) => sum + week.sales!, 0) / plan;
}

export interface WatchedStore {
  integrationId: string;
  storeName: string;
  marketplaceCode: string;
  /** integrations.status, or 'deleted' when the seller removed the store. */
  status: 'active' | 'out_of_date' | 'disabled' | 'deleted';
  /** The end of the last complete sync (ISO instant); null when it never completed one. */
  lastSyncedAt: string | null;
  /** The Istanbul day of `lastSyncedAt`, or of the connection when it never synced. */
  lastSyncedDay: string;
}

export type ConnectionHealth = 'ok' | 'stale' | 'disconnected' | 'no_store';

/** disconnected: a store is not active; stale: a store's last sync is `staleDays` old or older. */
export function connectionHealth(stores: readonly WatchedStore[], today: string): ConnectionHealth {
  if (stores.length === 0) return 'no_store';
  if (stores.some((store) => store.status !== 'active')) return 'disconnected';
  if (stores.some((store) => daysBetween(store.lastSyncedDay, today) >= watchThresholds.staleDays)) return 'stale';
  return 'ok';
}

export interface WatchInput {
  today: string;
  weeks: readonly WatchWeek[];
  stores: readonly WatchedStore[];
  /** The last Istanbul day with a counted order in the verified stores; null when none since approval − 90 days. */
  lastOrderDay: string | null;
  approvalDay: string;
  lateInstallments: readonly { number: number; dueDate: string; open: number }[];
  /** Returned over (counted + returned) orders in the last `returnWindowDays`, and that order count. */
  recentReturnRate: number | null;
  recentOrders: number;
  /** The return rate the offer read at approval (last 90 days); null when unknown. */
  returnRateAtApproval: number | null;
}

/** Evidence of a warning: the figures that raised it, stored with it and shown to the experts. */
export type WarningEvidence =
  | { code: 'installment_late'; installments: { number: number; due_date: string; open: number; days_late: number }[] }
  | {
      code: 'store_stale';
      stores: { integration_id: string; store_name: string; status: WatchedStore['status']; last_synced_at: string | null; days: number }[];
    }
  | { code: 'no_orders'; last_order_day: string | null; days: number }
  | { code: 'sales_below_forecast'; weeks: { week: number; from: string; to: string; sales: number; low: number }[] }
  | { code: 'return_rate_doubled'; recent_rate: number; rate_at_approval: number; orders: number; window_days: number };

/**
 * The rules, each on its own: what is true now. The caller raises a warning the first time its code
 * appears, keeps it while it stays, and clears it when it is gone (funding-watch in apps/api).
 */
export function evaluateWarnings(input: WatchInput): WarningEvidence[] {
  const warnings: WarningEvidence[] = [];
  const { today } = input;

  if (input.lateInstallments.length > 0) {
    warnings.push({
      code: 'installment_late',
      installments: input.lateInstallments.map((late) => ({
        number: late.number,
        due_date: late.dueDate,
        open: late.open,
        days_late: daysBetween(late.dueDate, today),
      })),
    });
  }

  const staleStores = input.stores.filter((store) => daysBetween(store.lastSyncedDay, today) >= watchThresholds.staleDays);
  if (input.stores.length === 0) {
    // Every store removed: nothing can be watched any more, which is a warning in itself.
    warnings.push({ code: 'store_stale', stores: [] });
  } else if (staleStores.length > 0) {
    warnings.push({
      code: 'store_stale',
      stores: staleStores.map((store) => ({
        integration_id: store.integrationId,
        store_name: store.storeName,
        status: store.status,
        last_synced_at: store.lastSyncedAt,
        days: daysBetween(store.lastSyncedDay, today),
      })),
    });
  }

  // Quiet stores are judged only on fresh data: a stale store is its own warning, not a quiet one.
  if (staleStores.length === 0 && input.stores.length > 0) {
    const since = input.lastOrderDay ?? addDays(input.approvalDay, -1);
    const quiet = daysBetween(since, today);
    if (quiet >= watchThresholds.quietDays) {
      warnings.push({ code: 'no_orders', last_order_day: input.lastOrderDay, days: quiet });
    }
  }

  const judged = input.weeks.filter((week) => week.sales !== null);
  const lastWeeks = judged.slice(-watchThresholds.belowBandWeeks);
  if (
    lastWeeks.length === watchThresholds.belowBandWeeks &&
    consecutive(lastWeeks) &&
    lastWeeks.every((week) => week.low !== null && week.sales! < week.low)
  ) {
    warnings.push({
      code: 'sales_below_forecast',
      weeks: lastWeeks.map((week) => ({ week: week.week, from: week.from, to: week.to, sales: week.sales!, low: week.low! })),
    });
  }

  if (input.recentReturnRate !== null && input.returnRateAtApproval !== null && input.recentOrders >= watchThresholds.returnMinOrders) {
    const baseline = Math.max(input.returnRateAtApproval, watchThresholds.returnRateFloor);
    if (input.recentReturnRate >= baseline * watchThresholds.returnRateMultiple) {
      warnings.push({
        code: 'return_rate_doubled',
        recent_rate: input.recentReturnRate,
        rate_at_approval: input.returnRateAtApproval,
        orders: input.recentOrders,
        window_days: watchThresholds.returnWindowDays,
      });
    }
  }
  return warnings;
}

function consecutive(weeks: readonly WatchWeek[]): boolean {
  return weeks.every((week, index) => index === 0 || week.week === weeks[index - 1]!.week + 1);
}

/** How much each open warning weighs in the portfolio's order (a late installment first). */
export const warningWeights: Record<WarningCode, number> = {
  installment_late: 40,
  store_stale: 25,
  sales_below_forecast: 20,
  no_orders: 15,
  return_rate_doubled: 10,
};

/**
 * The portfolio's risk order: the weights of the open warnings, plus up to 30 for sales under the
 * plan over the last four served weeks (30 at zero sales, 0 at or above the plan). Higher is riskier.
 */
export function riskScore(openWarnings: readonly WarningCode[], salesVsPlan4Weeks: number | null): number {
  const warningsPart = openWarnings.reduce((sum, code) => sum + warningWeights[code], 0);
  const shortfall = salesVsPlan4Weeks === null ? 0 : Math.max(0, Math.min(1, 1 - salesVsPlan4Weeks));
  return warningsPart + Math.round(shortfall * 30);
}

/** The number of weeks the watch covers: through the last installment's week plus `weeksAfterSchedule`. */
export function watchedWeekCount(paymentStartWeek: number, installmentCount: number): number {
  return paymentStartWeek + installmentCount - 1 + watchThresholds.weeksAfterSchedule;
}

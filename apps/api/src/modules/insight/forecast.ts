/**
 * A seller's weekly sales forecast and the verified figures the offer policy reads (issue 35,
 * ARCHITECTURE.md §6a). Only stores whose source is verified count. Each store's history starts at
 * its first synced order, so a month the marketplace did not serve is never read as zero sales; the
 * days read end yesterday (today is not over).
 */
import { addDays, daysBetween, istanbulDay } from '@worq/domain/calendar';
import type { OfferInputs } from '@worq/domain/offer-policy';
import {
  forecastHorizonWeeks,
  forecastIntervalLevel,
  maxHistoryWeeks,
  weeklyTotals,
  type WeeklyForecast,
} from '@worq/domain/sales-forecast';
import type { StoreHostSuffixes } from '@worq/domain/store-source';
import type { ForecastWeekView, OfferView, SalesForecastView } from '@worq/domain/wire/offer';
import type { Db } from '../../db/client.ts';
import { forecastWeekly } from './forecast-model.ts';
import { firstOrderDays, safeAdd, storeDailyFigures, storesWithSync, unverifiedStores } from './repository.ts';

/** Days of the offer's sales window, and of the window before it the trend compares with. */
export const offerWindowDays = 90;
/** Weeks whose variation measures how steady sales are. */
export const steadinessWeeks = 13;
const averageMonthDays = 30.4375;
const noTotals = { revenue: 0, orders: 0, cancelledOrders: 0, returnedOrders: 0 };

export interface SellerFigures {
  inputs: OfferInputs;
  forecast: SalesForecastView | null;
  excluded: OfferView['excluded_integrations'];
}

function weekViews(forecast: WeeklyForecast, today: string): ForecastWeekView[] {
  return forecast.weeks.map((week) => ({
    ...week,
    from: addDays(today, (week.week - 1) * 7),
    to: addDays(today, week.week * 7 - 1),
  }));
}

function variation(values: readonly number[]): number {
  if (values.length < 2) return 1;
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  if (mean <= 0) return 1;
  const variance = values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (values.length - 1);
  return Math.sqrt(variance) / mean;
}

/** The verified figures and forecast of a seller as of `now`. */
export async function sellerFigures(db: Db, customerId: string, now: Date, hostSuffixes: StoreHostSuffixes): Promise<SellerFigures> {
  const stores = await storesWithSync(db, customerId, hostSuffixes);
  const verified = stores.filter((store) => store.sourceVerified);
  const excluded = unverifiedStores(stores);
  const today = istanbulDay(now);
  const yesterday = addDays(today, -1);
  const earliestRead = addDays(today, -maxHistoryWeeks * 7);

  const windowFrom = addDays(today, -offerWindowDays);
  const previousFrom = addDays(windowFrom, -offerWindowDays);
  // One read of the verified stores' days for the series and the offer's totals (bench/insight).
  const verifiedIds = verified.map((store) => store.integrationId);
  const firstDays = await firstOrderDays(db, customerId, verifiedIds);
  const days = await storeDailyFigures(db, {
    customerId,
    from: earliestRead < previousFrom ? earliestRead : previousFrom,
    to: yesterday,
    integrationIds: verifiedIds,
  });
  const revenueByStoreDay = new Map(days.map((day) => [`${day.integrationId} ${day.day}`, day.revenue]));

  // Each store's daily series from its first order (at most a year back) to yesterday.
  const series: { store: (typeof verified)[number]; from: string; daily: number[] }[] = [];
  for (const store of verified) {
    const firstDay = firstDays.get(store.integrationId);
    if (!firstDay || firstDay > yesterday) continue;
    const from = firstDay > earliestRead ? firstDay : earliestRead;
    const length = daysBetween(from, yesterday) + 1;
    series.push({
      store,
      from,
      daily: Array.from({ length }, (_, index) => revenueByStoreDay.get(`${store.integrationId} ${addDays(from, index)}`) ?? 0),
    });
  }

  const firstDay = series.reduce<string | null>(
    (earliest, item) => (earliest === null || item.from < earliest ? item.from : earliest),
    null,
  );
  const combined: number[] = firstDay ? new Array<number>(daysBetween(firstDay, yesterday) + 1).fill(0) : [];
  for (const item of series) {
    const offset = daysBetween(firstDay!, item.from);
    item.daily.forEach((value, index) => (combined[offset + index]! += value));
  }
  const total = forecastWeekly(combined);
  const forecast: SalesForecastView | null = total && {
    method: total.method,
    level: forecastIntervalLevel,
    history_weeks: total.historyWeeks,
    weeks: weekViews(total, today),
    by_store: series.flatMap(({ store, daily }) => {
      const own = forecastWeekly(daily);
      return own
        ? [
            {
              integration_id: store.integrationId,
              marketplace_code: store.marketplaceCode,
              store_name: store.storeName,
              method: own.method,
              history_weeks: own.historyWeeks,
              weeks: weekViews(own, today),
            },
          ]
        : [];
    }),
  };

  const firstOrderDay = [...firstDays.values()].reduce<string | null>(
    (earliest, day) => (earliest === null || day < earliest ? day : earliest),
    null,
  );
  const historyDays = firstOrderDay ? daysBetween(firstOrderDay, today) : 0;
  const totals = { current: { ...noTotals }, previous: { ...noTotals } };
  for (const day of days) {
    if (day.day < previousFrom) continue;
    const target = day.day >= windowFrom ? totals.current : totals.previous;
    target.revenue = safeAdd(target.revenue, day.revenue);
    target.orders += day.orders;
    target.cancelledOrders += day.cancelledOrders;
    target.returnedOrders += day.returnedOrders;
  }
  const placed = totals.current.orders + totals.current.cancelledOrders + totals.current.returnedOrders;
  const storesSelling = series.filter((item) => item.daily.slice(-offerWindowDays).some((value) => value > 0)).length;
  const slow8 = total ? total.weeks.slice(0, 8).reduce((sum, week) => sum + week.low, 0) : null;
  return {
    inputs: {
      netSales90Days: totals.current.revenue,
      trend:
        historyDays >= offerWindowDays * 2 && totals.previous.revenue > 0
          ? Math.round((totals.current.revenue / totals.previous.revenue - 1) * 1000) / 1000
          : null,
      returnRate: placed > 0 ? Math.round((totals.current.returnedOrders / placed) * 1000) / 1000 : 0,
      weeklyVariation: Math.round(variation(weeklyTotals(combined.slice(-steadinessWeeks * 7))) * 1000) / 1000,
      historyMonths: Math.floor(historyDays / averageMonthDays),
      storeCount: storesSelling,
      forecastSlow8Weeks: slow8,
    },
    forecast: forecast && forecast.weeks.length === forecastHorizonWeeks ? forecast : null,
    excluded,
  };
}

/**
 * GET /insight/tips: rules over the overview's figures (ARCHITECTURE.md §6). Each rule has a code,
 * a severity, a threshold that is a named constant below, and a text that explains the number
 * behind it. Nothing is said from too little data: below `minOrdersForTips` counted orders the only
 * tip says so. Order: warnings, then opportunities, then information; within one severity the
 * larger number first.
 */
import { formatMessage, type MessageKey, type MessageParams } from '@worq/domain/messages';
import { weekdayNames } from '@worq/domain/insight-messages';
import type { Language } from '@worq/domain/language';
import { formatTry } from '@worq/domain/plan';
import type { Overview, Tip } from '@worq/domain/wire/insight';

export const tipThresholds = {
  /** Fewer counted orders than this in the period: no figure-based tips. */
  minOrdersForTips: 20,
  /** Share of all orders cancelled. */
  highCancellationRate: 0.08,
  /** Share of all orders returned. */
  highReturnRate: 0.1,
  /** One store's share of revenue, among two or more stores. */
  channelConcentration: 0.8,
  /** One product's share of revenue. */
  productDependence: 0.4,
  /** Revenue change against the previous equal period. */
  revenueFalling: -0.15,
  growthForFinancing: 0.15,
  /** Best weekday's average revenue over the weakest one's. */
  weekdaySpread: 1.15,
  /** Days with orders needed per weekday to compare weekdays. */
  weekdayMinWeeks: 2,
  /** A store whose last good sync is older than this many hours. */
  staleSyncHours: 24,
} as const;

export type TipSeverity = Tip['severity'];

interface RuleResult {
  code: string;
  severity: TipSeverity;
  /** Sorts tips of one severity: larger first. */
  weight: number;
  title: MessageKey;
  body: MessageKey;
  params: MessageParams;
  metric: Tip['metric'];
  action: Tip['action'];
}

const severityRank: Record<TipSeverity, number> = { warning: 0, opportunity: 1, info: 2 };
const percent = (value: number) => Math.round(value * 100);

export function tipsFor(overview: Overview, language: Language, now: Date): Tip[] {
  const found: RuleResult[] = [];
  const { totals, previous } = overview;
  // Amounts the Turkish way in both languages, as the dashboard's figures are written.
  const money = formatTry;

  for (const store of overview.sync) {
    const marketplace = store.marketplace_name;
    if (store.connection_status === 'out_of_date') {
      found.push({
        code: 'store_out_of_date',
        severity: 'warning',
        weight: Number.MAX_SAFE_INTEGER,
        title: 'tip_store_out_of_date_title',
        body: 'tip_store_out_of_date_body',
        params: { store: store.store_name, marketplace },
        metric: null,
        action: { kind: 'connections', href: '/connections' },
      });
      continue;
    }
    const hours = store.last_synced_at ? (now.getTime() - Date.parse(store.last_synced_at)) / 3_600_000 : null;
    if (store.state !== 'never' && store.state !== 'running' && hours !== null && hours > tipThresholds.staleSyncHours) {
      found.push({
        code: 'store_not_synced',
        severity: 'warning',
        weight: hours,
        title: 'tip_store_stale_title',
        body: 'tip_store_stale_body',
        params: { store: store.store_name, hours: Math.floor(hours), marketplace },
        metric: { name: 'hours_since_sync', value: Math.floor(hours) },
        action: { kind: 'sync', href: `/worq-insight?sync=${store.integration_id}` },
      });
    }
  }

  if (totals.orders < tipThresholds.minOrdersForTips) {
    found.push({
      code: 'thin_data',
      severity: 'info',
      weight: 0,
      title: 'tip_thin_data_title',
      body: 'tip_thin_data_body',
      params: { orders: totals.orders, minimum: tipThresholds.minOrdersForTips },
      metric: { name: 'orders', value: totals.orders },
      action: null,
    });
    return render(found, language);
  }

  // Orders lost to cancellation or return: one rule, each rate against its own threshold.
  const lossRates = [
    {
      code: 'high_cancellation_rate',
      rate: 'cancellation_rate',
      threshold: tipThresholds.highCancellationRate,
      title: 'tip_high_cancellation_title',
      body: 'tip_high_cancellation_body',
    },
    {
      code: 'high_return_rate',
      rate: 'return_rate',
      threshold: tipThresholds.highReturnRate,
      title: 'tip_high_return_title',
      body: 'tip_high_return_body',
    },
  ] as const;
  for (const { code, rate, threshold, title, body } of lossRates) {
    const value = totals[rate];
    if (value >= threshold) {
      found.push({
        code,
        severity: 'warning',
        weight: value,
        title,
        body,
        params: { percent: percent(value), threshold: percent(threshold) },
        metric: { name: rate, value },
        action: null,
      });
    }
  }

  const earning = overview.by_marketplace.filter((store) => store.revenue > 0);
  const leader = earning[0];
  if (leader && totals.revenue > 0) {
    const share = leader.revenue / totals.revenue;
    // One store alone is concentration too: the advice (another channel) is the same.
    if (share >= tipThresholds.channelConcentration) {
      found.push({
        code: 'channel_concentration',
        severity: earning.length > 1 ? 'warning' : 'info',
        weight: share,
        title: 'tip_channel_concentration_title',
        body: 'tip_channel_concentration_body',
        params: { percent: percent(share), store: leader.store_name, threshold: percent(tipThresholds.channelConcentration) },
        metric: { name: 'channel_share', value: Math.round(share * 10_000) / 10_000 },
        action: { kind: 'add_store', href: '/worq-insight/onboarding/store-address' },
      });
    }
  }

  const product = overview.top_products[0];
  if (product && totals.revenue > 0) {
    const share = product.revenue / totals.revenue;
    if (share >= tipThresholds.productDependence) {
      found.push({
        code: 'product_dependence',
        severity: 'warning',
        weight: share,
        title: 'tip_product_dependence_title',
        body: 'tip_product_dependence_body',
        params: { percent: percent(share), product: product.name, threshold: percent(tipThresholds.productDependence) },
        metric: { name: 'product_share', value: Math.round(share * 10_000) / 10_000 },
        action: null,
      });
    }
  }

  // Compared only when the previous period had sales: a new store has nothing to compare with.
  if (previous.revenue > 0 && previous.orders >= tipThresholds.minOrdersForTips) {
    const change = (totals.revenue - previous.revenue) / previous.revenue;
    const params = { percent: Math.abs(percent(change)), previous: money(previous.revenue), current: money(totals.revenue) };
    if (change <= tipThresholds.revenueFalling) {
      found.push({
        code: 'revenue_falling',
        severity: 'warning',
        weight: -change,
        title: 'tip_revenue_falling_title',
        body: 'tip_revenue_falling_body',
        params,
        metric: { name: 'revenue_change', value: Math.round(change * 10_000) / 10_000 },
        action: null,
      });
    } else if (change >= tipThresholds.growthForFinancing) {
      found.push({
        code: 'growth_financing',
        severity: 'opportunity',
        weight: change,
        title: 'tip_growth_financing_title',
        body: 'tip_growth_financing_body',
        params,
        metric: { name: 'revenue_change', value: Math.round(change * 10_000) / 10_000 },
        action: { kind: 'worq_trade', href: '/worq-trade/start?use_suggestion=1' },
      });
    }
  }

  const weekday = weekdayFigures(overview);
  if (weekday) {
    const names = weekdayNames[language];
    found.push({
      code: 'weekday_pattern',
      severity: 'info',
      weight: weekday.spread,
      title: 'tip_weekday_title',
      body: 'tip_weekday_body',
      params: {
        best: names[weekday.best]!,
        worst: names[weekday.worst]!,
        best_amount: money(weekday.bestAverage),
        worst_amount: money(weekday.worstAverage),
      },
      metric: { name: 'weekday_spread', value: Math.round(weekday.spread * 100) / 100 },
      action: null,
    });
  }

  return render(found, language);
}

/** Average revenue per weekday over the range; null when the range is too short or flat. */
function weekdayFigures(
  overview: Overview,
): { best: number; worst: number; bestAverage: number; worstAverage: number; spread: number } | null {
  const sums = [0, 0, 0, 0, 0, 0, 0];
  const days = [0, 0, 0, 0, 0, 0, 0];
  for (const point of overview.series) {
    const weekday = new Date(`${point.date}T00:00:00Z`).getUTCDay();
    sums[weekday]! += point.revenue;
    days[weekday]! += 1;
  }
  if (days.some((count) => count < tipThresholds.weekdayMinWeeks)) return null;
  const averages = sums.map((sum, index) => Math.round(sum / days[index]!));
  let best = 0;
  let worst = 0;
  averages.forEach((average, index) => {
    if (average > averages[best]!) best = index;
    if (average < averages[worst]!) worst = index;
  });
  if (averages[worst]! <= 0) return null;
  const spread = averages[best]! / averages[worst]!;
  if (spread < tipThresholds.weekdaySpread) return null;
  return { best, worst, bestAverage: averages[best]!, worstAverage: averages[worst]!, spread };
}

function render(found: RuleResult[], language: Language): Tip[] {
  return found
    .sort((a, b) => severityRank[a.severity] - severityRank[b.severity] || b.weight - a.weight)
    .map((rule) => ({
      code: rule.code,
      severity: rule.severity,
      title: formatMessage(language, rule.title, rule.params),
      body: formatMessage(language, rule.body, rule.params),
      metric: rule.metric,
      action: rule.action,
    }));
}

/*
 * A warning's evidence (packages/domain funding-watch.ts WarningEvidence) in words, one line per
 * figure: "Taksit 2, vadesi 12.12.2026, ₺4.000,00 açık, 3 gün gecikmiş". The evidence arrives as
 * stored JSON, so every field is read defensively: a missing figure is a dash, never a crash.
 */
import type { TFunction } from '../../../lib/i18n.ts';
import type { WarningEvidence } from '@worq/domain/funding-watch';
import { formatDateTime, formatDay, formatLira, formatPercent } from '../../../lib/format.ts';
import type { Warning } from '../api/portfolio.ts';

type Evidence<Code extends WarningEvidence['code']> = Partial<Extract<WarningEvidence, { code: Code }>>;

const list = <Item>(value: unknown): Partial<Item>[] => (Array.isArray(value) ? (value as Partial<Item>[]) : []);
const day = (value: unknown, language: string) => (typeof value === 'string' ? formatDay(value, language) : '—');
const count = (value: unknown) => (typeof value === 'number' ? value : 0);
const rate = (value: unknown, language: string) => (typeof value === 'number' ? formatPercent(value, language) : '—');

export function evidenceLines(warning: Pick<Warning, 'code' | 'evidence'>, t: TFunction, language: string): string[] {
  const evidence = warning.evidence;
  switch (warning.code) {
    case 'installment_late': {
      type Late = NonNullable<Evidence<'installment_late'>['installments']>[number];
      return list<Late>(evidence.installments).map((late) =>
        t('funding.evidence.installment_late', {
          number: late.number ?? '—',
          date: day(late.due_date, language),
          amount: formatLira(late.open),
          count: count(late.days_late),
        }),
      );
    }
    case 'store_stale': {
      type Stale = NonNullable<Evidence<'store_stale'>['stores']>[number];
      return list<Stale>(evidence.stores).map((store) =>
        t(store.last_synced_at ? 'funding.evidence.store_stale' : 'funding.evidence.store_never_synced', {
          store: store.store_name ?? '—',
          status: store.status ? t(`store_status.${store.status}`) : '—',
          date: formatDateTime(store.last_synced_at, language),
          count: count(store.days),
        }),
      );
    }
    case 'no_orders': {
      const quiet = evidence as Evidence<'no_orders'>;
      return [
        quiet.last_order_day
          ? t('funding.evidence.no_orders', { count: count(quiet.days), date: day(quiet.last_order_day, language) })
          : t('funding.evidence.no_orders_since_approval', { count: count(quiet.days) }),
      ];
    }
    case 'sales_below_forecast': {
      type Week = NonNullable<Evidence<'sales_below_forecast'>['weeks']>[number];
      return list<Week>(evidence.weeks).map((week) =>
        t('funding.evidence.sales_below_forecast', {
          week: week.week ?? '—',
          from: day(week.from, language),
          to: day(week.to, language),
          sales: formatLira(week.sales),
          low: formatLira(week.low),
        }),
      );
    }
    case 'return_rate_doubled': {
      const returns = evidence as Evidence<'return_rate_doubled'>;
      return [
        t('funding.evidence.return_rate_doubled', {
          days: count(returns.window_days),
          recent: rate(returns.recent_rate, language),
          approval: rate(returns.rate_at_approval, language),
          count: count(returns.orders),
        }),
      ];
    }
    default:
      return [];
  }
}

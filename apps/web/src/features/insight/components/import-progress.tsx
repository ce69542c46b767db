import type { Overview, StoreSync } from '@worq/domain/wire/insight';
import { useTranslation } from '../../../lib/i18n.ts';
import { useImportProgress } from '../api/insight.ts';
import { formatDay, formatNumber } from '../../../lib/format.ts';
import styles from './insight.module.css';

export interface ImportProgressFigures {
  /** Orders saved so far, whatever their status or currency. */
  orders: number;
  /** The first and last day with a counted order among them; null before the first one. */
  from: string | null;
  to: string | null;
}

/** What a store's overview over the whole import range says the import has brought in. */
export function importProgressOf(overview: Overview): ImportProgressFigures {
  const { totals } = overview;
  const otherCurrencies = overview.other_currencies.reduce((sum, entry) => sum + entry.orders, 0);
  const days = overview.series.filter((point) => point.orders > 0);
  return {
    orders: totals.orders + totals.cancelled_orders + totals.returned_orders + otherCurrencies,
    from: days[0]?.date ?? null,
    to: days.at(-1)?.date ?? null,
  };
}

/** A store's first import (never completed) that is waiting or running. */
export function isFirstImport(entry: StoreSync): boolean {
  return entry.last_synced_at === null && (entry.state === 'running' || entry.state === 'never');
}

/**
 * How far a store's first import has come: the orders received and the days they cover. No time
 * left is shown: the server tells neither where the import stands in its range nor how fast it goes.
 */
export function ImportProgress({ entry }: { entry: StoreSync }) {
  const { t, i18n } = useTranslation('insight');
  const language = i18n.language;
  const { data } = useImportProgress(entry.integration_id, isFirstImport(entry));
  if (!data) return <span className={styles.muted}>{t('sync.never_synced')}</span>;
  const progress = importProgressOf(data);
  if (progress.orders === 0) return <span className={styles.muted}>{t('sync.progress.none_yet')}</span>;
  return (
    <span className={styles.progress}>
      <span>{t('sync.progress.orders', { count: progress.orders, amount: formatNumber(progress.orders, language) })}</span>
      {progress.from && progress.to && (
        <span className={styles.muted}>
          {t('sync.progress.period', { from: formatDay(progress.from, language), to: formatDay(progress.to, language) })}
        </span>
      )}
    </span>
  );
}

import type { Overview, StoreImport, StoreSync } from '@worq/domain/wire/insight';
import { useTranslation, type TFunction } from '../../../lib/i18n.ts';
import { useImportProgress } from '../api/insight.ts';
import { formatDay, formatNumber, formatPercent } from '../../../lib/format.ts';
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

/** "about 12 minutes", "about 3 hours", "less than a minute": a duration the way a seller reads it. */
function durationKey(seconds: number): { key: 'soon' | 'minutes' | 'hours'; amount: number } {
  if (seconds < 60) return { key: 'soon', amount: 0 };
  if (seconds < 100 * 60) return { key: 'minutes', amount: Math.round(seconds / 60) };
  return { key: 'hours', amount: Math.round(seconds / 3600) };
}

function timeLeft(t: TFunction, seconds: number, language: string): string {
  const { key, amount } = durationKey(seconds);
  return t(`sync.progress.left_${key}`, { count: amount, amount: formatNumber(amount, language) });
}

function firstImportTakes(t: TFunction, seconds: number, language: string): string {
  const { key, amount } = durationKey(seconds);
  return t(`sync.progress.takes_${key}`, { count: amount, amount: formatNumber(amount, language) });
}

/**
 * Where a store's first import stands, from the server's account of it (`entry.import`): the phase
 * (the recent days first, then the older history), a bar of the steps done where the marketplace
 * has a known number of them, the orders saved, the time left and the whole import's length where
 * the server could estimate them, and the days the orders so far cover. Nothing is shown that the
 * server did not say.
 */
export function ImportProgress({ entry }: { entry: StoreSync }) {
  const { t, i18n } = useTranslation('insight');
  const language = i18n.language;
  const state = entry.import ?? null;
  const { data } = useImportProgress(entry.integration_id, state !== null || isFirstImport(entry));
  const figures = data ? importProgressOf(data) : null;
  const orders = state?.orders_saved ?? figures?.orders ?? null;
  if (orders === null) return <span className={styles.muted}>{t('sync.never_synced')}</span>;
  return (
    <span className={styles.progress} data-import-phase={state?.phase}>
      {state && <PhaseLine state={state} t={t} language={language} />}
      {state && state.steps_done !== null && state.steps_total !== null && state.steps_total > 0 && (
        <StepsBar done={state.steps_done} total={state.steps_total} label={phaseLabel(t, state)} language={language} />
      )}
      {orders === 0 ? (
        <span className={styles.muted}>{t('sync.progress.none_yet')}</span>
      ) : (
        <span>{t('sync.progress.orders', { count: orders, amount: formatNumber(orders, language) })}</span>
      )}
      {figures?.from && figures.to && (
        <span className={styles.muted}>
          {t('sync.progress.period', { from: formatDay(figures.from, language), to: formatDay(figures.to, language) })}
        </span>
      )}
      {state && state.first_import_seconds !== null && (
        <span className={styles.muted}>{firstImportTakes(t, state.first_import_seconds, language)}</span>
      )}
    </span>
  );
}

function phaseLabel(t: TFunction, state: StoreImport): string {
  return state.phase === 'recent'
    ? t('sync.progress.phase_recent', { count: state.recent_days, amount: state.recent_days })
    : t('sync.progress.phase_history');
}

function PhaseLine({ state, t, language }: { state: StoreImport; t: TFunction; language: string }) {
  return (
    <span>
      {phaseLabel(t, state)}
      {state.seconds_left !== null && <> · {timeLeft(t, state.seconds_left, language)}</>}
    </span>
  );
}

/** A bar whose value is the phase's steps done of its planned total, as the connector counts them. */
function StepsBar({ done, total, label, language }: { done: number; total: number; label: string; language: string }) {
  const fraction = Math.min(1, done / total);
  return (
    <span className={styles.importBar}>
      <progress value={Math.min(done, total)} max={total} aria-label={label} aria-valuetext={formatPercent(fraction, language, 0)} />
      <span className={styles.muted}>{formatPercent(fraction, language, 0)}</span>
    </span>
  );
}

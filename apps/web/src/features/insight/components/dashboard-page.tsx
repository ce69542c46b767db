import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { LoadFailed, LoadingState } from '../../../components/ui/load-state.tsx';
import { errorMessage, errorStatus } from '../../../lib/api-error.ts';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useOverview, useTips } from '../api/insight.ts';
import { addDays, istanbulToday, periodIds, rangeOf, type PeriodId } from '../period.ts';
import { earliestDay } from '@worq/domain/calendar';
import { KpiList, ProductTable, StoreTable, SyncTable, TipList } from './dashboard-sections.tsx';
import { InsightSection } from './insight-section.tsx';
import { OfferCard } from './offer-card.tsx';
import styles from './insight.module.css';

const InsightChart = lazy(() => import('./insight-chart.tsx').then((module) => ({ default: module.InsightChart })));

/** `/worq-insight`: the seller's figures for a period and stores, tips, and the import state. */
export function Component() {
  const { t, i18n } = useTranslation('insight');
  const [period, setPeriod] = useState<PeriodId>('30d');
  const [custom, setCustom] = useState(() => rangeOf('30d'));
  const [store, setStore] = useState('');
  const range = period === 'custom' ? custom : rangeOf(period);
  const query = useMemo(
    () => ({ from: range.from, to: range.to, ...(store ? { integration_id: [store] } : {}) }),
    [range.from, range.to, store],
  );
  const overview = useOverview(query);
  const tips = useTips(query);
  const data = overview.data;
  // Past the per-seller read limit the server's own words (too_many_requests) say to wait; anything else is a failed load.
  const failedText = (error: unknown) => (errorStatus(error) === 429 ? errorMessage(error) : t('states.failed'));

  const downloadCsv = async () => {
    if (!data) return;
    const { seriesCsv } = await import('../series-csv.ts');
    const csv = seriesCsv(data.series, i18n.language, { date: t('csv.date'), revenue: t('csv.revenue'), orders: t('csv.orders') });
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
    link.download = `worqinsight-${data.from}-${data.to}.csv`;
    link.click();
    URL.revokeObjectURL(link.href);
  };

  const header = (
    <PageHeader
      title={t('title')}
      subtitle={t('subtitle')}
      actions={
        <Link className={styles.linkButton} to="/worq-insight/onboarding/store-address">
          {t('add_store')}
        </Link>
      }
    />
  );

  if (overview.error && !data) {
    return (
      <div className={styles.page}>
        {header}
        <LoadFailed text={failedText(overview.error)} retryLabel={t('states.retry')} onRetry={() => void overview.mutate()} />
      </div>
    );
  }
  if (!data) {
    return (
      <div className={styles.page}>
        {header}
        <LoadingState label={t('states.loading')} />
      </div>
    );
  }
  if (data.sync.length === 0) {
    return (
      <div className={styles.page}>
        {header}
        <section className={styles.notice} aria-labelledby="insight-empty">
          <h2 id="insight-empty">{t('states.empty_title')}</h2>
          <p>{t('states.empty_body')}</p>
          <div className={styles.actions}>
            <Link className={styles.linkButton} to="/worq-insight/onboarding/store-address">
              {t('states.empty_action')}
            </Link>
          </div>
        </section>
      </div>
    );
  }

  const importing = data.sync.some((entry) => entry.state === 'running' || entry.state === 'never');
  const hasOrders = data.totals.orders + data.totals.cancelled_orders + data.totals.returned_orders > 0;
  return (
    <div className={styles.page}>
      {header}
      <div className={styles.toolbar}>
        <label className={styles.field}>
          {t('period.label')}
          <select value={period} onChange={(event) => setPeriod(event.target.value as PeriodId)}>
            {periodIds.map((id) => (
              <option key={id} value={id}>
                {t(`period.${id}`)}
              </option>
            ))}
          </select>
        </label>
        {period === 'custom' && (
          <>
            <label className={styles.field}>
              {t('period.from')}
              <input
                type="date"
                value={custom.from}
                min={earliestDay}
                max={custom.to}
                onChange={(event) => event.target.value && setCustom({ ...custom, from: event.target.value })}
              />
            </label>
            <label className={styles.field}>
              {t('period.to')}
              <input
                type="date"
                value={custom.to}
                min={custom.from}
                max={addDays(istanbulToday(), 1)}
                onChange={(event) => event.target.value && setCustom({ ...custom, to: event.target.value })}
              />
            </label>
          </>
        )}
        <label className={styles.field}>
          {t('stores.label')}
          <select value={store} onChange={(event) => setStore(event.target.value)}>
            <option value="">{t('stores.all')}</option>
            {data.sync.map((entry) => (
              <option key={entry.integration_id} value={entry.integration_id}>
                {entry.store_name} · {entry.marketplace_name}
              </option>
            ))}
          </select>
        </label>
        <Button variant="secondary" onClick={() => void downloadCsv()}>
          {t('csv.download')}
        </Button>
      </div>

      {importing && (
        <section className={styles.notice} aria-labelledby="insight-importing" aria-live="polite">
          <h2 id="insight-importing">{t('states.importing_title')}</h2>
          <p>{t('states.importing_body')}</p>
        </section>
      )}
      {overview.error && (
        <p className={styles.alert} role="alert">
          {failedText(overview.error)}
        </p>
      )}

      <KpiList totals={data.totals} previous={data.previous} />
      {!hasOrders && !importing && <p className={styles.muted}>{t('states.no_orders')}</p>}
      <OfferCard importing={importing} />

      <section className={styles.section}>
        <Suspense fallback={<Spinner label={t('states.loading')} />}>
          <InsightChart series={data.series} />
        </Suspense>
      </section>

      <InsightSection id="insight-tips" title={t('tips.title')}>
        <TipList tips={tips.data ?? []} />
      </InsightSection>

      <div className={styles.columns}>
        <StoreTable overview={data} />
        <ProductTable overview={data} />
      </div>
      {data.other_currencies.length > 0 && (
        <p className={styles.muted}>
          {t('other_currencies', { list: data.other_currencies.map((entry) => `${entry.currency} (${entry.orders})`).join(', ') })}
        </p>
      )}
      <SyncTable sync={data.sync} onSynced={() => void overview.mutate()} />
    </div>
  );
}

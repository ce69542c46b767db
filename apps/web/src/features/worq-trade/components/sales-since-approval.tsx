import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import { errorStatus } from '../../../lib/api-error.ts';
import { useDomainMessage } from '../../../lib/use-domain-message.ts';
import { Card } from '../../../components/ui/card.tsx';
import { InfoIcon, WarningIcon } from '../../../components/ui/icon.tsx';
import { LoadFailed, LoadingState } from '../../../components/ui/load-state.tsx';
import { TableHead } from '../../../components/ui/table-head.tsx';
import { Tag, type TagColor } from '../../../components/ui/tag.tsx';
import { marketplaceName } from '../../connections/public.ts';
import { usePerformance, type Performance, type PerformanceStore, type PerformanceWeek, type SellerNote } from '../api/performance.ts';
import { formatDate, formatDay, formatLira, istanbulDayOf } from '../../../lib/format.ts';
import styles from './sales-since-approval.module.css';

// The chart library comes only with an approved application's chart, not with every /worq-trade visit.
const SalesChart = lazy(() => import('./sales-chart.tsx').then((module) => ({ default: module.SalesChart })));

/** Where a seller reconnects a store, and where they write to us. */
const connectionsPath = '/connections';
const supportPath = '/support';

const standingColor: Record<Performance['status'], TagColor> = {
  on_track: 'green',
  ahead: 'green',
  behind: 'orange',
  not_enough_data: 'gray',
};

const connectionColor: Record<PerformanceStore['connection_status'], TagColor> = { ok: 'green', stale: 'orange', disconnected: 'red' };

/** Amounts the Turkish way in both languages (₺1.234,56), as everywhere in the portal. */
function useMoney() {
  return (kurus: number) => formatLira(kurus, { narrow: true });
}

/** The one plain sentence: on track, ahead or behind by how much, or why there is nothing to say yet. */
function Standing({ performance }: { performance: Performance }) {
  const { t } = useTranslation('worq-trade');
  const money = useMoney();
  const { status } = performance;
  const headline =
    status === 'ahead'
      ? t('performance.standing.ahead', { amount: money(performance.ahead_by) })
      : status === 'behind'
        ? t('performance.standing.behind', { amount: money(performance.behind_by) })
        : t(`performance.standing.${status}`);
  return (
    <div className={styles.standing} data-status={status}>
      <Tag color={standingColor[status]} size="md" dot>
        {t(`performance.standing_tag.${status}`)}
      </Tag>
      <p className={styles.standingText}>{headline}</p>
      {status !== 'not_enough_data' && (
        <p className={styles.standingDetail}>
          {t('performance.standing.detail', {
            count: performance.served_weeks,
            sales: money(performance.sales_to_date),
            plan: money(performance.plan_to_date),
          })}
        </p>
      )}
    </div>
  );
}

function Note({ note }: { note: SellerNote }) {
  const { t } = useTranslation('worq-trade');
  const store = note.store_name ?? t('performance.notes.your_store');
  if (note.code === 'reconnect_store') {
    return (
      <li className={`${styles.note} ${styles.noteWarning}`}>
        <WarningIcon size={20} className={styles.noteIcon} />
        <div>
          <p>{t('performance.notes.reconnect_store', { store })}</p>
          <Link to={connectionsPath} className={styles.noteLink}>
            {t('performance.notes.reconnect_link')}
          </Link>
        </div>
      </li>
    );
  }
  return (
    <li className={`${styles.note} ${styles.noteInfo}`}>
      <InfoIcon size={20} className={styles.noteIcon} />
      <div>
        <p>{t('performance.notes.no_recent_orders', { count: note.days ?? 0 })}</p>
        <Link to={supportPath} className={styles.noteLink}>
          {t('performance.notes.support_link')}
        </Link>
      </div>
    </li>
  );
}

/** A week's sales as the table writes them: an amount only for a served week, never a zero in its place. */
function WeekSales({ week, today }: { week: PerformanceWeek; today: string }) {
  const { t } = useTranslation('worq-trade');
  const money = useMoney();
  if (week.served && week.sales !== null) return <>{money(week.sales)}</>;
  return <span className={styles.pending}>{week.week_end >= today ? t('performance.week_in_progress') : t('performance.not_served')}</span>;
}

function WeeksTable({ performance }: { performance: Performance }) {
  const { t, i18n } = useTranslation('worq-trade');
  const money = useMoney();
  const language = i18n.language;
  const today = istanbulDayOf(performance.computed_at);
  const showUnverified = performance.weeks.some((week) => week.unverified_sales !== null);
  const showBand = performance.weeks.some((week) => week.low !== null && week.high !== null);
  const range = (week: PerformanceWeek) =>
    `${formatDay(week.week_start, language).slice(0, 5)} – ${formatDay(week.week_end, language).slice(0, 5)}`;

  return (
    <div className={styles.tableScroll}>
      <table className={styles.table}>
        <caption className="visually-hidden">{t('performance.table_caption')}</caption>
        <TableHead
          columns={[
            t('performance.columns.week'),
            { label: t('performance.columns.sales'), className: styles.amountCol },
            { label: t('performance.columns.plan'), className: styles.amountCol },
            ...(showBand ? [{ label: t('performance.columns.band'), className: `${styles.amountCol} ${styles.bandCol}` }] : []),
            ...(showUnverified ? [{ label: t('performance.columns.unverified'), className: styles.amountCol }] : []),
          ]}
        />
        <tbody>
          {performance.weeks.map((week) => (
            <tr key={week.week} className={week.served ? undefined : styles.pendingRow}>
              <th scope="row">
                {t('performance.week', { week: week.week })}
                <span className={styles.weekDays}>{range(week)}</span>
              </th>
              <td className={styles.amountCol} data-label={t('performance.columns.sales')}>
                <WeekSales week={week} today={today} />
              </td>
              <td className={styles.amountCol} data-label={t('performance.columns.plan')}>
                {money(week.plan_expected)}
              </td>
              {showBand && (
                <td className={`${styles.amountCol} ${styles.bandCol}`} data-label={t('performance.columns.band')}>
                  {week.low !== null && week.high !== null ? `${money(week.low)} – ${money(week.high)}` : '—'}
                </td>
              )}
              {showUnverified && (
                <td className={styles.amountCol} data-label={t('performance.columns.unverified')}>
                  {week.served && week.unverified_sales !== null ? money(week.unverified_sales) : '—'}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function StoreList({ stores }: { stores: PerformanceStore[] }) {
  const { t, i18n } = useTranslation('worq-trade');
  return (
    <div>
      <h3 className={styles.subheading}>{t('performance.stores.title')}</h3>
      <ul className={styles.stores}>
        {stores.map((store) => (
          <li key={store.integration_id} className={styles.store}>
            <span className={styles.storeName}>
              {store.store_name}
              <span className={styles.storeMeta}>{marketplaceName(store.marketplace_code)}</span>
            </span>
            <span className={styles.storeTags}>
              <Tag color={connectionColor[store.connection_status]} size="sm" dot>
                {t(`performance.stores.status.${store.connection_status}`)}
              </Tag>
              {!store.source_verified && (
                <Tag color="yellow" size="sm">
                  {t('performance.stores.unverified')}
                </Tag>
              )}
            </span>
            <span className={styles.storeMeta}>
              {store.last_order_at
                ? t('performance.stores.last_order', { date: formatDate(store.last_order_at, i18n.language) })
                : t('performance.stores.no_order')}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function PerformanceBody({ performance }: { performance: Performance }) {
  const { t } = useTranslation('worq-trade');
  const hasUnverified = performance.stores.some((store) => !store.source_verified);
  return (
    <div className={styles.body}>
      <Standing performance={performance} />
      {performance.notes.length > 0 && (
        <ul className={styles.notes} aria-label={t('performance.notes.label')}>
          {performance.notes.map((note, index) => (
            <Note key={`${note.code}-${note.integration_id ?? index}`} note={note} />
          ))}
        </ul>
      )}
      <figure className={styles.figure}>
        <figcaption className={styles.subheading}>{t('performance.chart_title')}</figcaption>
        {/* One week is no trend: its row says it all, a chart of one bar would only take room. */}
        {performance.weeks.length > 1 && (
          <Suspense fallback={<div className={styles.chartPlaceholder} />}>
            <SalesChart weeks={performance.weeks} />
          </Suspense>
        )}
        <WeeksTable performance={performance} />
      </figure>
      {hasUnverified && <p className={styles.muted}>{t('performance.unverified_note')}</p>}
      {performance.stores.length > 0 && <StoreList stores={performance.stores} />}
    </div>
  );
}

/** "Sales since approval" on the approved application (issue 36): where the seller stands against the plan. */
export function SalesSinceApproval({ applicationId }: { applicationId: string }) {
  const { t, i18n } = useTranslation('worq-trade');
  const message = useDomainMessage();
  const { data, error, isLoading, mutate } = usePerformance(applicationId);

  // Not tracked (yet) for this application: the section stays away rather than showing an error.
  if (!data && errorStatus(error) === 404) return null;

  let body;
  if (!data && (isLoading || !error)) body = <LoadingState size="md" />;
  else if (!data) body = <LoadFailed text={message('data_load_error')} retryLabel={t('retry')} onRetry={() => void mutate()} />;
  else body = <PerformanceBody performance={data} />;

  return (
    <Card
      title={t('performance.title')}
      description={data ? t('performance.since', { date: formatDay(data.approval_day, i18n.language) }) : undefined}
    >
      {body}
    </Card>
  );
}

import { useTranslation } from '../../../lib/i18n.ts';
import { Card } from '../../../components/ui/card.tsx';
import { Tag } from '../../../components/ui/tag.tsx';
import { TableHead } from '../../../components/ui/table-head.tsx';
import type { StorePerformance } from '../api/application-review.ts';
import { formatDateTime, formatLira } from '../../../lib/format.ts';
import styles from './store-performance.module.css';

const percent = (value: number, language: string) =>
  new Intl.NumberFormat(language === 'en' ? 'en-GB' : 'tr-TR', { style: 'percent', maximumFractionDigits: 1 }).format(value);

/**
 * Underwriting from verified sales (ARCHITECTURE.md §6): the submitted stores' monthly revenue of
 * the last 12 months as bars with the figures beside them, the cancellation and return rates, the
 * channel split and how fresh the data is. A store whose host is not shown to belong to its
 * platform carries an "unverified source" label: its sales may be invented.
 */
export function StorePerformanceSection({ performance }: { performance: StorePerformance }) {
  const { t, i18n } = useTranslation('admin');
  const language = i18n.language;
  const highest = Math.max(1, ...performance.months.map((month) => month.revenue));
  const total = performance.months.reduce((sum, month) => sum + month.revenue, 0);
  const monthName = (month: string) =>
    new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'tr-TR', { month: 'short', year: '2-digit', timeZone: 'UTC' }).format(
      new Date(`${month}-01T00:00:00Z`),
    );
  return (
    <Card title={t('review.performance.title')}>
      {total === 0 ? (
        <p className={styles.none}>{t('review.performance.none')}</p>
      ) : (
        <>
          <dl className={styles.rates}>
            <div>
              <dt>{t('review.performance.total')}</dt>
              <dd>{formatLira(total)}</dd>
            </div>
            <div>
              <dt>{t('review.performance.cancellation_rate')}</dt>
              <dd>{percent(performance.cancellation_rate, language)}</dd>
            </div>
            <div>
              <dt>{t('review.performance.return_rate')}</dt>
              <dd>{percent(performance.return_rate, language)}</dd>
            </div>
          </dl>
          <table className={styles.months}>
            <caption>{t('review.performance.monthly')}</caption>
            <TableHead columns={[t('review.performance.month'), t('review.performance.revenue'), t('review.performance.orders')]} />
            <tbody>
              {performance.months.map((month) => (
                <tr key={month.month}>
                  <th scope="row">{monthName(month.month)}</th>
                  {month.served === false && month.orders + month.cancelled_orders + month.returned_orders === 0 ? (
                    // Beyond what the marketplace serves (Trendyol: 88 days): unknown, not a zero.
                    <td colSpan={2} className={styles.unserved}>
                      {t('review.performance.unserved')}
                    </td>
                  ) : (
                    <>
                      <td>
                        <span
                          className={styles.bar}
                          style={{ inlineSize: `${Math.round((month.revenue / highest) * 100)}%` }}
                          aria-hidden="true"
                        />
                        {formatLira(month.revenue)}
                        {month.served === false && <span className={styles.partial}> {t('review.performance.partial')}</span>}
                      </td>
                      <td>{month.orders}</td>
                    </>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
          <ul className={styles.channels} aria-label={t('review.performance.channels')}>
            {performance.by_marketplace.map((store) => (
              <li key={`${store.marketplace_code}-${store.store_name}`}>
                {store.store_name} · {store.marketplace_code}: {formatLira(store.revenue)} (
                {percent(total > 0 ? store.revenue / total : 0, language)})
                {store.source_verified === false && (
                  <>
                    {' '}
                    <Tag color="orange" size="sm">
                      {t('review.performance.unverified')}
                    </Tag>
                  </>
                )}
                {store.unclassified_orders ? (
                  <>
                    {' '}
                    <Tag color="gray" size="sm">
                      {t('review.performance.unclassified', { count: store.unclassified_orders, amount: store.unclassified_orders })}
                    </Tag>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
          {performance.unverified_sources && (
            <p className={styles.unverified} role="note">
              {t('review.performance.unverified_note')}
            </p>
          )}
        </>
      )}
      <p className={styles.synced}>
        {performance.last_synced_at
          ? t('review.performance.synced', { time: formatDateTime(performance.last_synced_at, language) })
          : t('review.performance.never_synced')}
      </p>
    </Card>
  );
}

import { useTranslation } from '../../../lib/i18n.ts';
import { Card } from '../../../components/ui/card.tsx';
import { TableHead } from '../../../components/ui/table-head.tsx';
import type { ApplicationReview } from '../api/application-review.ts';
import { formatDateTime, formatLira } from '../../../lib/format.ts';
import styles from './store-performance.module.css';

type OfferSnapshot = NonNullable<ApplicationReview['offer_snapshot']>;

const percent = (value: number, language: string) =>
  new Intl.NumberFormat(language === 'en' ? 'en-GB' : 'tr-TR', { style: 'percent', maximumFractionDigits: 1, signDisplay: 'auto' }).format(
    value,
  );

/**
 * Issue 35: the pre-qualified offer the seller was shown when submitting, as they saw it (their
 * language), with the policy version that made it, the verified figures it read and the forecast of
 * that moment; the experts decide, the offer never binds them.
 */
export function OfferSnapshotSection({ offer }: { offer: OfferSnapshot }) {
  const { t, i18n } = useTranslation('admin');
  const language = i18n.language;
  const inputs = offer.inputs;
  const facts: [string, string][] = [
    [t('review.offer.status'), offer.status === 'pre_qualified' ? formatLira(offer.max_amount) : t('review.offer.refused')],
    [t('review.offer.policy'), offer.policy_version],
    [t('review.offer.computed_at'), formatDateTime(offer.computed_at, language)],
    [t('review.offer.net_sales'), formatLira(inputs.net_sales_90_days)],
    [t('review.offer.trend'), inputs.trend === null ? '—' : percent(inputs.trend, language)],
    [t('review.offer.return_rate'), percent(inputs.return_rate, language)],
    [t('review.offer.variation'), percent(inputs.weekly_variation, language)],
    [t('review.offer.history'), String(inputs.history_months)],
    [t('review.offer.stores'), String(inputs.store_count)],
    [t('review.offer.slow_8_weeks'), inputs.forecast_slow_8_weeks === null ? '—' : formatLira(inputs.forecast_slow_8_weeks)],
  ];
  return (
    <Card title={t('review.offer.title')}>
      <p>{offer.headline ?? offer.refusals.map((refusal) => refusal.text).join(' ')}</p>
      {offer.summary && <p>{offer.summary}</p>}
      <dl className={styles.rates}>
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {offer.forecast ? (
        <table className={styles.months}>
          <caption>{t('review.offer.forecast', { method: t(`review.offer.method_${offer.forecast.method}`) })}</caption>
          <TableHead columns={[t('review.offer.week'), t('review.offer.slow'), t('review.offer.expected'), t('review.offer.fast')]} />
          <tbody>
            {offer.forecast.weeks.map((week) => (
              <tr key={week.week}>
                <th scope="row">{`${week.from} – ${week.to}`}</th>
                <td>{formatLira(week.low)}</td>
                <td>{formatLira(week.expected)}</td>
                <td>{formatLira(week.high)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className={styles.none}>{t('review.offer.no_forecast')}</p>
      )}
    </Card>
  );
}

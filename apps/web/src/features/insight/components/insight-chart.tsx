import { useTranslation } from '../../../lib/i18n.ts';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDay, formatLira } from '../../../lib/format.ts';
import { bucketSeries, figureLira, type SeriesPoint } from '../period.ts';
import styles from './insight.module.css';
import { TableHead } from '../../../components/ui/table-head.tsx';

/**
 * Revenue by day (by week for ranges over 90 days). The bars are a picture of the table under them,
 * which carries the same figures as text for screen readers and for anyone who wants the numbers.
 */
export function InsightChart({ series }: { series: SeriesPoint[] }) {
  const { t, i18n } = useTranslation('insight');
  const language = i18n.language;
  const { by, points } = bucketSeries(series);
  const data = points.map((point) => ({
    label: formatDay(point.date, language).slice(0, 5),
    revenue: point.revenue / 100,
    orders: point.orders,
  }));
  return (
    <figure className={styles.chart}>
      <figcaption className={styles.sectionTitle}>
        {t('chart.title')} · {t(by === 'day' ? 'chart.by_day' : 'chart.by_week')}
      </figcaption>
      <div className={styles.chartArea} aria-hidden="true">
        <ResponsiveContainer width="100%" height={240}>
          <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" stroke="var(--color-border)" vertical={false} />
            <XAxis dataKey="label" tick={{ fill: 'var(--color-text-muted)', fontSize: 11 }} interval="preserveStartEnd" />
            <YAxis
              tick={{ fill: 'var(--color-text-muted)', fontSize: 11 }}
              width={64}
              tickFormatter={(value) => formatLira(Math.round(Number(value) * 100), { ...figureLira, compact: language === 'tr' })}
            />
            <Tooltip
              formatter={(value) => formatLira(Math.round(Number(value) * 100), figureLira)}
              contentStyle={{ background: 'var(--color-surface-raised)', border: '1px solid var(--color-border)', borderRadius: 8 }}
              labelStyle={{ color: 'var(--color-text)' }}
              itemStyle={{ color: 'var(--color-text)' }}
            />
            <Bar dataKey="revenue" name={t('chart.revenue')} fill="var(--color-primary)" radius={[3, 3, 0, 0]} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <details className={styles.chartTable}>
        <summary>{t('chart.table_caption', { by: t(by === 'day' ? 'chart.by_day' : 'chart.by_week') })}</summary>
        <table>
          <TableHead columns={[t('csv.date'), t('chart.revenue'), t('chart.orders')]} />
          <tbody>
            {points.map((point) => (
              <tr key={point.date}>
                <td>{formatDay(point.date, language)}</td>
                <td>{formatLira(point.revenue, figureLira)}</td>
                <td>{point.orders}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

import { useTranslation } from '../../../lib/i18n.ts';
import { Cell, Pie, PieChart } from 'recharts';
import type { PlanFigures } from '@worq/domain/plan';
import { formatLira } from '../../../lib/format.ts';
import styles from './plan.module.css';

export interface PlanChartProps {
  stockPurchase: number;
  figures: PlanFigures;
}

/**
 * The donut of §2: 1 stock purchase, 2 your share, 3 provider share. The drawing is decorative; the
 * numbered legend under it carries the same figures as text, so nothing is told by colour alone.
 */
export function PlanChart({ stockPurchase, figures }: PlanChartProps) {
  const { t, i18n } = useTranslation('worq-trade');
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 1 });
  const yourShare = Math.max(figures.yourShare, 0);
  const segments = [
    { key: 'stock', number: 1, label: t('plan.chart.segment_stock'), value: stockPurchase, className: styles.segmentStock },
    { key: 'yours', number: 2, label: t('plan.chart.segment_yours'), value: yourShare, className: styles.segmentYours },
    {
      key: 'provider',
      number: 3,
      label: t('plan.chart.segment_provider'),
      value: figures.providerShare,
      className: styles.segmentProvider,
    },
  ];
  const total = segments.reduce((sum, segment) => sum + segment.value, 0);

  return (
    <figure className={styles.chart} data-tour="chart">
      <figcaption className={styles.subTitle}>{t('plan.chart.title')}</figcaption>
      <div className={styles.chartBody}>
        {/* inert: the drawing's own SVG parts must not be reachable with Tab while hidden from readers. */}
        <div className={styles.donut} aria-hidden="true" inert>
          <PieChart width={200} height={200} accessibilityLayer={false}>
            <Pie
              data={segments}
              dataKey="value"
              nameKey="label"
              innerRadius={58}
              outerRadius={96}
              startAngle={90}
              endAngle={-270}
              stroke="none"
              isAnimationActive={false}
              rootTabIndex={-1}
            >
              {segments.map((segment) => (
                <Cell key={segment.key} className={segment.className} />
              ))}
            </Pie>
          </PieChart>
          <span className={styles.donutCentre}>{formatLira(total)}</span>
        </div>
        <ol className={styles.legend} aria-label={t('plan.chart.legend')}>
          {segments.map((segment) => (
            <li key={segment.key} className={styles.legendItem}>
              <span className={[styles.legendSwatch, segment.className].join(' ')} aria-hidden="true">
                {segment.number}
              </span>
              <span className={styles.legendLabel}>{segment.label}</span>
              <span className={styles.legendValue}>
                {formatLira(segment.value)}
                <span className={styles.legendPercent}> ({percent.format(total > 0 ? segment.value / total : 0)})</span>
              </span>
            </li>
          ))}
        </ol>
      </div>
      <p className="visually-hidden">
        {t('plan.chart.summary', {
          total: formatLira(total),
          stock: formatLira(stockPurchase),
          yours: formatLira(yourShare),
          provider: formatLira(figures.providerShare),
        })}
      </p>
    </figure>
  );
}

import { Area, Bar, CartesianGrid, ComposedChart, Line, ResponsiveContainer, XAxis, YAxis } from 'recharts';
import { useTranslation } from '../../../lib/i18n.ts';
import type { PerformanceWeek } from '../api/performance.ts';
import { formatLira } from '../../../lib/format.ts';
import styles from './sales-since-approval.module.css';

/**
 * The weeks since approval as a picture: sales as bars, the plan's weekly sales as a line, the
 * forecast's 80 % interval at approval as a band, and a week not yet served as a dashed outline at
 * the plan's height (never a zero bar). Hidden from screen readers: the table under it carries the
 * same figures as text; the legend names every mark in words, so nothing is told by colour alone.
 */
export function SalesChart({ weeks }: { weeks: PerformanceWeek[] }) {
  const { t } = useTranslation('worq-trade');
  const lira = (kurus: number | null) => (kurus === null ? null : kurus / 100);
  const data = weeks.map((week) => ({
    label: t('performance.week_short', { week: week.week }),
    sales: week.served ? lira(week.sales) : null,
    pending: week.served ? null : lira(week.plan_expected),
    plan: lira(week.plan_expected),
    band: week.low !== null && week.high !== null ? [lira(week.low), lira(week.high)] : null,
  }));
  const hasBand = data.some((point) => point.band !== null);
  const hasPending = data.some((point) => point.pending !== null);

  return (
    <div className={styles.chart}>
      {/* inert: the drawing's SVG parts must not take Tab focus while hidden from readers. */}
      <div className={styles.chartArea} aria-hidden="true" inert>
        <ResponsiveContainer width="100%" height={220}>
          <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" stroke="var(--color-border)" vertical={false} />
            <XAxis dataKey="label" tick={{ fill: 'var(--color-text-muted)', fontSize: 11 }} interval="preserveStartEnd" />
            <YAxis
              tick={{ fill: 'var(--color-text-muted)', fontSize: 11 }}
              width={64}
              tickFormatter={(value) => formatLira(Math.round(Number(value) * 100), { narrow: true, compact: true })}
            />
            {hasBand && (
              <Area
                dataKey="band"
                stroke="none"
                fill="var(--color-primary-soft-strong)"
                fillOpacity={0.8}
                dot={false}
                activeDot={false}
                isAnimationActive={false}
                connectNulls={false}
              />
            )}
            <Bar dataKey="sales" fill="var(--color-primary)" radius={[3, 3, 0, 0]} maxBarSize={36} isAnimationActive={false} />
            <Bar
              dataKey="pending"
              fill="transparent"
              stroke="var(--color-text-subtle)"
              strokeDasharray="4 3"
              maxBarSize={36}
              isAnimationActive={false}
            />
            <Line dataKey="plan" stroke="var(--color-warning)" strokeWidth={2} dot={false} isAnimationActive={false} type="monotone" />
          </ComposedChart>
        </ResponsiveContainer>
      </div>
      <ul className={styles.legend}>
        <li>
          <span className={`${styles.swatch} ${styles.swatchSales}`} aria-hidden="true" />
          {t('performance.legend.sales')}
        </li>
        <li>
          <span className={`${styles.swatch} ${styles.swatchPlan}`} aria-hidden="true" />
          {t('performance.legend.plan')}
        </li>
        {hasBand && (
          <li>
            <span className={`${styles.swatch} ${styles.swatchBand}`} aria-hidden="true" />
            {t('performance.legend.band')}
          </li>
        )}
        {hasPending && (
          <li>
            <span className={`${styles.swatch} ${styles.swatchPending}`} aria-hidden="true" />
            {t('performance.legend.pending')}
          </li>
        )}
      </ul>
    </div>
  );
}

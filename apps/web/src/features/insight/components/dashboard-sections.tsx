import { useTranslation } from '../../../lib/i18n.ts';
import { Link } from 'react-router';
import type { Tip, Totals } from '@worq/domain/wire/insight';
import { Tag } from '../../../components/ui/tag.tsx';
import { Trans } from '../../../lib/trans.tsx';
import { formatLira, formatNumber, formatPercent } from '../../../lib/format.ts';
import { changeOf, figureLira } from '../period.ts';
import styles from './insight.module.css';

export { ProductTable, StoreTable } from './store-tables.tsx';
export { SyncTable } from './sync-table.tsx';

type KpiKey = 'revenue' | 'orders' | 'units' | 'average_order_value' | 'cancellation_rate' | 'return_rate';
const kpis: KpiKey[] = ['revenue', 'orders', 'units', 'average_order_value', 'cancellation_rate', 'return_rate'];
/** Rates going up is bad news; everything else going up is good news. */
const lowerIsBetter = new Set<KpiKey>(['cancellation_rate', 'return_rate']);

export function KpiList({ totals, previous }: { totals: Totals; previous: Totals }) {
  const { t, i18n } = useTranslation('insight');
  const language = i18n.language;
  const show = (key: KpiKey, value: number) =>
    key === 'revenue' || key === 'average_order_value'
      ? formatLira(value, figureLira)
      : key.endsWith('rate')
        ? formatPercent(value, language)
        : formatNumber(value, language);
  return (
    <ul className={styles.kpis}>
      {kpis.map((key) => {
        const change = changeOf(totals[key], previous[key]);
        const good = change !== null && change !== 0 && change > 0 !== lowerIsBetter.has(key);
        const signed = change === null ? '' : `${change > 0 ? '+' : ''}${formatPercent(change, language)}`;
        return (
          <li key={key} className={styles.kpi} data-kpi={key}>
            <span className={styles.kpiLabel}>{t(`kpi.${key}`)}</span>
            <span className={styles.kpiValue}>{show(key, totals[key])}</span>
            <span className={[styles.kpiChange, change ? (good ? styles.up : styles.down) : ''].join(' ')}>
              {change === null ? (
                t('kpi.no_change')
              ) : (
                // The signed figure never breaks after its sign ("-" on one line, "%7,4" on the next).
                <Trans t={t} i18nKey="kpi.change" values={{ change: signed }} components={{ value: <span className={styles.nowrap} /> }} />
              )}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

const severityColor = { warning: 'orange', opportunity: 'green', info: 'blue' } as const;

export function TipList({ tips }: { tips: Tip[] }) {
  const { t } = useTranslation('insight');
  if (tips.length === 0) return <p className={styles.muted}>{t('tips.empty')}</p>;
  return (
    <ul className={styles.tips}>
      {tips.map((tip) => (
        <li key={`${tip.code}-${tip.title}`} className={styles.tip} data-severity={tip.severity}>
          <Tag color={severityColor[tip.severity]}>{t(`tips.severity.${tip.severity}`)}</Tag>
          <h3>{tip.title}</h3>
          <p>{tip.body}</p>
          {tip.action && (
            <Link className={styles.linkButton} to={tip.action.href}>
              {t(`tips.action.${tip.action.kind}`, { defaultValue: tip.title })}
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}

import { useTranslation } from '../../../lib/i18n.ts';
import type { PlanFigures } from '@worq/domain/plan';
import { formatLira } from '../../../lib/format.ts';
import type { SalesSource } from './plan-model.ts';
import styles from './plan.module.css';
import { TableHead } from '../../../components/ui/table-head.tsx';

/**
 * The weekly installments; the last one takes the remainder so the rows add up to the total. Every
 * line comes from the same sales estimate, so the heading names it: a forecast scenario or the
 * seller's own estimate.
 */
export function PlanSchedule({ figures, salesSource }: { figures: PlanFigures; salesSource: SalesSource }) {
  const { t } = useTranslation('worq-trade');
  const firstWeek = figures.schedule[0]?.week ?? 1;
  return (
    <div className={styles.tableScroll}>
      <table className={styles.table}>
        <caption className={styles.tableCaption}>
          <span className={styles.subTitle}>{t('plan.schedule.title')}</span>
          <span className={styles.muted}>{t('plan.schedule.caption', { count: figures.installmentCount, number: firstWeek })}</span>
          <span className={styles.muted} data-sales-source={salesSource}>
            {t('plan.schedule.source', { source: t(`plan.source.${salesSource}`) })}
          </span>
        </caption>
        <TableHead columns={[t('plan.schedule.week'), { label: t('plan.schedule.amount'), className: styles.numeric }]} />
        <tbody>
          {figures.schedule.map((installment) => (
            <tr key={installment.week}>
              <th scope="row">{t('plan.schedule.week_value', { number: installment.week })}</th>
              <td className={styles.numeric} data-installment>
                {formatLira(installment.amount)}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('plan.schedule.total')}</th>
            <td className={styles.numeric} data-schedule-total>
              {formatLira(figures.totalPayment)}
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

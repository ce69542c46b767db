import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import type { Plan } from '../api/plan.ts';
import { formatMoney, formatRate } from '../format.ts';
import { useDomainMessage } from '../../../lib/use-domain-message.ts';
import styles from './worq-trade.module.css';

export interface SummaryCardProps {
  editing: 1 | 2 | null;
  submitting: boolean;
  onEdit: (step: 1 | 2) => Promise<void>;
}

/** The summary's plan card: the saved figures and the payment schedule, with a way back to step 1. */
export function SummaryPlanCard({ saved, editing, submitting, onEdit }: SummaryCardProps & { saved: Plan | null | undefined }) {
  const { t } = useTranslation('worq-trade');
  const message = useDomainMessage();
  return (
    <Card
      title={t('summary.plan_title')}
      actions={
        <Button variant="tertiary" size="sm" busy={editing === 1} disabled={editing !== null || submitting} onClick={() => void onEdit(1)}>
          {t('summary.edit_plan')}
        </Button>
      }
    >
      {saved ? (
        <div className={styles.cardBody}>
          <dl className={styles.figures}>
            <div>
              <dt>{t('figures.turnover')}</dt>
              <dd>{formatMoney(saved.average_monthly_turnover)}</dd>
            </div>
            <div>
              <dt>{t('figures.stock_purchase')}</dt>
              <dd>{formatMoney(saved.estimated_stock_purchase_amount)}</dd>
            </div>
            <div>
              <dt>{t('figures.sales_turnover')}</dt>
              <dd>{formatMoney(saved.estimated_sales_turnover)}</dd>
            </div>
            <div>
              <dt>{t('figures.duration')}</dt>
              <dd>
                {t('figures.weeks', { count: saved.duration_weeks })} · {formatRate(saved.provider_share_rate)}
              </dd>
            </div>
            <div>
              <dt>{t('figures.provider_share')}</dt>
              <dd>{formatMoney(saved.provider_share_amount)}</dd>
            </div>
            <div>
              <dt>{t('figures.your_share')}</dt>
              <dd>{formatMoney(saved.your_share_amount)}</dd>
            </div>
            <div>
              <dt>{t('figures.installments')}</dt>
              <dd>{t('figures.installment_value', { count: saved.installment_count, amount: formatMoney(saved.installment_amount) })}</dd>
            </div>
            <div>
              <dt>{t('figures.total_payment')}</dt>
              <dd className={styles.strong}>{formatMoney(saved.total_payment_amount)}</dd>
            </div>
          </dl>
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <caption className={styles.caption}>{t('summary.schedule_caption', { week: saved.payment_start_week })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('summary.week')}</th>
                  <th scope="col" className={styles.numeric}>
                    {t('summary.amount')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {saved.schedule.map((row) => (
                  <tr key={row.week}>
                    <th scope="row">{t('summary.week_value', { week: row.week })}</th>
                    <td className={styles.numeric}>{formatMoney(row.amount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      ) : (
        <p className={styles.storeProblem}>{message('plan_not_found')}</p>
      )}
    </Card>
  );
}

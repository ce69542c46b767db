import { useTranslation } from '../../../lib/i18n.ts';
import { Card } from '../../../components/ui/card.tsx';
import { TableHead } from '../../../components/ui/table-head.tsx';
import type { ReviewPlan } from '../api/application-review.ts';
import { formatLira } from '../../../lib/format.ts';
import { Facts } from './review-facts.tsx';
import styles from './application-review-page.module.css';

export function PlanSection({ plan }: { plan: ReviewPlan | null }) {
  const { t, i18n } = useTranslation('admin');
  if (!plan) {
    return (
      <Card title={t('review.plan.title')}>
        <p className={styles.none}>{t('review.plan.none')}</p>
      </Card>
    );
  }
  const percent = new Intl.NumberFormat(i18n.language.startsWith('en') ? 'en-GB' : 'tr-TR', { style: 'percent', maximumFractionDigits: 2 });
  return (
    <Card title={t('review.plan.title')}>
      <div className={styles.planGrid}>
        <div>
          <h3 className={styles.subheading}>{t('review.plan.inputs')}</h3>
          <Facts
            items={[
              [t('review.plan.average_monthly_turnover'), formatLira(plan.average_monthly_turnover)],
              [t('review.plan.estimated_stock_purchase_amount'), formatLira(plan.estimated_stock_purchase_amount)],
              [t('review.plan.estimated_sales_turnover'), formatLira(plan.estimated_sales_turnover)],
              [t('review.plan.duration'), t('weeks', { count: plan.duration_weeks })],
              [t('review.plan.payment_start_week'), t('review.plan.week_ordinal', { week: plan.payment_start_week })],
            ]}
          />
        </div>
        <div>
          <h3 className={styles.subheading}>{t('review.plan.figures')}</h3>
          <Facts
            items={[
              [t('review.plan.provider_share_rate'), percent.format(plan.provider_share_rate)],
              [t('review.plan.provider_share_amount'), formatLira(plan.provider_share_amount)],
              [t('review.plan.your_share_amount'), formatLira(plan.your_share_amount)],
              [t('review.plan.total_payment'), formatLira(plan.total_payment_amount)],
              [
                t('review.plan.installments'),
                t('review.plan.installments_value', { count: plan.installment_count, amount: formatLira(plan.installment_amount) }),
              ],
            ]}
          />
        </div>
      </div>
      {plan.schedule.length > 0 && (
        <div className={styles.scheduleWrap}>
          <table className={styles.schedule}>
            <caption className={styles.subheading}>{t('review.plan.schedule')}</caption>
            <TableHead columns={[t('review.plan.schedule_week'), { label: t('review.plan.schedule_amount'), className: styles.numeric }]} />
            <tbody>
              {plan.schedule.map((installment) => (
                <tr key={installment.week}>
                  <th scope="row">{t('review.plan.week_ordinal', { week: installment.week })}</th>
                  <td className={styles.numeric}>{formatLira(installment.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}

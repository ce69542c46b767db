import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { DefinitionList } from '../../../components/ui/definition-list.tsx';
import { TableHead } from '../../../components/ui/table-head.tsx';
import type { Plan } from '../api/plan.ts';
import { formatLira, formatPercent } from '../../../lib/format.ts';
import { useDomainMessage } from '../../../lib/use-domain-message.ts';
import styles from './worq-trade.module.css';

export interface SummaryCardProps {
  editing: 1 | 2 | null;
  submitting: boolean;
  onEdit: (step: 1 | 2) => Promise<void>;
}

/** A card of the summary, with its button back to the onboarding step it shows (busy while leaving for it). */
export function SummaryCard({
  title,
  step,
  editLabel,
  editing,
  submitting,
  onEdit,
  children,
}: SummaryCardProps & { title: string; step: 1 | 2; editLabel: string; children: ReactNode }) {
  return (
    <Card
      title={title}
      actions={
        <Button
          variant="tertiary"
          size="sm"
          busy={editing === step}
          disabled={editing !== null || submitting}
          onClick={() => void onEdit(step)}
        >
          {editLabel}
        </Button>
      }
    >
      {children}
    </Card>
  );
}

/** The summary's plan card: the saved figures and the payment schedule, with a way back to step 1. */
export function SummaryPlanCard({ saved, ...card }: SummaryCardProps & { saved: Plan | null | undefined }) {
  const { t } = useTranslation('worq-trade');
  const message = useDomainMessage();
  return (
    <SummaryCard {...card} step={1} title={t('summary.plan_title')} editLabel={t('summary.edit_plan')}>
      {saved ? (
        <div className={styles.cardBody}>
          <DefinitionList
            className={styles.figures}
            items={[
              { label: t('figures.turnover'), value: formatLira(saved.average_monthly_turnover) },
              { label: t('figures.stock_purchase'), value: formatLira(saved.estimated_stock_purchase_amount) },
              { label: t('figures.sales_turnover'), value: formatLira(saved.estimated_sales_turnover) },
              {
                label: t('figures.duration'),
                value: (
                  <>
                    {t('figures.weeks', { count: saved.duration_weeks })} · {formatPercent(saved.provider_share_rate, 'tr')}
                  </>
                ),
              },
              { label: t('figures.provider_share'), value: formatLira(saved.provider_share_amount) },
              { label: t('figures.your_share'), value: formatLira(saved.your_share_amount) },
              {
                label: t('figures.installments'),
                value: t('figures.installment_value', { count: saved.installment_count, amount: formatLira(saved.installment_amount) }),
              },
              { label: t('figures.total_payment'), value: formatLira(saved.total_payment_amount), valueClassName: styles.strong },
            ]}
          />
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <caption className={styles.caption}>{t('summary.schedule_caption', { week: saved.payment_start_week })}</caption>
              <TableHead columns={[t('summary.week'), { label: t('summary.amount'), className: styles.numeric }]} />
              <tbody>
                {saved.schedule.map((row) => (
                  <tr key={row.week}>
                    <th scope="row">{t('summary.week_value', { week: row.week })}</th>
                    <td className={styles.numeric}>{formatLira(row.amount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      ) : (
        <p className={styles.storeProblem}>{message('plan_not_found')}</p>
      )}
    </SummaryCard>
  );
}

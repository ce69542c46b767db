import { useTranslation } from '../../../lib/i18n.ts';
import type { PlanFigures as Figures } from '@worq/domain/plan';
import { formatLira } from '../../../lib/format.ts';
import styles from './plan.module.css';

export interface PlanFiguresProps {
  stockPurchase: number;
  figures: Figures;
}

/** The five labelled figures of §2, updated as the seller types. */
export function PlanFigures({ stockPurchase, figures }: PlanFiguresProps) {
  const { t } = useTranslation('worq-trade');
  const lastInstallment = figures.schedule[figures.schedule.length - 1]?.amount ?? figures.installmentAmount;
  return (
    <dl className={styles.figures} aria-live="polite" data-testid="plan-figures">
      <div className={styles.figure}>
        <dt>{t('plan.figures.provider_share')}</dt>
        <dd data-figure="provider_share">{formatLira(figures.providerShare)}</dd>
      </div>
      <div className={styles.figure}>
        <dt>{t('plan.figures.your_share')}</dt>
        <dd data-figure="your_share">{formatLira(figures.yourShare)}</dd>
      </div>
      <div className={styles.figure}>
        <dt>{t('plan.figures.stock_purchase')}</dt>
        <dd data-figure="stock_purchase">{formatLira(stockPurchase)}</dd>
      </div>
      <div className={styles.figure}>
        <dt>{t('plan.figures.installments')}</dt>
        <dd data-figure="installments">
          {t('plan.figures.installments_value', { count: figures.installmentCount, amount: formatLira(figures.installmentAmount) })}
          {lastInstallment !== figures.installmentAmount && (
            <span className={styles.figureNote}>{t('plan.figures.installments_note', { amount: formatLira(lastInstallment) })}</span>
          )}
        </dd>
      </div>
      <div className={[styles.figure, styles.figureTotal].join(' ')}>
        <dt>{t('plan.figures.total_payment')}</dt>
        <dd data-figure="total_payment">{formatLira(figures.totalPayment)}</dd>
      </div>
    </dl>
  );
}

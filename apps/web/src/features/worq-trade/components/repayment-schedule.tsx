import { useEffect } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { DefinitionList } from '../../../components/ui/definition-list.tsx';
import { LoadFailed, LoadingState } from '../../../components/ui/load-state.tsx';
import { Tag, type TagColor } from '../../../components/ui/tag.tsx';
import { TableHead } from '../../../components/ui/table-head.tsx';
import { usePerformance, type Performance } from '../api/performance.ts';
import { useRepayments, type InstallmentStatus, type Repayments } from '../api/repayments.ts';
import { formatDay, formatLira, istanbulDayOf } from '../../../lib/format.ts';
import { useDomainMessage } from '../../../lib/use-domain-message.ts';
import styles from './repayment-schedule.module.css';

const statusColor: Record<InstallmentStatus, TagColor> = { paid: 'green', due: 'purple', late: 'red', upcoming: 'gray' };

/** Printing shows the statement alone: the rest of the page is hidden while this class is on <body>. */
const printingClass = 'printing-repayment-statement';

function printStatement() {
  document.body.classList.add(printingClass);
  window.addEventListener('afterprint', () => document.body.classList.remove(printingClass), { once: true });
  window.print();
}

/** The share paid so far and the share due by today, as the funding watch reads them (issue 36). */
type RepaymentShares = Performance['repayment'];

export function RepaymentTable({ repayments, shares }: { repayments: Repayments; shares?: RepaymentShares }) {
  const { t, i18n } = useTranslation('worq-trade');
  const language = i18n.language;
  const money = (kurus: number) => formatLira(kurus, { narrow: true });
  const nextDue = repayments.installments.find((installment) => installment.status === 'due');
  const paidShare = repayments.total_payment_amount > 0 ? Math.round((repayments.paid_amount / repayments.total_payment_amount) * 100) : 0;
  const dueShare = shares ? Math.min(100, Math.round(shares.due_share * 100)) : null;

  return (
    <div className={styles.schedule}>
      <DefinitionList
        className={styles.summary}
        items={[
          { label: t('repayments.total'), value: money(repayments.total_payment_amount) },
          { label: t('repayments.paid'), value: money(repayments.paid_amount) },
          { label: t('repayments.remaining'), value: money(repayments.remaining_amount), valueClassName: styles.remaining },
          {
            label: t('repayments.next_due'),
            value: nextDue ? `${formatDay(nextDue.due_date, language)} · ${money(nextDue.amount - nextDue.paid_amount)}` : '—',
          },
        ]}
      />
      <div
        className={styles.progress}
        role="progressbar"
        aria-label={t('repayments.progress_label')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={paidShare}
        aria-valuetext={t('repayments.progress_text', { percent: paidShare })}
      >
        <span className={styles.progressFill} style={{ width: `${paidShare}%` }} />
        {dueShare !== null && dueShare > 0 && <span className={styles.dueMarker} style={{ insetInlineStart: `${dueShare}%` }} />}
      </div>
      {shares && dueShare !== null && (
        <p className={styles.shares}>
          <span>{t('repayments.paid_share', { percent: Math.round(shares.paid_share * 100) })}</span>
          <span>
            <span className={styles.dueKey} aria-hidden="true" />
            {t('repayments.due_share', { percent: dueShare })}
          </span>
        </p>
      )}
      <div className={styles.tableScroll}>
        <table className={styles.table}>
          <caption className="visually-hidden">{t('repayments.table_caption')}</caption>
          <TableHead
            columns={[
              <>
                <span aria-hidden="true">#</span>
                <span className="visually-hidden">{t('repayments.columns.number')}</span>
              </>,
              t('repayments.columns.due_date'),
              { label: t('repayments.columns.amount'), className: styles.amountCol },
              { label: t('repayments.columns.paid'), className: `${styles.amountCol} ${styles.paidCol}` },
              t('repayments.columns.status'),
            ]}
          />
          <tbody>
            {repayments.installments.map((installment) => {
              const isNext = installment === nextDue;
              const rowClass =
                [isNext && styles.nextRow, installment.status === 'late' && styles.lateRow].filter(Boolean).join(' ') || undefined;
              return (
                <tr key={installment.number} className={rowClass} aria-current={isNext ? 'step' : undefined}>
                  <td>{installment.number}</td>
                  <td>
                    <time dateTime={installment.due_date}>{formatDay(installment.due_date, language)}</time>
                  </td>
                  <td className={styles.amountCol}>
                    {money(installment.amount)}
                    {installment.paid_amount > 0 && installment.status !== 'paid' && (
                      <span className={styles.partial}>{t('repayments.partly_paid', { amount: money(installment.paid_amount) })}</span>
                    )}
                  </td>
                  <td className={`${styles.amountCol} ${styles.paidCol}`}>{money(installment.paid_amount)}</td>
                  <td>
                    <Tag color={statusColor[installment.status]} size="sm" dot>
                      {isNext ? t('repayments.status.next') : t(`repayments.status.${installment.status}`)}
                    </Tag>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/**
 * An approved application's repayment schedule, with a printable statement (the browser's print
 * dialog, which also saves a PDF): only the statement is printed, with its own heading.
 */
export function RepaymentSchedule({ applicationId, sellerName }: { applicationId: string; sellerName: string }) {
  const { t, i18n } = useTranslation('worq-trade');
  const message = useDomainMessage();
  const { data, error, isLoading, mutate } = useRepayments(applicationId);
  // The same read as the sales section above (one request between them): it carries the shares.
  const { data: performance } = usePerformance(applicationId);

  useEffect(() => () => document.body.classList.remove(printingClass), []);

  let body;
  if (!data && (isLoading || !error)) {
    body = <LoadingState size="md" />;
  } else if (!data) {
    body = <LoadFailed text={message('data_load_error')} retryLabel={t('retry')} onRetry={() => void mutate()} />;
  } else {
    body = <RepaymentTable repayments={data} shares={performance?.repayment} />;
  }

  return (
    <Card
      className={styles.statement}
      title={t('repayments.title')}
      description={data ? t('repayments.approved_on', { date: formatDay(istanbulDayOf(data.approved_at), i18n.language) }) : undefined}
      actions={
        data && (
          <Button variant="secondary" size="sm" className={styles.printButton} onClick={printStatement}>
            {t('repayments.print')}
          </Button>
        )
      }
    >
      <div className={styles.printHeading} aria-hidden="true">
        <p className={styles.printBrand}>WorqTrade</p>
        <p>{t('repayments.statement_for', { name: sellerName })}</p>
        <p>{t('repayments.statement_date', { date: formatDay(istanbulDayOf(new Date().toISOString()), i18n.language) })}</p>
      </div>
      {body}
    </Card>
  );
}

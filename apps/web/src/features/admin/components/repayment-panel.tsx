import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { Button } from '../../../components/ui/button.tsx';
import { DefinitionList } from '../../../components/ui/definition-list.tsx';
import { FieldError, FormError } from '../../../components/ui/form/form-error.tsx';
import { TextField } from '../../../components/ui/form/text-field.tsx';
import { LoadFailed, LoadingState } from '../../../components/ui/load-state.tsx';
import { Tag, type TagColor } from '../../../components/ui/tag.tsx';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { TableHead } from '../../../components/ui/table-head.tsx';
import { errorCode, errorFields, errorMessage } from '../../../lib/api-error.ts';
import {
  istanbulToday,
  newIdempotencyKey,
  parseLira,
  recordPayment,
  useAdminRepayments,
  type InstallmentStatus,
  type Repayments,
} from '../api/repayments.ts';
import { formatDay, formatLira } from '../../../lib/format.ts';
import styles from './repayment-panel.module.css';

const statusColor: Record<InstallmentStatus, TagColor> = { paid: 'green', due: 'purple', late: 'red', upcoming: 'gray' };

function PaymentForm({
  applicationId,
  repayments,
  onRecorded,
}: {
  applicationId: string;
  repayments: Repayments;
  onRecorded: () => Promise<unknown>;
}) {
  const { t } = useTranslation('admin');
  const noteId = useId();
  const [amount, setAmount] = useState('');
  const [paidAt, setPaidAt] = useState(istanbulToday());
  const [note, setNote] = useState('');
  const [problems, setProblems] = useState<{ amount?: string; paid_at?: string; note?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // One key per submission: sending the same details again (a retry after an error) reuses it, so a
  // payment whose answer was lost is not recorded twice; other details, or a recorded one, get a new key.
  const submission = useRef<{ details: string; key: string } | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const kurus = parseLira(amount);
    const found: typeof problems = {};
    if (kurus === null || kurus <= 0) found.amount = t('payments.amount_invalid');
    else if (kurus > repayments.remaining_amount)
      found.amount = t('payments.amount_too_much', { remaining: formatLira(repayments.remaining_amount) });
    if (!/^\d{4}-\d{2}-\d{2}$/.test(paidAt)) found.paid_at = t('payments.date_invalid');
    else if (paidAt > istanbulToday()) found.paid_at = t('payments.date_future');
    setProblems(found);
    if (Object.keys(found).length > 0 || kurus === null) return;
    if (busy) return;
    const body = { amount: kurus, paid_at: paidAt, ...(note.trim() ? { note: note.trim() } : {}) };
    const details = JSON.stringify(body);
    if (submission.current?.details !== details) submission.current = { details, key: newIdempotencyKey() };
    setBusy(true);
    try {
      await recordPayment(applicationId, body, submission.current.key);
      submission.current = null;
      toast.success(t('payments.recorded_toast', { amount: formatLira(kurus) }), { timeout: 5000, dismissible: true, showProgress: true });
      setAmount('');
      setNote('');
      await onRecorded();
    } catch (error) {
      const fields = errorFields(error);
      if (Object.keys(fields).length > 0) setProblems(fields);
      else setFormError(errorMessage(error));
      if (errorCode(error) === 'payment_exceeds_remaining') await onRecorded();
    } finally {
      setBusy(false);
    }
  }

  if (repayments.remaining_amount === 0) return <p className={styles.note}>{t('payments.all_paid')}</p>;

  return (
    <form className={styles.form} noValidate onSubmit={(event) => void submit(event)}>
      <h3 className={styles.subtitle}>{t('payments.form_title')}</h3>
      {formError && <FormError>{formError}</FormError>}
      <TextField
        label={t('payments.amount')}
        inputMode="decimal"
        autoComplete="off"
        prefix="₺"
        value={amount}
        error={problems.amount}
        hint={t('payments.amount_hint', { remaining: formatLira(repayments.remaining_amount) })}
        onChange={(event) => setAmount(event.target.value)}
      />
      <TextField
        label={t('payments.paid_at')}
        type="date"
        value={paidAt}
        min={istanbulToday(new Date(repayments.approved_at))}
        max={istanbulToday()}
        error={problems.paid_at}
        onChange={(event) => setPaidAt(event.target.value)}
      />
      <div className={styles.field}>
        <label className={styles.label} htmlFor={noteId}>
          {t('payments.note')} <span className={styles.optional}>{t('payments.optional')}</span>
        </label>
        <textarea
          id={noteId}
          className={styles.textarea}
          rows={2}
          maxLength={1000}
          value={note}
          aria-invalid={problems.note ? true : undefined}
          aria-describedby={problems.note ? `${noteId}-error` : undefined}
          onChange={(event) => setNote(event.target.value)}
        />
        <FieldError id={`${noteId}-error`} message={problems.note} />
      </div>
      <Button type="submit" busy={busy} busyText={t('payments.recording')}>
        {t('payments.record')}
      </Button>
    </form>
  );
}

/** An approved application's schedule and the form experts record collections with. */
export function RepaymentPanel({ applicationId, onChanged }: { applicationId: string; onChanged: () => Promise<unknown> }) {
  const { t, i18n } = useTranslation('admin');
  const { data, error, isLoading, mutate } = useAdminRepayments(applicationId);

  let body;
  if (!data && (isLoading || !error)) {
    body = <LoadingState size="md" />;
  } else if (!data) {
    body = <LoadFailed text={t('payments.load_failed')} retryLabel={t('retry')} onRetry={() => void mutate()} />;
  } else {
    body = (
      <>
        <DefinitionList
          className={styles.summary}
          items={[
            { label: t('payments.total'), value: formatLira(data.total_payment_amount) },
            { label: t('payments.paid'), value: formatLira(data.paid_amount) },
            { label: t('payments.remaining'), value: formatLira(data.remaining_amount) },
          ]}
        />
        <table className={styles.table}>
          <caption className="visually-hidden">{t('payments.table_caption')}</caption>
          <TableHead
            columns={[
              '#',
              t('payments.due_date'),
              { label: t('payments.amount_column'), className: styles.number },
              t('payments.status_column'),
            ]}
          />
          <tbody>
            {data.installments.map((installment) => (
              <tr key={installment.number}>
                <td>{installment.number}</td>
                <td>{formatDay(installment.due_date, i18n.language)}</td>
                <td className={styles.number}>
                  {formatLira(installment.amount)}
                  {installment.paid_amount > 0 && installment.status !== 'paid' && (
                    <span className={styles.partial}>{t('payments.partly_paid', { amount: formatLira(installment.paid_amount) })}</span>
                  )}
                </td>
                <td>
                  <Tag color={statusColor[installment.status]} size="sm">
                    {t(`payments.status.${installment.status}`)}
                  </Tag>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <PaymentForm applicationId={applicationId} repayments={data} onRecorded={() => Promise.all([mutate(), onChanged()])} />
      </>
    );
  }

  return (
    <section className={styles.panel} aria-labelledby={`repayments-${applicationId}`}>
      <h2 id={`repayments-${applicationId}`} className={styles.title}>
        {t('payments.title')}
      </h2>
      {body}
    </section>
  );
}

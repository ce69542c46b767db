import type { FormEvent, RefObject } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { Button } from '../../../components/ui/button.tsx';
import { rejectReasonMaxLength, type DecisionBody } from '../api/application-review.ts';
import styles from './decision-panel.module.css';

interface RejectReasonFormProps {
  reasonId: string;
  reasonRef: RefObject<HTMLTextAreaElement | null>;
  reason: string;
  reasonError: string | undefined;
  busy: DecisionBody['decision'] | null;
  onReasonChange: (value: string) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onCancel: () => void;
}

/** The reject form: a required reason with its hint, character counter and error. */
export function RejectReasonForm({
  reasonId,
  reasonRef,
  reason,
  reasonError,
  busy,
  onReasonChange,
  onSubmit,
  onCancel,
}: RejectReasonFormProps) {
  const { t } = useTranslation('admin');
  const length = reason.trim().length;
  const counterId = `${reasonId}-counter`;
  const errorId = `${reasonId}-error`;
  const hintId = `${reasonId}-hint`;

  return (
    <form className={styles.rejectForm} onSubmit={onSubmit} noValidate aria-label={t('decision.reject_title')}>
      <label htmlFor={reasonId} className={styles.label}>
        {t('decision.reason_label')}
        <span className={styles.required} aria-hidden="true">
          *
        </span>
      </label>
      <textarea
        ref={reasonRef}
        id={reasonId}
        name="reject_reason"
        rows={5}
        required
        className={[styles.textarea, reasonError && styles.invalid].filter(Boolean).join(' ')}
        value={reason}
        aria-invalid={reasonError ? true : undefined}
        aria-describedby={[hintId, counterId, reasonError ? errorId : null].filter(Boolean).join(' ')}
        onChange={(event) => onReasonChange(event.target.value)}
      />
      <div className={styles.under}>
        <p id={hintId} className={styles.hint}>
          {t('decision.reason_hint')}
        </p>
        <p id={counterId} className={[styles.counter, length > rejectReasonMaxLength && styles.over].filter(Boolean).join(' ')}>
          {t('decision.reason_counter', { count: length, max: rejectReasonMaxLength })}
        </p>
      </div>
      {reasonError && (
        <p id={errorId} className={styles.error}>
          {reasonError}
        </p>
      )}
      <div className={styles.buttons}>
        <Button type="submit" variant="danger" busy={busy === 'rejected'} busyText={t('decision.busy')}>
          {t('decision.reject_confirm')}
        </Button>
        <Button variant="ghost" disabled={busy !== null} onClick={onCancel}>
          {t('decision.cancel')}
        </Button>
      </div>
    </form>
  );
}

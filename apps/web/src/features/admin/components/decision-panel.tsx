import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { errorCode, errorFields, errorStatus, notifyError } from '../../../lib/api-error.ts';
import {
  decideApplication,
  rejectReasonMaxLength,
  rejectReasonMinLength,
  type ApplicationReview,
  type DecisionBody,
} from '../api/application-review.ts';
import { formatDateTime, fullName } from '../format.ts';
import { ApplicationStatusTag } from './status-tag.tsx';
import styles from './decision-panel.module.css';

const toastOptions = { timeout: 5000, dismissible: true, showProgress: true } as const;

/** What was decided, by whom and when: the panel once the application has left review. */
function DecidedSummary({ application }: { application: ApplicationReview }) {
  const { t, i18n } = useTranslation('admin');
  if (application.status !== 'approved' && application.status !== 'rejected') {
    return <p className={styles.note}>{t('decision.not_reviewable')}</p>;
  }
  return (
    <dl className={styles.decided}>
      <div>
        <dt className="visually-hidden">{t('queue.columns.status')}</dt>
        <dd>
          <ApplicationStatusTag status={application.status} size="md" />
        </dd>
      </div>
      <div>
        <dt>{t('decision.decided_by')}</dt>
        <dd>{application.decided_by ? application.decided_by.name || application.decided_by.email : '—'}</dd>
      </div>
      <div>
        <dt>{t('decision.decided_at')}</dt>
        <dd>
          {application.decided_at ? (
            <time dateTime={application.decided_at}>{formatDateTime(application.decided_at, i18n.language)}</time>
          ) : (
            '—'
          )}
        </dd>
      </div>
      {application.status === 'rejected' && application.reject_reason && (
        <div>
          <dt>{t('decision.reject_reason')}</dt>
          <dd className={styles.reason}>{application.reject_reason}</dd>
        </div>
      )}
    </dl>
  );
}

/**
 * Approve (after a confirmation) or reject with a reason of 10–1000 characters. A second decision
 * (another expert was first) answers 409 already_decided: the page reloads to show that one.
 */
export function DecisionPanel({ application, onChanged }: { application: ApplicationReview; onChanged: () => Promise<unknown> }) {
  const { t } = useTranslation('admin');
  const reasonId = useId();
  const [confirmingApproval, setConfirmingApproval] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState<DecisionBody['decision'] | null>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);

  if (application.status !== 'in_progress') {
    return (
      <section className={styles.panel} aria-labelledby={`${reasonId}-title`}>
        <h2 id={`${reasonId}-title`} className={styles.title}>
          {t('decision.title')}
        </h2>
        <DecidedSummary application={application} />
      </section>
    );
  }

  function checkReason(value: string): string | undefined {
    const length = value.trim().length;
    if (length === 0) return t('decision.reason_required');
    if (length < rejectReasonMinLength) return t('decision.reason_too_short', { min: rejectReasonMinLength });
    if (length > rejectReasonMaxLength) return t('decision.reason_too_long', { max: rejectReasonMaxLength });
    return undefined;
  }

  async function send(body: DecisionBody) {
    setBusy(body.decision);
    try {
      await decideApplication(application.id, body);
      toast.success(t(body.decision === 'approved' ? 'decision.approved_toast' : 'decision.rejected_toast'), toastOptions);
      setConfirmingApproval(false);
      setRejecting(false);
      await onChanged();
    } catch (error) {
      const status = errorStatus(error);
      const code = errorCode(error);
      if (status === 409 && (code === 'already_decided' || code === 'not_under_review')) {
        toast.info(t('decision.already_decided'), toastOptions);
        setConfirmingApproval(false);
        setRejecting(false);
        await onChanged();
      } else if (errorFields(error).reject_reason) {
        setReasonError(errorFields(error).reject_reason);
        reasonRef.current?.focus();
      } else {
        void notifyError(error);
      }
    } finally {
      setBusy(null);
    }
  }

  function onReject(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setChecked(true);
    const problem = checkReason(reason);
    setReasonError(problem);
    if (problem) {
      reasonRef.current?.focus();
      return;
    }
    void send({ decision: 'rejected', reject_reason: reason.trim() });
  }

  const length = reason.trim().length;
  const counterId = `${reasonId}-counter`;
  const errorId = `${reasonId}-error`;
  const hintId = `${reasonId}-hint`;
  const name = fullName(application.customer) || application.customer.email;

  return (
    <section className={styles.panel} aria-labelledby={`${reasonId}-title`}>
      <h2 id={`${reasonId}-title`} className={styles.title}>
        {t('decision.title')}
      </h2>
      <p className={styles.note}>{t('decision.intro')}</p>
      {!rejecting ? (
        <div className={styles.buttons}>
          <Button variant="primary" onClick={() => setConfirmingApproval(true)}>
            {t('decision.approve')}
          </Button>
          <Button
            variant="secondary"
            onClick={() => {
              setRejecting(true);
              // The textarea appears with this render; focus it on the next frame.
              window.requestAnimationFrame(() => reasonRef.current?.focus());
            }}
          >
            {t('decision.reject')}
          </Button>
        </div>
      ) : (
        <form className={styles.rejectForm} onSubmit={onReject} noValidate aria-label={t('decision.reject_title')}>
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
            onChange={(event) => {
              setReason(event.target.value);
              if (checked) setReasonError(checkReason(event.target.value));
            }}
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
            <Button
              variant="ghost"
              disabled={busy !== null}
              onClick={() => {
                setRejecting(false);
                setReasonError(undefined);
                setChecked(false);
              }}
            >
              {t('decision.cancel')}
            </Button>
          </div>
        </form>
      )}
      <Modal
        open={confirmingApproval}
        onClose={() => {
          if (!busy) setConfirmingApproval(false);
        }}
        title={t('decision.approve_title')}
        footer={
          <>
            <Button variant="ghost" disabled={busy !== null} onClick={() => setConfirmingApproval(false)}>
              {t('decision.cancel')}
            </Button>
            <Button
              variant="primary"
              busy={busy === 'approved'}
              busyText={t('decision.busy')}
              onClick={() => void send({ decision: 'approved' })}
            >
              {t('decision.approve_confirm')}
            </Button>
          </>
        }
      >
        <p>{t('decision.approve_body', { name })}</p>
      </Modal>
    </section>
  );
}

import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { errorCode, errorFields, errorStatus, notifyError } from '../../../lib/api-error.ts';
import {
  decideApplication,
  rejectReasonMaxLength,
  rejectReasonMinLength,
  type ApplicationReview,
  type DecisionBody,
} from '../api/application-review.ts';

const toastOptions = { timeout: 5000, dismissible: true, showProgress: true } as const;

/** The state and the decide call behind DecisionPanel: the approval confirmation and the reject form. */
export function useDecisionPanel(application: ApplicationReview, onChanged: () => Promise<unknown>) {
  const { t } = useTranslation('admin');
  const reasonId = useId();
  const [confirmingApproval, setConfirmingApproval] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState<DecisionBody['decision'] | null>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);

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

  function startRejecting() {
    setRejecting(true);
    // The textarea appears with this render; focus it on the next frame.
    window.requestAnimationFrame(() => reasonRef.current?.focus());
  }

  function cancelRejecting() {
    setRejecting(false);
    setReasonError(undefined);
    setChecked(false);
  }

  function changeReason(value: string) {
    setReason(value);
    if (checked) setReasonError(checkReason(value));
  }

  return {
    reasonId,
    reasonRef,
    confirmingApproval,
    setConfirmingApproval,
    rejecting,
    startRejecting,
    cancelRejecting,
    reason,
    changeReason,
    reasonError,
    busy,
    onReject,
    approve: () => void send({ decision: 'approved' }),
  };
}

import { useTranslation } from '../../../lib/i18n.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import type { ApplicationReview } from '../api/application-review.ts';
import { fullName } from '../person.ts';
import { DecidedSummary } from './decided-summary.tsx';
import { RejectReasonForm } from './reject-reason-form.tsx';
import { useDecisionPanel } from './use-decision-panel.ts';
import styles from './decision-panel.module.css';

/**
 * Approve (after a confirmation) or reject with a reason of 10–1000 characters. A second decision
 * (another expert was first) answers 409 already_decided: the page reloads to show that one.
 */
export function DecisionPanel({ application, onChanged }: { application: ApplicationReview; onChanged: () => Promise<unknown> }) {
  const { t } = useTranslation('admin');
  const decision = useDecisionPanel(application, onChanged);
  const { reasonId, busy, confirmingApproval, setConfirmingApproval } = decision;

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

  const name = fullName(application.customer) || application.customer.email;

  return (
    <section className={styles.panel} aria-labelledby={`${reasonId}-title`}>
      <h2 id={`${reasonId}-title`} className={styles.title}>
        {t('decision.title')}
      </h2>
      <p className={styles.note}>{t('decision.intro')}</p>
      {!decision.rejecting ? (
        <div className={styles.buttons}>
          <Button variant="primary" onClick={() => setConfirmingApproval(true)}>
            {t('decision.approve')}
          </Button>
          <Button variant="secondary" onClick={decision.startRejecting}>
            {t('decision.reject')}
          </Button>
        </div>
      ) : (
        <RejectReasonForm
          reasonId={reasonId}
          reasonRef={decision.reasonRef}
          reason={decision.reason}
          reasonError={decision.reasonError}
          busy={busy}
          onReasonChange={decision.changeReason}
          onSubmit={decision.onReject}
          onCancel={decision.cancelRejecting}
        />
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
            <Button variant="primary" busy={busy === 'approved'} busyText={t('decision.busy')} onClick={decision.approve}>
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

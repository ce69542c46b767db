import { useTranslation } from '../../../lib/i18n.ts';
import type { ApplicationReview } from '../api/application-review.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { ApplicationStatusTag } from './status-tag.tsx';
import styles from './decision-panel.module.css';

/** What was decided, by whom and when: the panel once the application has left review. */
export function DecidedSummary({ application }: { application: ApplicationReview }) {
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

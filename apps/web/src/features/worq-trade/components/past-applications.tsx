import { useTranslation } from '../../../lib/i18n.ts';
import { Card } from '../../../components/ui/card.tsx';
import type { Application } from '../api/applications.ts';
import { formatDate, formatLira } from '../../../lib/format.ts';
import { ApplicationStatusTag } from './application-status-tag.tsx';
import styles from './worq-trade.module.css';

export function PastApplications({ applications }: { applications: Application[] }) {
  const { t, i18n } = useTranslation('worq-trade');
  return (
    <Card title={t('applications.past_title')}>
      <ul className={styles.pastList}>
        {applications.map((application) => (
          <li key={application.id} className={styles.pastItem}>
            <div className={styles.pastMain}>
              <time dateTime={application.created_at} className={styles.pastDate}>
                {formatDate(application.created_at, i18n.language, '')}
              </time>
              <ApplicationStatusTag application={application} />
            </div>
            {application.plan && (
              <p className={styles.note}>
                {t('applications.past_plan', {
                  amount: formatLira(application.plan.estimated_stock_purchase_amount),
                  weeks: application.plan.duration_weeks,
                })}
              </p>
            )}
            {application.status === 'rejected' && application.reject_reason && (
              <p className={styles.note}>
                {t('applications.past_reason')} {application.reject_reason}
              </p>
            )}
          </li>
        ))}
      </ul>
    </Card>
  );
}

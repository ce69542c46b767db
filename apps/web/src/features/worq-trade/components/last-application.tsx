import { useTranslation } from '../../../lib/i18n.ts';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card.tsx';
import { DefinitionList } from '../../../components/ui/definition-list.tsx';
import { CheckIcon } from '../../../components/ui/icon.tsx';
import { stepPath, type Application } from '../api/applications.ts';
import { formatDate, formatLira } from '../../../lib/format.ts';
import { applicationState, ApplicationStatusTag } from './application-status-tag.tsx';
import { RepaymentSchedule } from './repayment-schedule.tsx';
import { SalesSinceApproval } from './sales-since-approval.tsx';
import styles from './worq-trade.module.css';

const checklistItems = ['stores', 'company', 'stock', 'sales'] as const;

function PlanFigures({ application }: { application: Application }) {
  const { t } = useTranslation('worq-trade');
  const plan = application.plan;
  if (!plan) return null;
  return (
    <DefinitionList
      className={styles.figures}
      items={[
        { label: t('figures.stock_purchase'), value: formatLira(plan.estimated_stock_purchase_amount) },
        { label: t('figures.total_payment'), value: formatLira(plan.total_payment_amount) },
        { label: t('figures.duration'), value: t('figures.weeks', { count: plan.duration_weeks }) },
        {
          label: t('figures.installments'),
          value: t('figures.installment_value', { count: plan.installment_count, amount: formatLira(plan.installment_amount) }),
        },
      ]}
    />
  );
}

/** Why the last application was refused, and what tends to qualify next time. */
function Rejection({ application }: { application: Application }) {
  const { t } = useTranslation('worq-trade');
  return (
    <div className={styles.rejection}>
      <div className={styles.reason}>
        <h3 className={styles.subheading}>{t('rejection.reason_title')}</h3>
        <p>{application.reject_reason || t('rejection.no_reason')}</p>
      </div>
      <div>
        <h3 className={styles.subheading}>{t('rejection.checklist_title')}</h3>
        <ul className={styles.checklist}>
          {checklistItems.map((item) => (
            <li key={item}>
              <CheckIcon size={18} className={styles.checkIcon} />
              <span>{t(`rejection.checklist.${item}`)}</span>
            </li>
          ))}
        </ul>
      </div>
      <div>
        <Link to="/worq-trade/start" className={styles.linkButton}>
          {t('rejection.start_new')}
        </Link>
      </div>
    </div>
  );
}

export function LastApplication({ application, sellerName }: { application: Application; sellerName: string }) {
  const { t, i18n } = useTranslation('worq-trade');
  const state = applicationState(application);
  return (
    <>
      <Card
        title={t('applications.last_title')}
        description={
          <>
            {t('applications.created_at')}{' '}
            <time dateTime={application.created_at}>{formatDate(application.created_at, i18n.language, '')}</time>
          </>
        }
        actions={<ApplicationStatusTag application={application} />}
      >
        <div className={styles.cardBody}>
          <p className={styles.note}>{t(`state_text.${state}`)}</p>
          <PlanFigures application={application} />
          {state === 'active' && (
            <div>
              <Link to={stepPath(application.step)} className={styles.linkButton}>
                {t('applications.continue')}
              </Link>
            </div>
          )}
          {state === 'rejected' && <Rejection application={application} />}
        </div>
      </Card>
      {application.status === 'approved' && (
        <>
          <SalesSinceApproval applicationId={application.id} />
          <RepaymentSchedule applicationId={application.id} sellerName={sellerName} />
        </>
      )}
    </>
  );
}

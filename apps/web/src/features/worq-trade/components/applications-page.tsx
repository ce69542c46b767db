import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card.tsx';
import { CheckIcon, DocumentIcon } from '../../../components/ui/icon.tsx';
import { LoadFailed, LoadState } from '../../../components/ui/load-state.tsx';
import { setHeaderTitle } from '../../../components/ui/nav/header-title.ts';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useSession } from '../../../lib/session.ts';
import { stepPath, useApplications, type Application } from '../api/applications.ts';
import { formatDate, formatMoney } from '../format.ts';
import { useDomainMessage } from '../../../lib/use-domain-message.ts';
import { applicationState, ApplicationStatusTag } from './application-status-tag.tsx';
import { RepaymentSchedule } from './repayment-schedule.tsx';
import styles from './worq-trade.module.css';

const checklistItems = ['stores', 'company', 'stock', 'sales'] as const;

function PlanFigures({ application }: { application: Application }) {
  const { t } = useTranslation('worq-trade');
  const plan = application.plan;
  if (!plan) return null;
  return (
    <dl className={styles.figures}>
      <div>
        <dt>{t('figures.stock_purchase')}</dt>
        <dd>{formatMoney(plan.estimated_stock_purchase_amount)}</dd>
      </div>
      <div>
        <dt>{t('figures.total_payment')}</dt>
        <dd>{formatMoney(plan.total_payment_amount)}</dd>
      </div>
      <div>
        <dt>{t('figures.duration')}</dt>
        <dd>{t('figures.weeks', { count: plan.duration_weeks })}</dd>
      </div>
      <div>
        <dt>{t('figures.installments')}</dt>
        <dd>{t('figures.installment_value', { count: plan.installment_count, amount: formatMoney(plan.installment_amount) })}</dd>
      </div>
    </dl>
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

function LastApplication({ application, sellerName }: { application: Application; sellerName: string }) {
  const { t, i18n } = useTranslation('worq-trade');
  const state = applicationState(application);
  return (
    <>
      <Card
        title={t('applications.last_title')}
        description={
          <>
            {t('applications.created_at')}{' '}
            <time dateTime={application.created_at}>{formatDate(application.created_at, i18n.language)}</time>
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
      {application.status === 'approved' && <RepaymentSchedule applicationId={application.id} sellerName={sellerName} />}
    </>
  );
}

function PastApplications({ applications }: { applications: Application[] }) {
  const { t, i18n } = useTranslation('worq-trade');
  return (
    <Card title={t('applications.past_title')}>
      <ul className={styles.pastList}>
        {applications.map((application) => (
          <li key={application.id} className={styles.pastItem}>
            <div className={styles.pastMain}>
              <time dateTime={application.created_at} className={styles.pastDate}>
                {formatDate(application.created_at, i18n.language)}
              </time>
              <ApplicationStatusTag application={application} />
            </div>
            {application.plan && (
              <p className={styles.note}>
                {t('applications.past_plan', {
                  amount: formatMoney(application.plan.estimated_stock_purchase_amount),
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

/** `/worq-trade`: the last application with its status and decision, then the earlier ones. */
export function Component() {
  const { t } = useTranslation('worq-trade');
  const message = useDomainMessage();
  const { claims } = useSession();
  const { data: applications, error, isLoading, mutate } = useApplications(claims?.customer_id);

  useEffect(() => {
    setHeaderTitle(undefined, t('applications.title'));
  }, [t]);

  let content;
  if (!applications && (isLoading || !error)) {
    content = (
      <LoadState>
        <Spinner size="lg" />
      </LoadState>
    );
  } else if (!applications) {
    content = <LoadFailed text={message('data_load_error')} retryLabel={t('retry')} onRetry={() => void mutate()} />;
  } else if (applications.length === 0) {
    content = (
      <Card className={styles.empty}>
        <span className={styles.emptyIcon} aria-hidden="true">
          <DocumentIcon size={32} />
        </span>
        <h2 className={styles.emptyTitle}>{t('applications.empty_title')}</h2>
        <p className={styles.note}>{t('applications.empty_text')}</p>
        <Link to="/worq-trade/start" className={styles.linkButton}>
          {t('applications.start')}
        </Link>
      </Card>
    );
  } else {
    const [last, ...past] = applications as [Application, ...Application[]];
    content = (
      <>
        <LastApplication application={last} sellerName={claims ? `${claims.first_name} ${claims.last_name}`.trim() : ''} />
        {past.length > 0 && <PastApplications applications={past} />}
      </>
    );
  }

  const showNew = applications !== undefined && applications.length > 0;
  return (
    <div className={styles.page}>
      <PageHeader
        title={t('applications.heading')}
        subtitle={t('applications.subtitle')}
        actions={
          showNew && (
            <Link to="/worq-trade/start" className={styles.linkButtonSecondary}>
              {t('applications.new')}
            </Link>
          )
        }
      />
      {content}
    </div>
  );
}

import { useTranslation } from '../../../lib/i18n.ts';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ChevronLeftIcon } from '../../../components/ui/icon.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorStatus } from '../../../lib/api-error.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { fullName } from '../person.ts';
import { StorePerformanceSection } from './store-performance.tsx';
import { OfferSnapshotSection } from './offer-snapshot-section.tsx';
import { AuditTrail } from './audit-trail.tsx';
import { DecisionPanel } from './decision-panel.tsx';
import { RepaymentPanel } from './repayment-panel.tsx';
import { PlanSection } from './review-plan-section.tsx';
import { CompanySection, ContactFormsSection, SellerSection } from './review-sections.tsx';
import { StoresSection } from './review-stores-section.tsx';
import { ApplicationStatusTag } from './status-tag.tsx';
import { WarningsSection } from './warnings-section.tsx';
import { useApplicationReviewPage } from './use-application-review-page.ts';
import styles from './application-review-page.module.css';

/** /admin/applications/:id — everything an expert needs to decide, and the decision itself. */
export function Component() {
  const { t, i18n } = useTranslation('admin');
  const { application, error, isLoading, mutate, reload } = useApplicationReviewPage();

  const back = (
    <Link to="/admin" className={styles.back}>
      <ChevronLeftIcon size={16} />
      {t('review.back')}
    </Link>
  );

  if (!application) {
    if (isLoading || !error) {
      return (
        <div className={styles.loading}>
          <Spinner size="lg" />
        </div>
      );
    }
    return (
      <div className={styles.page}>
        {back}
        <div className={styles.problem} role="alert">
          <p>{errorStatus(error) === 404 ? t('review.not_found') : t('review.load_failed')}</p>
          {errorStatus(error) !== 404 && (
            <Button variant="secondary" size="sm" onClick={() => void mutate()}>
              {t('retry')}
            </Button>
          )}
        </div>
      </div>
    );
  }

  const name = fullName(application.customer) || application.customer.email;

  return (
    <div className={styles.page}>
      {back}
      <div className={styles.heading}>
        <div className={styles.titleRow}>
          <h1 className={styles.title}>{t('review.title', { name })}</h1>
          <ApplicationStatusTag status={application.status} size="md" />
        </div>
        <p className={styles.subtitle}>
          {application.submitted_at
            ? t('review.submitted_at', { date: formatDateTime(application.submitted_at, i18n.language) })
            : t('review.created_at', { date: formatDateTime(application.created_at, i18n.language) })}
        </p>
      </div>
      <div className={styles.layout}>
        <div className={styles.main}>
          {application.status === 'approved' && <WarningsSection applicationId={application.id} />}
          <SellerSection application={application} />
          <PlanSection plan={application.plan} />
          {application.store_performance && <StorePerformanceSection performance={application.store_performance} />}
          {application.offer_snapshot && <OfferSnapshotSection offer={application.offer_snapshot} />}
          <StoresSection application={application} />
          <CompanySection application={application} />
          <ContactFormsSection application={application} />
        </div>
        <div className={styles.aside}>
          <DecisionPanel application={application} onChanged={reload} />
          {application.status === 'approved' && <RepaymentPanel applicationId={application.id} onChanged={() => mutate()} />}
          <Card title={t('review.audit.title')}>
            <AuditTrail applicationId={application.id} events={application.events} nextCursor={application.events_next_cursor} />
          </Card>
        </div>
      </div>
    </div>
  );
}

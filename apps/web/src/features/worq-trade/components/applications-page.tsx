import { useTranslation } from '../../../lib/i18n.ts';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card.tsx';
import { DocumentIcon } from '../../../components/ui/icon.tsx';
import { LoadFailed, LoadingState } from '../../../components/ui/load-state.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import type { Application } from '../api/applications.ts';
import { useDomainMessage } from '../../../lib/use-domain-message.ts';
import { LastApplication } from './last-application.tsx';
import { PastApplications } from './past-applications.tsx';
import { useApplicationsPage } from './use-applications-page.ts';
import styles from './worq-trade.module.css';

/** `/worq-trade`: the last application with its status and decision, then the earlier ones. */
export function Component() {
  const { t } = useTranslation('worq-trade');
  const message = useDomainMessage();
  const { applications, error, isLoading, mutate, sellerName } = useApplicationsPage();

  let content;
  if (!applications && (isLoading || !error)) {
    content = <LoadingState size="lg" />;
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
        <LastApplication application={last} sellerName={sellerName} />
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

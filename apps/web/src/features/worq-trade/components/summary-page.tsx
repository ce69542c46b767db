import { useTranslation } from '../../../lib/i18n.ts';
import { Button } from '../../../components/ui/button.tsx';
import { LoadFailed, LoadingState } from '../../../components/ui/load-state.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { useDomainMessage } from '../../../lib/use-domain-message.ts';
import { SummaryPlanCard } from './summary-plan-card.tsx';
import { SummaryStoresCard } from './summary-stores-card.tsx';
import { useSummaryPage } from './use-summary-page.ts';
import styles from './worq-trade.module.css';

/** Step 3: the saved plan, the linked stores and company, and the submission for review. */
export function Component() {
  const { t } = useTranslation('worq-trade');
  const message = useDomainMessage();
  const { plan, details, submitting, editing, edit, submit, loading, failed } = useSummaryPage();

  let body;
  if (loading) {
    body = <LoadingState size="lg" />;
  } else if (failed) {
    body = (
      <LoadFailed
        text={message('data_load_error')}
        retryLabel={t('retry')}
        onRetry={() => {
          void plan.mutate();
          void details.mutate();
        }}
      />
    );
  } else {
    const saved = plan.data;
    const groups = details.data?.companies ?? [];
    body = (
      <>
        <SummaryPlanCard saved={saved} editing={editing} submitting={submitting} onEdit={edit} />
        <SummaryStoresCard groups={groups} editing={editing} submitting={submitting} onEdit={edit} />
      </>
    );
  }

  return (
    <div className={styles.stepPage}>
      <PageHeader title={t('summary.heading')} subtitle={t('summary.intro')} />
      {body}
      <p className={styles.note}>{t('summary.review_note')}</p>
      <div className={styles.stepActions}>
        <Button variant="ghost" disabled={editing !== null || submitting} onClick={() => void edit(2)}>
          {t('steps.back')}
        </Button>
        <Button busy={submitting} busyText={t('summary.submitting')} disabled={loading || editing !== null} onClick={() => void submit()}>
          {t('summary.submit')}
        </Button>
      </div>
    </div>
  );
}

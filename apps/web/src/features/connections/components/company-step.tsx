import { useTranslation } from '../../../lib/i18n.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FormError } from '../../../components/ui/form/form-error.tsx';
import { LoadFailed, LoadingState } from '../../../components/ui/load-state.tsx';
import { useDomainMessage } from '../../../lib/use-domain-message.ts';
import { CompanyForm } from './company-form.tsx';
import { ExistingCompanyChoice } from './existing-company-choice.tsx';
import { LockedCompany } from './locked-company.tsx';
import { targetOf, useCompanyStep } from './use-company-step.ts';
import styles from './connections.module.css';

export interface CompanyStepProps {
  /** The stores to link; null means every store that has no company yet. */
  integrationIds: string[] | null;
  onDone: () => void;
  onLater: () => void;
  onDirtyChange?: (dirty: boolean) => void;
  /** The page the background task changes (for the panel's 'Go' toast). */
  page?: string;
}

/**
 * Step 3 of the connect-integration flow: link the store to an existing company or enter a new
 * one. A store that already has a company shows it read-only: only the support team changes it.
 */
export function CompanyStep({ integrationIds, onDone, onLater, onDirtyChange, page }: CompanyStepProps) {
  const { t } = useTranslation('connections');
  const message = useDomainMessage();
  const { details, error, isLoading, mutate, formId, companies, useNewCompany, busy, ...state } = useCompanyStep({
    onDone,
    onDirtyChange,
    page,
  });

  if (isLoading && !details) {
    return <LoadingState />;
  }
  if (!details) {
    return <LoadFailed text={message('data_load_error')} retryLabel={t('retry')} onRetry={() => void mutate()} alert={Boolean(error)} />;
  }

  const target = targetOf(details, integrationIds);

  if (target.kind === 'missing') {
    return (
      <div className={styles.stepBody}>
        <FormError>{message('integration_not_found')}</FormError>
        <div className={styles.stepActions}>
          <Button onClick={onLater}>{t('modal.close')}</Button>
        </div>
      </div>
    );
  }

  if (target.kind === 'locked') return <LockedCompany company={target.company} onDone={onDone} />;

  const ids = target.ids;

  return (
    <div className={styles.stepBody}>
      <p className={styles.note}>{t('company_step.intro')}</p>
      {companies.length > 0 && (
        <ExistingCompanyChoice
          formId={useNewCompany ? undefined : formId}
          companies={companies}
          choice={state.choice}
          onChoose={state.chooseCompany}
          onChooseNew={() => state.setChoice('new')}
          onSubmit={(event) => state.submitExisting(event, ids)}
          disabled={busy}
        />
      )}
      {useNewCompany && (
        <CompanyForm
          id={formId}
          disabled={busy}
          onDirtyChange={onDirtyChange}
          onBusyChange={state.setChecking}
          onSubmit={(company) => state.send({ integration_ids: ids, company })}
        />
      )}
      <FormError>{state.formError}</FormError>
      <div className={styles.stepActions}>
        <Button variant="ghost" onClick={onLater} disabled={busy}>
          {t('modal.later')}
        </Button>
        <Button type="submit" form={formId} busy={busy || state.checking} busyText={t('company_step.submitting')}>
          {t('company_step.submit')}
        </Button>
      </div>
    </div>
  );
}

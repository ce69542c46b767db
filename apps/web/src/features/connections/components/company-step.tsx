import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { FormError } from '../../../components/ui/form/form-error.tsx';
import { LoadFailed, LoadState } from '../../../components/ui/load-state.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorFields, errorMessage } from '../../../lib/api-error.ts';
import { useRuntimeSettings } from '../../../lib/runtime-settings.ts';
import { useIntegrationDetails, type Company, type IntegrationDetails } from '../api/integration-details.ts';
import { setCompany, type SetCompanyBody } from '../api/set-company.ts';
import { trackTask } from '../../../lib/background-tasks.ts';
import { useDomainMessage } from '../../../lib/use-domain-message.ts';
import { CompanyForm } from './company-form.tsx';
import styles from './connections.module.css';

/** Where company details are changed: the configured chat, or the support form with its topic chosen. */
function SupportLink() {
  const { t } = useTranslation('connections');
  const { settings } = useRuntimeSettings();
  const chat = settings?.contact_chat_url;
  if (chat) {
    return (
      <a className={styles.inlineLink} href={chat} target="_blank" rel="noopener noreferrer">
        {t('company_step.contact_support')}
        <span className="visually-hidden"> {t('company_step.opens_in_new_tab')}</span>
      </a>
    );
  }
  return (
    <Link className={styles.inlineLink} to="/support?topic=company_change">
      {t('company_step.contact_support')}
    </Link>
  );
}

export interface CompanyStepProps {
  /** The stores to link; null means every store that has no company yet. */
  integrationIds: string[] | null;
  onDone: () => void;
  onLater: () => void;
  onDirtyChange?: (dirty: boolean) => void;
  /** The page the background task changes (for the panel's 'Go' toast). */
  page?: string;
}

type Target = { kind: 'missing' } | { kind: 'locked'; company: Company } | { kind: 'open'; ids: string[] };

function targetOf(details: IntegrationDetails, integrationIds: string[] | null): Target {
  if (integrationIds === null) {
    const ids = details.integrations_without_company.map((integration) => integration.id);
    return ids.length > 0 ? { kind: 'open', ids } : { kind: 'missing' };
  }
  const linked = details.companies.find((group) => group.integrations.some((integration) => integrationIds.includes(integration.id)));
  if (linked) return { kind: 'locked', company: linked.company };
  const ids = details.integrations_without_company
    .filter((integration) => integrationIds.includes(integration.id))
    .map((integration) => integration.id);
  return ids.length > 0 ? { kind: 'open', ids } : { kind: 'missing' };
}

/**
 * Step 3 of the connect-integration flow: link the store to an existing company or enter a new
 * one. A store that already has a company shows it read-only: only the support team changes it.
 */
export function CompanyStep({ integrationIds, onDone, onLater, onDirtyChange, page }: CompanyStepProps) {
  const { t } = useTranslation('connections');
  const message = useDomainMessage();
  const { data: details, error, isLoading, mutate } = useIntegrationDetails();
  const formId = useId();
  const [choice, setChoice] = useState<string>('');
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [checking, setChecking] = useState(false);

  const companies = details?.companies.map((group) => group.company) ?? [];
  const useNewCompany = companies.length === 0 || choice === 'new';

  useEffect(() => {
    if (!useNewCompany) onDirtyChange?.(false);
  }, [useNewCompany, onDirtyChange]);

  if (isLoading && !details) {
    return (
      <LoadState>
        <Spinner />
      </LoadState>
    );
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

  if (target.kind === 'locked') {
    const company = target.company;
    return (
      <div className={styles.stepBody}>
        <h3 className={styles.stepHeading}>{t('company_step.locked_title')}</h3>
        <dl className={styles.companyDetails}>
          <dt>{t('company_form.type_legend')}</dt>
          <dd>{t(`company_form.types.${company.type}`)}</dd>
          <dt>{t('company_form.tax_number')}</dt>
          <dd>{company.tax_number}</dd>
          <dt>{t('company_form.official_full_name')}</dt>
          <dd>{company.official_full_name}</dd>
          <dt>{t('company_form.trade_name')}</dt>
          <dd>{company.trade_name}</dd>
          {company.tax_office && (
            <>
              <dt>{t('company_form.tax_office')}</dt>
              <dd>{company.tax_office}</dd>
            </>
          )}
        </dl>
        <p className={styles.note}>
          {message('company_locked')} <SupportLink />
        </p>
        <div className={styles.stepActions}>
          <Button onClick={onDone}>{t('company_step.done')}</Button>
        </div>
      </div>
    );
  }

  const ids = target.ids;

  async function send(body: SetCompanyBody) {
    setFormError(null);
    setBusy(true);
    let requestId: string;
    try {
      ({ request_id: requestId } = await setCompany(body));
    } catch (failure) {
      setBusy(false);
      // The server names the fields it refused; say which ones rather than only "correct the fields".
      const fieldMessages = Object.values(errorFields(failure));
      setFormError(fieldMessages.length > 0 ? fieldMessages.join(' ') : errorMessage(failure));
      return;
    }
    onDirtyChange?.(false);
    const followed = trackTask(requestId, 'connect_company', {
      page,
      onSuccess: () => {
        setBusy(false);
        onDone();
      },
      onFailure: (result) => {
        setBusy(false);
        setFormError(result.message || message('task_failed'));
      },
    });
    if (!followed) {
      setBusy(false);
      onDone();
    }
  }

  function submitExisting(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!choice) {
      setFormError(message('company_required'));
      return;
    }
    void send({ integration_ids: ids, company_id: choice });
  }

  return (
    <div className={styles.stepBody}>
      <p className={styles.note}>{t('company_step.intro')}</p>
      {companies.length > 0 && (
        <form id={useNewCompany ? undefined : formId} onSubmit={submitExisting} noValidate>
          <fieldset className={styles.choiceGroup} disabled={busy}>
            <legend className={styles.legend}>{t('company_step.choose_legend')}</legend>
            <div className={styles.choiceColumn}>
              {companies.map((company) => (
                <label key={company.id} className={styles.choice}>
                  <input
                    type="radio"
                    name="company"
                    value={company.id}
                    checked={choice === company.id}
                    onChange={() => {
                      setChoice(company.id);
                      setFormError(null);
                    }}
                  />
                  <span>{t('company_step.existing', { name: company.trade_name, tax_number: company.tax_number })}</span>
                </label>
              ))}
              <label className={styles.choice}>
                <input type="radio" name="company" value="new" checked={choice === 'new'} onChange={() => setChoice('new')} />
                <span>{t('company_step.new_company')}</span>
              </label>
            </div>
          </fieldset>
        </form>
      )}
      {useNewCompany && (
        <CompanyForm
          id={formId}
          disabled={busy}
          onDirtyChange={onDirtyChange}
          onBusyChange={setChecking}
          onSubmit={(company) => send({ integration_ids: ids, company })}
        />
      )}
      <FormError>{formError}</FormError>
      <div className={styles.stepActions}>
        <Button variant="ghost" onClick={onLater} disabled={busy}>
          {t('modal.later')}
        </Button>
        <Button type="submit" form={formId} busy={busy || checking} busyText={t('company_step.submitting')}>
          {t('company_step.submit')}
        </Button>
      </div>
    </div>
  );
}

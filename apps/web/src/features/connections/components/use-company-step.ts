import { useEffect, useId, useState, type FormEvent } from 'react';
import type { SetCompanyBody } from '@worq/domain/wire/marketplace';
import { errorFields, errorMessage } from '../../../lib/api-error.ts';
import { useIntegrationDetails, type Company, type IntegrationDetails } from '../api/integration-details.ts';
import { setCompany } from '../api/set-company.ts';
import { trackTask } from '../../../lib/background-tasks.ts';
import { useDomainMessage } from '../../../lib/use-domain-message.ts';
import type { CompanyStepProps } from './company-step.tsx';

export type Target = { kind: 'missing' } | { kind: 'locked'; company: Company } | { kind: 'open'; ids: string[] };

export function targetOf(details: IntegrationDetails, integrationIds: string[] | null): Target {
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

/** The company step's state: the seller's companies, the choice among them and the connect-company task. */
export function useCompanyStep({ onDone, onDirtyChange, page }: Pick<CompanyStepProps, 'onDone' | 'onDirtyChange' | 'page'>) {
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

  function submitExisting(event: FormEvent<HTMLFormElement>, ids: string[]) {
    event.preventDefault();
    if (!choice) {
      setFormError(message('company_required'));
      return;
    }
    void send({ integration_ids: ids, company_id: choice });
  }

  function chooseCompany(companyId: string) {
    setChoice(companyId);
    setFormError(null);
  }

  return {
    details,
    error,
    isLoading,
    mutate,
    formId,
    choice,
    setChoice,
    chooseCompany,
    formError,
    busy,
    checking,
    setChecking,
    companies,
    useNewCompany,
    send,
    submitExisting,
  };
}

import { useCallback, useId, useState } from 'react';
import type { UpsertBody } from '@worq/domain/wire/marketplace';
import { useCloseWarning } from '../../../components/ui/use-close-warning.tsx';
import { useLeaveWarning } from '../../../components/ui/use-leave-warning.tsx';
import { errorMessage, notifyUpdated } from '../../../lib/api-error.ts';
import { useMarketplaces, type Marketplace } from '../api/marketplaces.ts';
import { upsertIntegration } from '../api/upsert-integration.ts';
import { trackTask } from '../../../lib/background-tasks.ts';
import { useDomainMessage } from '../../../lib/use-domain-message.ts';
import type { ConnectStep, ConnectStoreModalProps } from './connect-store-modal.tsx';

/** The integration id a finished connect task reports in its data, if any. */
function integrationIdOf(data: unknown): string | null {
  if (data === null || typeof data !== 'object') return null;
  const record = data as Record<string, unknown>;
  if (typeof record.integration_id === 'string') return record.integration_id;
  if (typeof record.id === 'string') return record.id;
  const nested = record.integration;
  if (nested && typeof nested === 'object' && typeof (nested as Record<string, unknown>).id === 'string') {
    return (nested as Record<string, string>).id ?? null;
  }
  return null;
}

type ConnectStoreFlowOptions = Pick<ConnectStoreModalProps, 'onClose' | 'integration' | 'onCompleted' | 'prefill'> & {
  initialStep: NonNullable<ConnectStoreModalProps['initialStep']>;
  page: string;
};

/** The connect-store flow's state: the step, the chosen marketplace, the unsaved changes and the integration's task. */
export function useConnectStoreFlow({ onClose, integration, initialStep, onCompleted, page, prefill }: ConnectStoreFlowOptions) {
  const message = useDomainMessage();
  const formId = useId();
  const { data: marketplaces, error: marketplacesError, isLoading, mutate: reloadMarketplaces } = useMarketplaces();
  const [step, setStep] = useState<ConnectStep>(integration || prefill ? 'integration' : initialStep);
  const [chosen, setChosen] = useState<Marketplace | null>(null);
  const [integrationDirty, setIntegrationDirty] = useState(false);
  const [companyDirty, setCompanyDirty] = useState(false);
  const [verifying, setVerifying] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [taskError, setTaskError] = useState<string | null>(null);
  const [connectedIds, setConnectedIds] = useState<string[] | null>(integration ? [integration.id] : null);
  const [howToOpen, setHowToOpen] = useState(false);

  const marketplace =
    chosen ??
    (integration
      ? (marketplaces?.find(
          (candidate) => candidate.id === integration.marketplace_id || candidate.code === integration.marketplace_code,
        ) ?? null)
      : prefill
        ? (marketplaces?.find((candidate) => candidate.code === prefill.marketplaceCode) ?? null)
        : null);

  const dirty = (step === 'integration' && integrationDirty) || (step === 'company' && companyDirty);
  const leaveWarning = useLeaveWarning(dirty);
  // Closing the window (X, Escape, the overlay, "Later") with typed data asks first (§2, §5).
  const { requestClose, dialog: closeWarning } = useCloseWarning(dirty, onClose);
  const onCompanyDirty = useCallback((dirty: boolean) => setCompanyDirty(dirty), []);
  const onIntegrationDirty = useCallback((dirty: boolean) => setIntegrationDirty(dirty), []);

  async function submitIntegration(body: UpsertBody) {
    setTaskError(null);
    setSubmitting(true);
    let requestId: string;
    try {
      ({ request_id: requestId } = await upsertIntegration(body));
    } catch (error) {
      setTaskError(errorMessage(error));
      return;
    } finally {
      setSubmitting(false);
    }
    setVerifying(true);
    const followed = trackTask(requestId, integration ? 'update_integration' : 'connect_integration', {
      page,
      onSuccess: (result) => {
        setVerifying(false);
        setIntegrationDirty(false);
        // A store saved before and now changed: the §8 "Update successful" toast.
        if (integration) notifyUpdated(result.message);
        const id = integrationIdOf(result.data) ?? integration?.id ?? null;
        setConnectedIds(id ? [id] : null);
        setStep('company');
      },
      onFailure: (result) => {
        setVerifying(false);
        setTaskError(result.message || message('task_failed'));
      },
    });
    if (!followed) {
      setVerifying(false);
      setIntegrationDirty(false);
      setStep('company');
    }
  }

  function pickMarketplace(picked: Marketplace) {
    setChosen(picked);
    setTaskError(null);
    setStep('integration');
  }

  function backToMarketplaces() {
    setChosen(null);
    setIntegrationDirty(false);
    setStep('marketplace');
  }

  function finish() {
    onCompleted?.();
    onClose();
  }

  return {
    formId,
    marketplaces,
    marketplacesError,
    isLoading,
    reloadMarketplaces,
    step,
    chosen,
    marketplace,
    verifying,
    submitting,
    taskError,
    connectedIds,
    howToOpen,
    setHowToOpen,
    leaveWarning,
    requestClose,
    closeWarning,
    onCompanyDirty,
    onIntegrationDirty,
    submitIntegration,
    pickMarketplace,
    backToMarketplaces,
    finish,
  };
}

import { useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { LoadFailed, LoadState } from '../../../components/ui/load-state.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Stepper } from '../../../components/ui/stepper.tsx';
import { useCloseWarning } from '../../../components/ui/use-close-warning.tsx';
import { useLeaveWarning } from '../../../components/ui/use-leave-warning.tsx';
import { errorMessage, notifyUpdated } from '../../../lib/api-error.ts';
import type { Integration } from '../api/integrations.ts';
import { useMarketplaces, type Marketplace } from '../api/marketplaces.ts';
import { upsertIntegration, type UpsertIntegrationBody } from '../api/upsert-integration.ts';
import { trackTask } from '../../../lib/background-tasks.ts';
import { useDomainMessage } from '../../../lib/use-domain-message.ts';
import { CompanyStep } from './company-step.tsx';
import { HowToDrawer } from './how-to-drawer.tsx';
import { IntegrationForm } from './integration-form.tsx';
import { MarketplacePicker } from './marketplace-picker.tsx';
import styles from './connections.module.css';

export type ConnectStep = 'marketplace' | 'integration' | 'company';
const steps: ConnectStep[] = ['marketplace', 'integration', 'company'];

export interface ConnectStoreModalProps {
  open: boolean;
  onClose: () => void;
  /** Update or reconnect: the flow starts at step 2 with this store's marketplace and details. */
  integration?: Integration;
  /** 'company' starts at step 3 for every store without a company (e.g. an onboarding step). */
  initialStep?: 'marketplace' | 'company';
  /** Called once the store (and its company) is connected. */
  onCompleted?: () => void;
  /** The page the background tasks change, for the panel's 'Go' toast; '/connections' by default. */
  page?: string;
  /** A new store whose marketplace and details are known (WorqInsight's store address step). */
  prefill?: StorePrefill;
}

export interface StorePrefill {
  marketplaceCode: string;
  storeName?: string | null;
  storeLink?: string | null;
  sellerId?: string | null;
}

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

/**
 * The connect-store modal with the connect-integration flow (specification §2): 1 select
 * marketplace, 2 connect integration, 3 connect company. Each submission is a background task;
 * the flow waits for its result on the panel's socket before moving on.
 * Reused by the WorqTrade onboarding's connect-store step.
 */
export function ConnectStoreModal(props: ConnectStoreModalProps) {
  // Mounted only while open, so every opening starts the flow afresh.
  if (!props.open) return null;
  return <ConnectStoreFlow {...props} />;
}

function ConnectStoreFlow({
  onClose,
  integration,
  initialStep = 'marketplace',
  onCompleted,
  page = '/connections',
  prefill,
}: ConnectStoreModalProps) {
  const { t } = useTranslation('connections');
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

  async function submitIntegration(body: UpsertIntegrationBody) {
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

  function finish() {
    onCompleted?.();
    onClose();
  }

  const stepIndex = steps.indexOf(step);
  const title = integration ? t('modal.title_update') : t('modal.title_connect');

  let body;
  if (step === 'company') {
    body = <CompanyStep integrationIds={connectedIds} onDone={finish} onLater={requestClose} onDirtyChange={onCompanyDirty} page={page} />;
  } else if (!marketplaces && isLoading) {
    body = (
      <LoadState>
        <Spinner />
      </LoadState>
    );
  } else if (!marketplaces) {
    body = (
      <LoadFailed
        text={message('data_load_error')}
        retryLabel={t('retry')}
        onRetry={() => void reloadMarketplaces()}
        alert={Boolean(marketplacesError)}
      />
    );
  } else if (step === 'marketplace' || !marketplace) {
    body = (
      <MarketplacePicker
        marketplaces={marketplaces}
        onSelect={(picked) => {
          setChosen(picked);
          setTaskError(null);
          setStep('integration');
        }}
      />
    );
  } else {
    const oauth = marketplace.auth_type === 'oauth' || marketplace.code === 'amazon';
    body = (
      <div className={styles.stepBody}>
        <h3 className={styles.stepHeading}>{marketplace.name}</h3>
        <IntegrationForm
          key={marketplace.id}
          id={formId}
          marketplace={marketplace}
          integration={integration}
          prefill={chosen ? undefined : prefill}
          onSubmit={submitIntegration}
          onDirtyChange={onIntegrationDirty}
          onHowTo={() => setHowToOpen(true)}
          busy={verifying}
          taskError={taskError}
        />
        <div className={styles.stepActions}>
          {!integration && (
            <Button
              variant="ghost"
              disabled={verifying || submitting}
              onClick={() => {
                setChosen(null);
                setIntegrationDirty(false);
                setStep('marketplace');
              }}
            >
              {t('modal.back')}
            </Button>
          )}
          {!oauth && (
            <Button type="submit" form={formId} busy={verifying || submitting} busyText={t('form.submitting')}>
              {integration ? t('form.update_submit') : t('form.submit')}
            </Button>
          )}
        </div>
        <HowToDrawer code={marketplace.code} open={howToOpen} onClose={() => setHowToOpen(false)} />
      </div>
    );
  }

  return (
    <Modal open onClose={requestClose} title={title} hideFooter>
      <Stepper
        className={styles.steps}
        aria-label={t('modal.steps_label')}
        steps={steps.map((name) => ({ id: name, label: t(`modal.steps.${name}`) }))}
        current={stepIndex}
        doneMark="number"
        size="sm"
        compact="phone"
      />
      <p className="visually-hidden">{t('modal.step_of', { current: stepIndex + 1, total: steps.length })}</p>
      {body}
      {leaveWarning}
      {closeWarning}
    </Modal>
  );
}

import { useTranslation } from '../../../lib/i18n.ts';
import { LoadFailed, LoadingState } from '../../../components/ui/load-state.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Stepper } from '../../../components/ui/stepper.tsx';
import type { Integration } from '../api/integrations.ts';
import { useDomainMessage } from '../../../lib/use-domain-message.ts';
import { CompanyStep } from './company-step.tsx';
import { IntegrationStep } from './integration-step.tsx';
import { MarketplacePicker } from './marketplace-picker.tsx';
import { useConnectStoreFlow } from './use-connect-store-flow.ts';
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
  const flow = useConnectStoreFlow({ onClose, integration, initialStep, onCompleted, page, prefill });
  const { step, marketplaces, marketplace } = flow;

  const stepIndex = steps.indexOf(step);
  const title = integration ? t('modal.title_update') : t('modal.title_connect');

  let body;
  if (step === 'company') {
    body = (
      <CompanyStep
        integrationIds={flow.connectedIds}
        onDone={flow.finish}
        onLater={flow.requestClose}
        onDirtyChange={flow.onCompanyDirty}
        page={page}
      />
    );
  } else if (!marketplaces && flow.isLoading) {
    body = <LoadingState />;
  } else if (!marketplaces) {
    body = (
      <LoadFailed
        text={message('data_load_error')}
        retryLabel={t('retry')}
        onRetry={() => void flow.reloadMarketplaces()}
        alert={Boolean(flow.marketplacesError)}
      />
    );
  } else if (step === 'marketplace' || !marketplace) {
    body = <MarketplacePicker marketplaces={marketplaces} onSelect={flow.pickMarketplace} />;
  } else {
    body = (
      <IntegrationStep
        formId={flow.formId}
        marketplace={marketplace}
        integration={integration}
        prefill={flow.chosen ? undefined : prefill}
        onSubmit={flow.submitIntegration}
        onDirtyChange={flow.onIntegrationDirty}
        onBack={flow.backToMarketplaces}
        howToOpen={flow.howToOpen}
        onHowToChange={flow.setHowToOpen}
        verifying={flow.verifying}
        submitting={flow.submitting}
        taskError={flow.taskError}
      />
    );
  }

  return (
    <Modal open onClose={flow.requestClose} title={title} hideFooter>
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
      {flow.leaveWarning}
      {flow.closeWarning}
    </Modal>
  );
}

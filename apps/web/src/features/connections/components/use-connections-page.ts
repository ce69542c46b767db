import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import type { IntegrationAction } from '@worq/domain/wire/marketplace';
import { setHeaderTitle } from '../../../components/ui/nav/header-title.ts';
import { useIsMobile } from '../../../components/ui/nav/use-is-mobile.ts';
import { errorCode, notifyError } from '../../../lib/api-error.ts';
import { changeIntegrationStatus } from '../api/change-integration-status.ts';
import { useIntegrations, type Integration } from '../api/integrations.ts';
import { trackTask } from '../../../lib/background-tasks.ts';
import { useDomainMessage } from '../../../lib/use-domain-message.ts';
import type { ConnectionFilter } from './connection-filter-tabs.tsx';
import type { IntegrationCommand } from './integration-list.tsx';

export type Confirmation = { integration: Integration; action: 'disable' | 'delete' } | null;
type ModalState = { open: false } | { open: true; integration?: Integration };

/** The connections page's state: the stores, the filter, the connect-store modal and the status changes. */
export function useConnectionsPage() {
  const { t } = useTranslation('connections');
  const message = useDomainMessage();
  const isMobile = useIsMobile();
  const { data: integrations, error, isLoading, mutate } = useIntegrations();
  const [filter, setFilter] = useState<ConnectionFilter>('all');
  const [modal, setModal] = useState<ModalState>({ open: false });
  const [confirmation, setConfirmation] = useState<Confirmation>(null);
  const [pendingAction, setPendingAction] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const tabsId = useId();

  useEffect(() => {
    setHeaderTitle(undefined, t('title'));
  }, [t]);

  async function runAction(integration: Integration, action: IntegrationAction) {
    setRefusal(null);
    setPendingAction(true);
    try {
      const { request_id } = await changeIntegrationStatus(integration.id, action);
      trackTask(request_id, action === 'delete' ? 'delete_integration' : 'change_integration_status', { page: '/connections' });
      setConfirmation(null);
    } catch (failure) {
      setConfirmation(null);
      // Status changes wait while an application is under way (§4): say why instead of a bare error.
      const code = errorCode(failure);
      if (code === 'active_application_exists' || code === 'store_in_submitted_application') setRefusal(message(code));
      else void notifyError(failure);
    } finally {
      setPendingAction(false);
    }
  }

  function handleCommand(integration: Integration, command: IntegrationCommand) {
    if (command === 'update') setModal({ open: true, integration });
    else if (command === 'activate') void runAction(integration, 'activate');
    else if (command === 'disable') setConfirmation({ integration, action: 'disable' });
    else setConfirmation({ integration, action: 'delete' });
  }

  return {
    isMobile,
    integrations,
    error,
    isLoading,
    mutate,
    filter,
    setFilter,
    modal,
    openConnect: () => setModal({ open: true }),
    closeModal: () => setModal({ open: false }),
    confirmation,
    cancelConfirmation: () => setConfirmation(null),
    pendingAction,
    refusal,
    dismissRefusal: () => setRefusal(null),
    tabsId,
    runAction,
    handleCommand,
  };
}

import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FormError } from '../../../components/ui/form/form-error.tsx';
import { CloseIcon, StoreIcon } from '../../../components/ui/icon.tsx';
import { LoadFailed, LoadState } from '../../../components/ui/load-state.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { setHeaderTitle } from '../../../components/ui/nav/header-title.ts';
import { useIsMobile } from '../../../components/ui/nav/use-is-mobile.ts';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorCode, notifyError } from '../../../lib/api-error.ts';
import { changeIntegrationStatus, type IntegrationAction } from '../api/change-integration-status.ts';
import { useIntegrations, type Integration } from '../api/integrations.ts';
import { trackTask } from '../../../lib/background-tasks.ts';
import { useDomainMessage } from '../../../lib/use-domain-message.ts';
import { ConnectStoreModal } from './connect-store-modal.tsx';
import { IntegrationList, type IntegrationCommand } from './integration-list.tsx';
import styles from './connections.module.css';

export type ConnectionFilter = 'all' | 'active' | 'inactive';
const filters: ConnectionFilter[] = ['all', 'active', 'inactive'];

function matches(filter: ConnectionFilter, integration: Integration): boolean {
  if (filter === 'all') return true;
  if (filter === 'active') return integration.status === 'active';
  return integration.status === 'disabled' || integration.status === 'out_of_date';
}

type Confirmation = { integration: Integration; action: 'disable' | 'delete' } | null;
type ModalState = { open: false } | { open: true; integration?: Integration };

/** `/connections`: the seller's stores with filters, status changes and the connect-store modal. */
export function Component() {
  const { t } = useTranslation('connections');
  const message = useDomainMessage();
  const isMobile = useIsMobile();
  const { data: integrations, error, isLoading, mutate } = useIntegrations();
  const [filter, setFilter] = useState<ConnectionFilter>('all');
  const [modal, setModal] = useState<ModalState>({ open: false });
  const [confirmation, setConfirmation] = useState<Confirmation>(null);
  const [pendingAction, setPendingAction] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);
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

  function handleTabKey(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const last = filters.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    setFilter(filters[next]!);
    tabRefs.current[next]?.focus();
  }

  const all = integrations ?? [];
  const shown = all.filter((integration) => matches(filter, integration));
  const openConnect = () => setModal({ open: true });

  let content;
  if (isLoading && !integrations) {
    content = (
      <LoadState>
        <Spinner size="lg" />
      </LoadState>
    );
  } else if (!integrations) {
    content = <LoadFailed text={message('data_load_error')} retryLabel={t('retry')} onRetry={() => void mutate()} alert={Boolean(error)} />;
  } else if (all.length === 0) {
    content = (
      <Card className={styles.empty}>
        <span className={styles.emptyIcon} aria-hidden="true">
          <StoreIcon size={32} />
        </span>
        <h2 className={styles.emptyTitle}>{t('empty.title')}</h2>
        <p className={styles.note}>{t('empty.text')}</p>
        <Button onClick={openConnect}>{t('connect_store')}</Button>
      </Card>
    );
  } else {
    content = (
      <>
        <div role="tablist" aria-label={t('filters.label')} className={styles.tabs}>
          {filters.map((name, index) => {
            const count = all.filter((integration) => matches(name, integration)).length;
            const selected = filter === name;
            return (
              <button
                key={name}
                ref={(element) => {
                  tabRefs.current[index] = element;
                }}
                type="button"
                role="tab"
                id={`${tabsId}-${name}`}
                aria-selected={selected}
                aria-controls={`${tabsId}-panel`}
                tabIndex={selected ? 0 : -1}
                className={styles.tab}
                onClick={() => setFilter(name)}
                onKeyDown={(event) => handleTabKey(event, index)}
              >
                {t(`filters.${name}`)}
                <span className={styles.tabCount}>{count}</span>
              </button>
            );
          })}
        </div>
        <div role="tabpanel" id={`${tabsId}-panel`} aria-labelledby={`${tabsId}-${filter}`} className={styles.tabPanel}>
          {shown.length === 0 ? (
            <p className={styles.filteredEmpty}>{t('empty.filtered')}</p>
          ) : (
            <IntegrationList integrations={shown} layout={isMobile ? 'cards' : 'table'} onCommand={handleCommand} />
          )}
        </div>
      </>
    );
  }

  const confirmStore = confirmation?.integration.store_name ?? '';
  const confirmingDisable = confirmation?.action === 'disable';

  return (
    <div className={styles.page}>
      <PageHeader
        title={t('heading')}
        subtitle={t('subtitle')}
        actions={all.length > 0 && <Button onClick={openConnect}>{t('connect_store')}</Button>}
      />
      {refusal && (
        <div className={styles.refusal}>
          <FormError>
            <strong>{t('status_refused')}</strong>
            <p>{refusal}</p>
          </FormError>
          <Button variant="eliptic-ghost" size="sm" icon={<CloseIcon />} aria-label={t('dismiss_alert')} onClick={() => setRefusal(null)} />
        </div>
      )}
      {content}
      <ConnectStoreModal
        open={modal.open}
        integration={modal.open ? modal.integration : undefined}
        onClose={() => setModal({ open: false })}
      />
      <Modal
        open={confirmation !== null}
        onClose={() => setConfirmation(null)}
        title={confirmingDisable ? t('confirm.disable_title') : t('confirm.remove_title')}
        footer={
          <>
            <Button variant="ghost" onClick={() => setConfirmation(null)}>
              {t('confirm.cancel')}
            </Button>
            <Button
              variant="danger"
              busy={pendingAction}
              onClick={() => confirmation && void runAction(confirmation.integration, confirmation.action)}
            >
              {confirmingDisable ? t('confirm.disable_submit') : t('confirm.remove_submit')}
            </Button>
          </>
        }
      >
        <p>{confirmingDisable ? t('confirm.disable_text', { store: confirmStore }) : t('confirm.remove_text', { store: confirmStore })}</p>
      </Modal>
    </div>
  );
}

import { useTranslation } from '../../../lib/i18n.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FormError } from '../../../components/ui/form/form-error.tsx';
import { CloseIcon, StoreIcon } from '../../../components/ui/icon.tsx';
import { LoadFailed, LoadingState } from '../../../components/ui/load-state.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { useDomainMessage } from '../../../lib/use-domain-message.ts';
import { ConfirmStatusModal } from './confirm-status-modal.tsx';
import { ConnectStoreModal } from './connect-store-modal.tsx';
import { ConnectionFilterTabs } from './connection-filter-tabs.tsx';
import { useConnectionsPage } from './use-connections-page.ts';
import styles from './connections.module.css';

export type { ConnectionFilter } from './connection-filter-tabs.tsx';

/** `/connections`: the seller's stores with filters, status changes and the connect-store modal. */
export function Component() {
  const { t } = useTranslation('connections');
  const message = useDomainMessage();
  const page = useConnectionsPage();
  const { integrations, modal, openConnect } = page;

  const all = integrations ?? [];

  let content;
  if (page.isLoading && !integrations) {
    content = <LoadingState size="lg" />;
  } else if (!integrations) {
    content = (
      <LoadFailed
        text={message('data_load_error')}
        retryLabel={t('retry')}
        onRetry={() => void page.mutate()}
        alert={Boolean(page.error)}
      />
    );
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
      <ConnectionFilterTabs
        tabsId={page.tabsId}
        integrations={all}
        filter={page.filter}
        onFilterChange={page.setFilter}
        layout={page.isMobile ? 'cards' : 'table'}
        onCommand={page.handleCommand}
      />
    );
  }

  return (
    <div className={styles.page}>
      <PageHeader
        title={t('heading')}
        subtitle={t('subtitle')}
        actions={all.length > 0 && <Button onClick={openConnect}>{t('connect_store')}</Button>}
      />
      {page.refusal && (
        <div className={styles.refusal}>
          <FormError>
            <strong>{t('status_refused')}</strong>
            <p>{page.refusal}</p>
          </FormError>
          <Button variant="eliptic-ghost" size="sm" icon={<CloseIcon />} aria-label={t('dismiss_alert')} onClick={page.dismissRefusal} />
        </div>
      )}
      {content}
      <ConnectStoreModal open={modal.open} integration={modal.open ? modal.integration : undefined} onClose={page.closeModal} />
      <ConfirmStatusModal
        confirmation={page.confirmation}
        pending={page.pendingAction}
        onCancel={page.cancelConfirmation}
        onConfirm={(confirmation) => void page.runAction(confirmation.integration, confirmation.action)}
      />
    </div>
  );
}

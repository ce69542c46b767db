import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FormError } from '../../../components/ui/form/form-error.tsx';
import { StoreIcon } from '../../../components/ui/icon.tsx';
import { LoadFailed, LoadingState } from '../../../components/ui/load-state.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Tag } from '../../../components/ui/tag.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { ConnectStoreModal, marketplaceLogoUrl, marketplaceName, useIntegrations, type Integration } from '../../connections/public.ts';
import { useOnboarding } from '../onboarding-context.ts';
import { useDomainMessage } from '../../../lib/use-domain-message.ts';
import styles from './worq-trade.module.css';

const stepPage = '/worq-trade/onboarding/connect-store';

type StoreState = 'ready' | 'needs_company' | 'not_usable';

/** Only stores both active and updated count; they also need a company (ARCHITECTURE.md §4). */
function storeState(integration: Integration): StoreState {
  if (integration.status !== 'active' || !integration.is_active || !integration.is_updated) return 'not_usable';
  return integration.company_id ? 'ready' : 'needs_company';
}

type ModalState = { open: false } | { open: true; integration?: Integration; initialStep?: 'marketplace' | 'company' };

/** Step 2: the seller's stores, the connect-store flow, company details, then the summary. */
export function Component() {
  const { t } = useTranslation('worq-trade');
  const message = useDomainMessage();
  const { goToStep } = useOnboarding();
  const { data: integrations, error, isLoading, mutate } = useIntegrations();
  const [modal, setModal] = useState<ModalState>({ open: false });
  const [moving, setMoving] = useState<'back' | 'next' | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  // A refusal speaks of the stores as they were; a changed list makes it stale.
  useEffect(() => {
    setRefusal(null);
  }, [integrations]);

  async function move(direction: 'back' | 'next') {
    setRefusal(null);
    setMoving(direction);
    try {
      await goToStep(direction === 'next' ? 3 : 1);
    } catch (failure) {
      // 409 step_requirements_not_met: the server says what is missing.
      setRefusal(errorMessage(failure));
      setMoving(null);
    }
  }

  const stores = integrations ?? [];
  const needsCompany = stores.some((integration) => storeState(integration) === 'needs_company');
  const ready = stores.some((integration) => storeState(integration) === 'ready');

  let list;
  if (!integrations && isLoading) {
    list = <LoadingState size="lg" />;
  } else if (!integrations) {
    list = <LoadFailed text={message('data_load_error')} retryLabel={t('retry')} onRetry={() => void mutate()} alert={Boolean(error)} />;
  } else if (stores.length === 0) {
    list = (
      <div className={styles.emptyInline}>
        <span className={styles.emptyIcon} aria-hidden="true">
          <StoreIcon size={28} />
        </span>
        <p>{message('integration_not_found')}</p>
      </div>
    );
  } else {
    list = (
      <ul className={styles.storeList} aria-label={t('connect.list_label')}>
        {stores.map((integration) => {
          const state = storeState(integration);
          return (
            <li key={integration.id} className={styles.storeItem} data-state={state}>
              <img src={marketplaceLogoUrl(integration.marketplace_code)} alt="" width={72} height={24} className={styles.storeLogo} />
              <div className={styles.storeMain}>
                <p className={styles.storeName}>{integration.store_name}</p>
                <p className={styles.note}>
                  {marketplaceName(integration.marketplace_code)}
                  {integration.company_title && ` · ${integration.company_title}`}
                </p>
                {state === 'needs_company' && <p className={styles.storeProblem}>{message('company_required')}</p>}
                {state === 'not_usable' && <p className={styles.storeProblem}>{t(`connect.not_usable.${integration.status}`)}</p>}
              </div>
              <div className={styles.storeSide}>
                <Tag color={state === 'ready' ? 'green' : state === 'needs_company' ? 'orange' : 'gray'} size="sm" dot>
                  {t(`connect.state.${state}`)}
                </Tag>
                {state === 'needs_company' && (
                  <Button variant="tertiary" size="sm" onClick={() => setModal({ open: true, initialStep: 'company' })}>
                    {t('connect.add_company')}
                  </Button>
                )}
                {state === 'not_usable' && integration.status === 'out_of_date' && (
                  <Button
                    variant="tertiary"
                    size="sm"
                    aria-label={t('connect.reconnect_store', { store: integration.store_name })}
                    onClick={() => setModal({ open: true, integration })}
                  >
                    {t('connect.reconnect')}
                  </Button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <div className={styles.stepPage}>
      <PageHeader title={t('connect.heading')} subtitle={t('connect.intro')} />
      <Card
        title={t('connect.stores_title')}
        actions={
          <Button size="sm" onClick={() => setModal({ open: true })}>
            {t('connect.add_store')}
          </Button>
        }
      >
        {list}
        {needsCompany && !ready && <p className={styles.hintLine}>{t('connect.company_hint')}</p>}
      </Card>
      <p className={styles.note}>
        {t('connect.cannot_connect_intro')}{' '}
        <Link to="/worq-trade/onboarding/contact" className={styles.inlineLink}>
          {t('connect.cannot_connect')}
        </Link>
      </p>
      <FormError>{refusal}</FormError>
      <div className={styles.stepActions}>
        <Button variant="ghost" busy={moving === 'back'} disabled={moving === 'next'} onClick={() => void move('back')}>
          {t('steps.back')}
        </Button>
        <Button busy={moving === 'next'} disabled={moving === 'back'} busyText={t('steps.moving')} onClick={() => void move('next')}>
          {t('steps.continue')}
        </Button>
      </div>
      <ConnectStoreModal
        open={modal.open}
        integration={modal.open ? modal.integration : undefined}
        initialStep={modal.open ? modal.initialStep : undefined}
        page={stepPage}
        onCompleted={() => void mutate()}
        onClose={() => setModal({ open: false })}
      />
    </div>
  );
}

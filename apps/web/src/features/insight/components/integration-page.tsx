import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { ConnectStoreModal } from '../../connections/public.ts';
import { clearOnboardingStore, readOnboardingStore } from '../onboarding-store.ts';
import { OnboardingSteps } from './store-address-page.tsx';
import { InsightSection } from './insight-section.tsx';
import styles from './insight.module.css';

/**
 * `/worq-insight/onboarding/integration`: the connections flow (fields, how-to drawer, Amazon and
 * Ideasoft redirects) opened on the recognised marketplace with what the address told us. A
 * connected store starts importing its orders on the server; the dashboard shows the import.
 */
export function Component() {
  const { t } = useTranslation('insight');
  const navigate = useNavigate();
  const [store] = useState(readOnboardingStore);
  const [open, setOpen] = useState(true);
  const done = () => {
    clearOnboardingStore();
    void navigate('/worq-insight');
  };
  return (
    <div className={styles.page}>
      <PageHeader title={t('onboarding.title')} />
      <OnboardingSteps current={1} />
      <InsightSection id="integration-heading" title={t('onboarding.integration_heading')}>
        <p className={styles.muted}>{t('onboarding.integration_help')}</p>
        <div className={styles.actions}>
          <Button onClick={() => setOpen(true)}>{t('onboarding.open_form')}</Button>
          <Link to="/worq-insight/onboarding/store-address">{t('onboarding.back')}</Link>
        </div>
      </InsightSection>
      <ConnectStoreModal
        open={open}
        // Closing the flow after the store connected ("Later" on the company step) also leads to the
        // dashboard, which shows the import; closing before that shows an empty dashboard with a way back.
        onClose={done}
        onCompleted={done}
        page="/worq-insight"
        {...(store
          ? {
              prefill: {
                marketplaceCode: store.marketplaceCode,
                storeName: store.storeName,
                storeLink: store.storeLink,
                sellerId: store.sellerId,
              },
            }
          : {})}
      />
    </div>
  );
}

import type { UpsertBody } from '@worq/domain/wire/marketplace';
import { useTranslation } from '../../../lib/i18n.ts';
import { Button } from '../../../components/ui/button.tsx';
import type { Integration } from '../api/integrations.ts';
import type { Marketplace } from '../api/marketplaces.ts';
import type { StorePrefill } from './connect-store-modal.tsx';
import { HowToDrawer } from './how-to-drawer.tsx';
import { IntegrationForm } from './integration-form.tsx';
import styles from './connections.module.css';

interface IntegrationStepProps {
  formId: string;
  marketplace: Marketplace;
  integration: Integration | undefined;
  prefill: StorePrefill | undefined;
  onSubmit: (body: UpsertBody) => Promise<void>;
  onDirtyChange: (dirty: boolean) => void;
  onBack: () => void;
  howToOpen: boolean;
  onHowToChange: (open: boolean) => void;
  verifying: boolean;
  submitting: boolean;
  taskError: string | null;
}

/** Step 2 of the connect-store modal: the marketplace's form, its buttons and its how-to drawer. */
export function IntegrationStep({
  formId,
  marketplace,
  integration,
  prefill,
  onSubmit,
  onDirtyChange,
  onBack,
  howToOpen,
  onHowToChange,
  verifying,
  submitting,
  taskError,
}: IntegrationStepProps) {
  const { t } = useTranslation('connections');
  const oauth = marketplace.auth_type === 'oauth' || marketplace.code === 'amazon';
  return (
    <div className={styles.stepBody}>
      <h3 className={styles.stepHeading}>{marketplace.name}</h3>
      <IntegrationForm
        key={marketplace.id}
        id={formId}
        marketplace={marketplace}
        integration={integration}
        prefill={prefill}
        onSubmit={onSubmit}
        onDirtyChange={onDirtyChange}
        onHowTo={() => onHowToChange(true)}
        busy={verifying}
        taskError={taskError}
      />
      <div className={styles.stepActions}>
        {!integration && (
          <Button variant="ghost" disabled={verifying || submitting} onClick={onBack}>
            {t('modal.back')}
          </Button>
        )}
        {!oauth && (
          <Button type="submit" form={formId} busy={verifying || submitting} busyText={t('form.submitting')}>
            {integration ? t('form.update_submit') : t('form.submit')}
          </Button>
        )}
      </div>
      <HowToDrawer code={marketplace.code} open={howToOpen} onClose={() => onHowToChange(false)} />
    </div>
  );
}

import type { UpsertBody } from '@worq/domain/wire/marketplace';
import { useTranslation } from '../../../lib/i18n.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FormError } from '../../../components/ui/form/form-error.tsx';
import { TextField } from '../../../components/ui/form/text-field.tsx';
import { InfoIcon } from '../../../components/ui/icon.tsx';
import type { Integration } from '../api/integrations.ts';
import type { Marketplace } from '../api/marketplaces.ts';
import { marketplaceLogoUrl } from '../marketplace-catalogue.ts';
import { AmazonRegionFields } from './amazon-region-fields.tsx';
import { CredentialFields } from './credential-fields.tsx';
import { useIntegrationForm } from './use-integration-form.ts';
import styles from './connections.module.css';

export interface IntegrationFormProps {
  id: string;
  marketplace: Marketplace;
  /** The integration being updated or reconnected; its non-secret details are pre-filled. */
  integration?: Integration;
  /** Details known before the form opens (a recognised store address). */
  prefill?: { storeName?: string | null; storeLink?: string | null; sellerId?: string | null } | undefined;
  onSubmit: (body: UpsertBody) => Promise<void>;
  onDirtyChange?: (dirty: boolean) => void;
  onHowTo: () => void;
  /** Set while the connection is being verified, or when it failed (the task's message). */
  busy?: boolean;
  taskError?: string | null;
}

/**
 * Step 2 of the connect-integration flow: the marketplace's own fields (text, secret with show/hide,
 * url) and a store name; Amazon instead has a region choice and authorization in a popup window.
 */
export function IntegrationForm({
  id,
  marketplace,
  integration,
  prefill,
  onSubmit,
  onDirtyChange,
  onHowTo,
  busy = false,
  taskError = null,
}: IntegrationFormProps) {
  const { t } = useTranslation('connections');
  const form = useIntegrationForm({ marketplace, integration, prefill, onSubmit, onDirtyChange, busy });
  const { register, errors, disabled } = form;

  return (
    <form id={id} className={styles.form} onSubmit={form.submit} noValidate aria-busy={busy || undefined}>
      <div className={styles.formIntro}>
        <img src={marketplaceLogoUrl(marketplace.code)} alt="" className={styles.formLogo} width={96} height={32} />
        <Button variant="ghost" size="sm" icon={<InfoIcon />} onClick={onHowTo}>
          {t('form.how_to')}
        </Button>
      </div>
      <TextField
        label={t('form.store_name')}
        requiredMark
        hint={t('form.store_name_hint')}
        disabled={disabled}
        error={errors.store_name?.message}
        {...register('store_name')}
      />
      {form.oauth ? (
        <AmazonRegionFields
          formId={id}
          regions={form.regions}
          register={register}
          errors={errors}
          disabled={disabled}
          waiting={Boolean(form.amazonState)}
          error={form.amazonError}
          onAuthorize={form.authorizeOnAmazon}
        />
      ) : (
        <CredentialFields
          fields={form.fields}
          register={register}
          errors={errors}
          disabled={disabled}
          ideasoft={form.ideasoft}
          updating={Boolean(integration)}
        />
      )}
      {busy && (
        <p className={styles.note} role="status">
          {t('form.verifying')}
        </p>
      )}
      {form.consentUrl && (
        <p className={styles.note} role="status">
          {t('ideasoft.redirecting')}
        </p>
      )}
      <FormError>{form.ideasoftError ?? taskError}</FormError>
    </form>
  );
}

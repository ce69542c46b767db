import type { AmazonRegion } from '@worq/domain/wire/choices';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FieldError, FormError } from '../../../components/ui/form/form-error.tsx';
import { ExternalLinkIcon } from '../../../components/ui/icon.tsx';
import type { IntegrationValues } from './use-integration-schema.ts';
import nativeFields from '../../../components/ui/form/native-fields.module.css';
import styles from './connections.module.css';

interface AmazonRegionFieldsProps {
  /** The form's id, the prefix of the region error's id. */
  formId: string;
  regions: readonly AmazonRegion[];
  register: UseFormRegister<IntegrationValues>;
  errors: FieldErrors<IntegrationValues>;
  disabled: boolean;
  /** An authorization is open in the popup, waiting for the callback page. */
  waiting: boolean;
  error: string | null;
  onAuthorize: () => void;
}

/** Amazon's part of the integration form: the region choice and the button that opens the authorization popup. */
export function AmazonRegionFields({ formId, regions, register, errors, disabled, waiting, error, onAuthorize }: AmazonRegionFieldsProps) {
  const { t } = useTranslation('connections');
  const regionErrorId = `${formId}-region-error`;
  return (
    <>
      <fieldset className={nativeFields.choiceStack} disabled={disabled} aria-describedby={errors.region ? regionErrorId : undefined}>
        <legend className={styles.legend}>{t('amazon.region_legend')}</legend>
        <div className={styles.choices}>
          {regions.map((region) => (
            <label key={region} className={styles.choice}>
              <input type="radio" value={region} {...register('region')} />
              <span>{t(`amazon.regions.${region}`, { defaultValue: region })}</span>
            </label>
          ))}
        </div>
        <FieldError id={regionErrorId} message={errors.region?.message} />
      </fieldset>
      <p className={styles.note}>{waiting ? t('amazon.waiting') : t('amazon.note')}</p>
      <FormError>{error}</FormError>
      <div>
        <Button variant="secondary" icon={<ExternalLinkIcon />} busy={disabled} onClick={onAuthorize}>
          {t('amazon.authorize')}
        </Button>
      </div>
    </>
  );
}

import type { MarketplaceField } from '@worq/domain/wire/marketplace';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n.ts';
import { PasswordField } from '../../../components/ui/form/password-field.tsx';
import { TextField } from '../../../components/ui/form/text-field.tsx';
import type { IntegrationValues } from './use-integration-schema.ts';
import styles from './connections.module.css';

interface CredentialFieldsProps {
  fields: MarketplaceField[];
  register: UseFormRegister<IntegrationValues>;
  errors: FieldErrors<IntegrationValues>;
  disabled: boolean;
  ideasoft: boolean;
  /** An existing store is being updated: its secrets must be typed again. */
  updating: boolean;
}

/** The marketplace's own fields (text, secret with show/hide, url) and the store address. */
export function CredentialFields({ fields, register, errors, disabled, ideasoft, updating }: CredentialFieldsProps) {
  const { t } = useTranslation('connections');
  const fieldLabel = (field: MarketplaceField) =>
    t(`form.fields.${field.name}`, { defaultValue: field.name.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase()) });

  return (
    <>
      {ideasoft && <p className={styles.note}>{t('ideasoft.note')}</p>}
      {updating && fields.some((field) => field.type === 'secret') && <p className={styles.note}>{t('form.secrets_again')}</p>}
      {fields.map((field) => {
        const label = fieldLabel(field);
        const common = {
          label,
          requiredMark: field.required,
          disabled,
          error: errors.credentials?.[field.name]?.message,
          ...register(`credentials.${field.name}`),
        };
        if (field.type === 'secret') {
          return (
            <PasswordField
              key={field.name}
              {...common}
              autoComplete="new-password"
              showLabel={t('form.show_secret', { field: label })}
              hideLabel={t('form.hide_secret', { field: label })}
            />
          );
        }
        return (
          <TextField
            key={field.name}
            {...common}
            type={field.type === 'url' ? 'url' : 'text'}
            inputMode={field.type === 'url' ? 'url' : undefined}
            autoComplete="off"
            spellCheck={false}
          />
        );
      })}
      <TextField
        label={t('form.store_link')}
        type="url"
        inputMode="url"
        disabled={disabled}
        error={errors.store_link?.message}
        {...register('store_link')}
      />
    </>
  );
}

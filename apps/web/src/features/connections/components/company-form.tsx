import type { CompanyInput } from '@worq/domain/wire/company';
import { useTranslation } from '../../../lib/i18n.ts';
import { TextField } from '../../../components/ui/form/text-field.tsx';
import { CompanyTypeFieldset } from './company-type-fieldset.tsx';
import { SoleProprietorFields } from './sole-proprietor-fields.tsx';
import { useCompanyForm } from './use-company-form.ts';
import styles from './connections.module.css';

export { companyTypes } from './company-type-fieldset.tsx';

export interface CompanyFormProps {
  /** The form's id, so a button outside it (a modal footer) can submit it with `form=`. */
  id: string;
  onSubmit: (company: CompanyInput) => Promise<void> | void;
  /** Reports unsaved changes, for a leave warning owned by the caller. */
  onDirtyChange?: (dirty: boolean) => void;
  /** Reports a submission under way, so the caller can show a busy submit button. */
  onBusyChange?: (busy: boolean) => void;
  disabled?: boolean;
}

/**
 * Company details (specification §3, §5): type, tax number (10 digits, VKN checksum, server check
 * on leaving the field), owner's full name, trade name, tax office; sole proprietorships add the
 * owner's national ID (11 digits, TCKN checksum, server check) and birth date.
 * Reused by the WorqTrade onboarding's connect-store step.
 */
export function CompanyForm({ id, onSubmit, onDirtyChange, onBusyChange, disabled = false }: CompanyFormProps) {
  const { t } = useTranslation('connections');
  const { labels, register, control, errors, soleProprietorship, checking, serverCheck, submit } = useCompanyForm({
    onSubmit,
    onDirtyChange,
    onBusyChange,
  });

  return (
    <form id={id} className={styles.form} onSubmit={submit} noValidate>
      <CompanyTypeFieldset formId={id} legend={labels.type} register={register} errors={errors} disabled={disabled} />
      <TextField
        label={labels.tax_number}
        requiredMark
        inputMode="numeric"
        autoComplete="off"
        maxLength={10}
        disabled={disabled}
        error={errors.tax_number?.message}
        hint={checking.tax_number ? t('company_form.checking') : undefined}
        {...register('tax_number', { onBlur: (event) => void serverCheck('tax_number', String(event.target.value).trim()) })}
      />
      <div className={styles.row}>
        <TextField
          label={labels.official_full_name}
          requiredMark
          autoComplete="name"
          disabled={disabled}
          error={errors.official_full_name?.message}
          {...register('official_full_name')}
        />
        <TextField
          label={labels.trade_name}
          requiredMark
          autoComplete="organization"
          disabled={disabled}
          error={errors.trade_name?.message}
          {...register('trade_name')}
        />
      </div>
      <TextField label={labels.tax_office} disabled={disabled} error={errors.tax_office?.message} {...register('tax_office')} />
      {soleProprietorship && (
        <SoleProprietorFields
          labels={labels}
          register={register}
          control={control}
          errors={errors}
          disabled={disabled}
          checking={checking.national_id}
          onNationalIdBlur={(value) => void serverCheck('national_id', value)}
        />
      )}
    </form>
  );
}

import { Controller, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n.ts';
import { DatePicker } from '../../../components/ui/date-picker.tsx';
import { TextField } from '../../../components/ui/form/text-field.tsx';
import type { CompanyLabels, CompanyValues } from './use-company-schema.ts';
import styles from './connections.module.css';

function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

interface SoleProprietorFieldsProps {
  labels: CompanyLabels;
  register: UseFormRegister<CompanyValues>;
  control: Control<CompanyValues>;
  errors: FieldErrors<CompanyValues>;
  disabled: boolean;
  /** The national ID's server check is running. */
  checking: boolean;
  onNationalIdBlur: (value: string) => void;
}

/** What a sole proprietorship adds: the owner's national ID and birth date. */
export function SoleProprietorFields({
  labels,
  register,
  control,
  errors,
  disabled,
  checking,
  onNationalIdBlur,
}: SoleProprietorFieldsProps) {
  const { t } = useTranslation('connections');
  return (
    <div className={styles.soleFields}>
      <p className={styles.note}>{t('company_form.sole_note')}</p>
      <TextField
        label={labels.national_id}
        requiredMark
        inputMode="numeric"
        autoComplete="off"
        maxLength={11}
        disabled={disabled}
        error={errors.national_id?.message}
        hint={checking ? t('company_form.checking') : undefined}
        {...register('national_id', { onBlur: (event) => onNationalIdBlur(String(event.target.value).trim()) })}
      />
      <Controller
        control={control}
        name="birth_date"
        render={({ field }) => (
          <DatePicker
            label={labels.birth_date}
            required
            value={field.value}
            onChange={field.onChange}
            max={today()}
            disabled={disabled}
            error={errors.birth_date?.message}
          />
        )}
      />
    </div>
  );
}

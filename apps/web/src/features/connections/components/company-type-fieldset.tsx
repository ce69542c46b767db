import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n.ts';
import { FieldError } from '../../../components/ui/form/form-error.tsx';
import type { CompanyValues } from './use-company-schema.ts';
import nativeFields from '../../../components/ui/form/native-fields.module.css';
import styles from './connections.module.css';

export const companyTypes = [1, 2, 3] as const;

interface CompanyTypeFieldsetProps {
  /** The form's id, the prefix of the type error's id. */
  formId: string;
  legend: string;
  register: UseFormRegister<CompanyValues>;
  errors: FieldErrors<CompanyValues>;
  disabled: boolean;
}

/** The company type, a required choice of three. */
export function CompanyTypeFieldset({ formId, legend, register, errors, disabled }: CompanyTypeFieldsetProps) {
  const { t } = useTranslation('connections');
  const typeErrorId = `${formId}-type-error`;
  return (
    <fieldset
      role="radiogroup"
      className={nativeFields.choiceStack}
      disabled={disabled}
      aria-invalid={errors.type ? true : undefined}
      aria-describedby={errors.type ? typeErrorId : undefined}
    >
      <legend className={styles.legend}>
        {legend}
        <span className={styles.required} aria-hidden="true">
          *
        </span>
      </legend>
      <div className={styles.choices}>
        {companyTypes.map((value) => (
          <label key={value} className={styles.choice}>
            <input type="radio" value={String(value)} {...register('type')} />
            <span>{t(`company_form.types.${value}`)}</span>
          </label>
        ))}
      </div>
      <FieldError id={typeErrorId} message={errors.type?.message} />
    </fieldset>
  );
}

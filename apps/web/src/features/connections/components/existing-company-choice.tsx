import type { FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import type { Company } from '../api/integration-details.ts';
import nativeFields from '../../../components/ui/form/native-fields.module.css';
import styles from './connections.module.css';

interface ExistingCompanyChoiceProps {
  /** Set while this form is the one the step's submit button sends. */
  formId: string | undefined;
  companies: Company[];
  choice: string;
  /** An existing company, by id. */
  onChoose: (companyId: string) => void;
  onChooseNew: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  disabled: boolean;
}

/** The seller's companies to link the store to, and "a new company". */
export function ExistingCompanyChoice({
  formId,
  companies,
  choice,
  onChoose,
  onChooseNew,
  onSubmit,
  disabled,
}: ExistingCompanyChoiceProps) {
  const { t } = useTranslation('connections');
  return (
    <form id={formId} onSubmit={onSubmit} noValidate>
      <fieldset className={nativeFields.choiceStack} disabled={disabled}>
        <legend className={styles.legend}>{t('company_step.choose_legend')}</legend>
        <div className={styles.choiceColumn}>
          {companies.map((company) => (
            <label key={company.id} className={styles.choice}>
              <input type="radio" name="company" value={company.id} checked={choice === company.id} onChange={() => onChoose(company.id)} />
              <span>{t('company_step.existing', { name: company.trade_name, tax_number: company.tax_number })}</span>
            </label>
          ))}
          <label className={styles.choice}>
            <input type="radio" name="company" value="new" checked={choice === 'new'} onChange={onChooseNew} />
            <span>{t('company_step.new_company')}</span>
          </label>
        </div>
      </fieldset>
    </form>
  );
}

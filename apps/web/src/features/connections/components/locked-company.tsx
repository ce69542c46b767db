import { useTranslation } from '../../../lib/i18n.ts';
import { Button } from '../../../components/ui/button.tsx';
import type { Company } from '../api/integration-details.ts';
import { useDomainMessage } from '../../../lib/use-domain-message.ts';
import { SupportLink } from './support-link.tsx';
import styles from './connections.module.css';

interface LockedCompanyProps {
  company: Company;
  onDone: () => void;
}

/** A store that already has a company shows it read-only: only the support team changes it. */
export function LockedCompany({ company, onDone }: LockedCompanyProps) {
  const { t } = useTranslation('connections');
  const message = useDomainMessage();
  return (
    <div className={styles.stepBody}>
      <h3 className={styles.stepHeading}>{t('company_step.locked_title')}</h3>
      <dl className={styles.companyDetails}>
        <dt>{t('company_form.type_legend')}</dt>
        <dd>{t(`company_form.types.${company.type}`)}</dd>
        <dt>{t('company_form.tax_number')}</dt>
        <dd>{company.tax_number}</dd>
        <dt>{t('company_form.official_full_name')}</dt>
        <dd>{company.official_full_name}</dd>
        <dt>{t('company_form.trade_name')}</dt>
        <dd>{company.trade_name}</dd>
        {company.tax_office && (
          <>
            <dt>{t('company_form.tax_office')}</dt>
            <dd>{company.tax_office}</dd>
          </>
        )}
      </dl>
      <p className={styles.note}>
        {message('company_locked')} <SupportLink />
      </p>
      <div className={styles.stepActions}>
        <Button onClick={onDone}>{t('company_step.done')}</Button>
      </div>
    </div>
  );
}

import { useTranslation } from '../../../lib/i18n.ts';
import { DefinitionList } from '../../../components/ui/definition-list.tsx';
import { marketplaceName, type IntegrationDetails } from '../../connections/public.ts';
import { useDomainMessage } from '../../../lib/use-domain-message.ts';
import { SummaryCard, type SummaryCardProps } from './summary-plan-card.tsx';
import styles from './worq-trade.module.css';

/** The summary's stores card: each linked company with its stores, with a way back to step 2. */
export function SummaryStoresCard({ groups, ...card }: SummaryCardProps & { groups: IntegrationDetails['companies'] }) {
  const { t } = useTranslation('worq-trade');
  const message = useDomainMessage();
  return (
    <SummaryCard {...card} step={2} title={t('summary.stores_title')} editLabel={t('summary.edit_stores')}>
      {groups.length === 0 ? (
        <p className={styles.storeProblem}>{message('integration_not_found')}</p>
      ) : (
        <div className={styles.cardBody}>
          {groups.map(({ company, integrations }) => (
            <section key={company.id} className={styles.companyGroup} aria-label={company.trade_name}>
              <DefinitionList
                className={styles.figures}
                items={[
                  { label: t('summary.company.trade_name'), value: company.trade_name },
                  { label: t('summary.company.type'), value: t(`summary.company.types.${company.type}`) },
                  { label: t('summary.company.tax_number'), value: company.tax_number },
                  { label: t('summary.company.official_full_name'), value: company.official_full_name },
                ]}
              />
              <ul className={styles.summaryStores}>
                {integrations.map((integration) => (
                  <li key={integration.id}>
                    <strong>{integration.store_name}</strong>{' '}
                    <span className={styles.note}>{marketplaceName(integration.marketplace_code)}</span>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </SummaryCard>
  );
}

import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { marketplaceName, type IntegrationDetails } from '../../connections/public.ts';
import { useDomainMessage } from '../../../lib/use-domain-message.ts';
import type { SummaryCardProps } from './summary-plan-card.tsx';
import styles from './worq-trade.module.css';

/** The summary's stores card: each linked company with its stores, with a way back to step 2. */
export function SummaryStoresCard({ groups, editing, submitting, onEdit }: SummaryCardProps & { groups: IntegrationDetails['companies'] }) {
  const { t } = useTranslation('worq-trade');
  const message = useDomainMessage();
  return (
    <Card
      title={t('summary.stores_title')}
      actions={
        <Button variant="tertiary" size="sm" busy={editing === 2} disabled={editing !== null || submitting} onClick={() => void onEdit(2)}>
          {t('summary.edit_stores')}
        </Button>
      }
    >
      {groups.length === 0 ? (
        <p className={styles.storeProblem}>{message('integration_not_found')}</p>
      ) : (
        <div className={styles.cardBody}>
          {groups.map(({ company, integrations }) => (
            <section key={company.id} className={styles.companyGroup} aria-label={company.trade_name}>
              <dl className={styles.figures}>
                <div>
                  <dt>{t('summary.company.trade_name')}</dt>
                  <dd>{company.trade_name}</dd>
                </div>
                <div>
                  <dt>{t('summary.company.type')}</dt>
                  <dd>{t(`summary.company.types.${company.type}`)}</dd>
                </div>
                <div>
                  <dt>{t('summary.company.tax_number')}</dt>
                  <dd>{company.tax_number}</dd>
                </div>
                <div>
                  <dt>{t('summary.company.official_full_name')}</dt>
                  <dd>{company.official_full_name}</dd>
                </div>
              </dl>
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
    </Card>
  );
}

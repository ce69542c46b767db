import { adminStoreStatuses } from '@worq/domain/wire/choices';
import { useTranslation } from '../../../lib/i18n.ts';
import { Card } from '../../../components/ui/card.tsx';
import { ExternalLinkIcon } from '../../../components/ui/icon.tsx';
import type { ApplicationReview, StoreStatus } from '../api/application-review.ts';
import { formatDate } from '../../../lib/format.ts';
import { Facts } from './review-facts.tsx';
import { StoreStatusTag } from './status-tag.tsx';
import styles from './application-review-page.module.css';

const storeStatuses: readonly StoreStatus[] = adminStoreStatuses;

export function StoresSection({ application }: { application: ApplicationReview }) {
  const { t, i18n } = useTranslation('admin');
  const stores = application.integrations;
  return (
    <Card title={t('review.stores.title')}>
      {stores.length === 0 ? (
        <p className={styles.none}>{t('review.stores.none')}</p>
      ) : (
        <ul className={styles.stores}>
          {stores.map((store) => {
            const atSubmission = storeStatuses.find((status) => status === store.status_at_submission);
            return (
              <li key={store.id} className={styles.store}>
                <div className={styles.storeTop}>
                  <span className={styles.storeName}>
                    {store.store_link ? (
                      <a
                        href={store.store_link}
                        target="_blank"
                        rel="noreferrer noopener"
                        className={styles.link}
                        aria-label={t('review.stores.open_store', { name: store.store_name })}
                      >
                        {store.store_name}
                        <ExternalLinkIcon size={14} />
                      </a>
                    ) : (
                      store.store_name
                    )}
                  </span>
                  <StoreStatusTag status={store.status} />
                </div>
                <Facts
                  items={[
                    [t('review.stores.marketplace'), store.marketplace_name ?? store.marketplace_code ?? '—'],
                    [t('review.stores.company'), store.company_title ?? '—'],
                    [t('review.stores.connected_at'), formatDate(store.connected_at, i18n.language)],
                  ]}
                />
                {atSubmission && atSubmission !== store.status && (
                  <p className={styles.none}>{t('review.stores.at_submission', { status: t(`store_status.${atSubmission}`) })}</p>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}

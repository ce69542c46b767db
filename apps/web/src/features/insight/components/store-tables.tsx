import { useTranslation } from 'react-i18next';
import type { Overview } from '@worq/domain/wire/insight';
import { formatMoney, formatNumber, formatPercent } from '../period.ts';
import styles from './insight.module.css';

export function StoreTable({ overview }: { overview: Overview }) {
  const { t, i18n } = useTranslation('insight');
  const language = i18n.language;
  const total = overview.totals.revenue;
  return (
    <section className={styles.section} aria-labelledby="insight-stores">
      <h2 id="insight-stores" className={styles.sectionTitle}>
        {t('by_store.title')}
      </h2>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t('by_store.store')}</th>
              <th scope="col" className={styles.numeric}>
                {t('by_store.revenue')}
              </th>
              <th scope="col" className={styles.numeric}>
                {t('by_store.orders')}
              </th>
              <th scope="col" className={styles.numeric}>
                {t('by_store.share')}
              </th>
            </tr>
          </thead>
          <tbody>
            {overview.by_marketplace.map((store) => (
              <tr key={store.integration_id}>
                <td>
                  {store.store_name}{' '}
                  <span className={styles.muted}>
                    ·{' '}
                    {overview.sync.find((entry) => entry.integration_id === store.integration_id)?.marketplace_name ??
                      store.marketplace_code}
                  </span>
                </td>
                <td className={styles.numeric}>{formatMoney(store.revenue, language)}</td>
                <td className={styles.numeric}>{formatNumber(store.orders, language)}</td>
                <td className={styles.numeric}>{formatPercent(total > 0 ? store.revenue / total : 0, language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

export function ProductTable({ overview }: { overview: Overview }) {
  const { t, i18n } = useTranslation('insight');
  const language = i18n.language;
  return (
    <section className={styles.section} aria-labelledby="insight-products">
      <h2 id="insight-products" className={styles.sectionTitle}>
        {t('products.title')}
      </h2>
      {overview.top_products.length === 0 ? (
        <p className={styles.muted}>{t('products.empty')}</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t('products.product')}</th>
                <th scope="col" className={styles.numeric}>
                  {t('products.units')}
                </th>
                <th scope="col" className={styles.numeric}>
                  {t('products.revenue')}
                </th>
              </tr>
            </thead>
            <tbody>
              {overview.top_products.map((product) => (
                <tr key={product.sku}>
                  <td>
                    {product.name} <span className={styles.muted}>· {product.sku}</span>
                  </td>
                  <td className={styles.numeric}>{formatNumber(product.units, language)}</td>
                  <td className={styles.numeric}>{formatMoney(product.revenue, language)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

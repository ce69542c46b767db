import { useTranslation } from '../../../lib/i18n.ts';
import type { Overview } from '@worq/domain/wire/insight';
import { formatLira, formatNumber, formatPercent } from '../../../lib/format.ts';
import { figureLira } from '../period.ts';
import { InsightSection } from './insight-section.tsx';
import styles from './insight.module.css';
import { TableHead } from '../../../components/ui/table-head.tsx';

export function StoreTable({ overview }: { overview: Overview }) {
  const { t, i18n } = useTranslation('insight');
  const language = i18n.language;
  const total = overview.totals.revenue;
  return (
    <InsightSection id="insight-stores" title={t('by_store.title')}>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <TableHead
            columns={[
              t('by_store.store'),
              { label: t('by_store.revenue'), className: styles.numeric },
              { label: t('by_store.orders'), className: styles.numeric },
              { label: t('by_store.share'), className: styles.numeric },
            ]}
          />
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
                <td className={styles.numeric}>{formatLira(store.revenue, figureLira)}</td>
                <td className={styles.numeric}>{formatNumber(store.orders, language)}</td>
                <td className={styles.numeric}>{formatPercent(total > 0 ? store.revenue / total : 0, language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </InsightSection>
  );
}

export function ProductTable({ overview }: { overview: Overview }) {
  const { t, i18n } = useTranslation('insight');
  const language = i18n.language;
  return (
    <InsightSection id="insight-products" title={t('products.title')}>
      {overview.top_products.length === 0 ? (
        <p className={styles.muted}>{t('products.empty')}</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <TableHead
              columns={[
                t('products.product'),
                { label: t('products.units'), className: styles.numeric },
                { label: t('products.revenue'), className: styles.numeric },
              ]}
            />
            <tbody>
              {overview.top_products.map((product) => (
                <tr key={product.sku}>
                  <td>
                    {product.name} <span className={styles.muted}>· {product.sku}</span>
                  </td>
                  <td className={styles.numeric}>{formatNumber(product.units, language)}</td>
                  <td className={styles.numeric}>{formatLira(product.revenue, figureLira)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </InsightSection>
  );
}

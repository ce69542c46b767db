import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Tag } from '../../../components/ui/tag.tsx';
import { syncStore, type Overview, type StoreSync, type Tip, type Totals } from '../api/insight.ts';
import { changeOf, formatDateTime, formatMoney, formatNumber, formatPercent } from '../period.ts';
import { trackSync } from '../track-sync.ts';
import styles from './insight.module.css';

type KpiKey = 'revenue' | 'orders' | 'units' | 'average_order_value' | 'cancellation_rate' | 'return_rate';
const kpis: KpiKey[] = ['revenue', 'orders', 'units', 'average_order_value', 'cancellation_rate', 'return_rate'];
/** Rates going up is bad news; everything else going up is good news. */
const lowerIsBetter = new Set<KpiKey>(['cancellation_rate', 'return_rate']);

export function KpiList({ totals, previous }: { totals: Totals; previous: Totals }) {
  const { t, i18n } = useTranslation('insight');
  const language = i18n.language;
  const show = (key: KpiKey, value: number) =>
    key === 'revenue' || key === 'average_order_value'
      ? formatMoney(value, language)
      : key.endsWith('rate')
        ? formatPercent(value, language)
        : formatNumber(value, language);
  return (
    <ul className={styles.kpis}>
      {kpis.map((key) => {
        const change = changeOf(totals[key], previous[key]);
        const good = change !== null && change !== 0 && change > 0 !== lowerIsBetter.has(key);
        const signed = change === null ? '' : `${change > 0 ? '+' : ''}${formatPercent(change, language)}`;
        return (
          <li key={key} className={styles.kpi} data-kpi={key}>
            <span className={styles.kpiLabel}>{t(`kpi.${key}`)}</span>
            <span className={styles.kpiValue}>{show(key, totals[key])}</span>
            <span className={[styles.kpiChange, change ? (good ? styles.up : styles.down) : ''].join(' ')}>
              {change === null ? t('kpi.no_change') : t('kpi.change', { change: signed })}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

const severityColor = { warning: 'orange', opportunity: 'green', info: 'blue' } as const;

export function TipList({ tips }: { tips: Tip[] }) {
  const { t } = useTranslation('insight');
  if (tips.length === 0) return <p className={styles.muted}>{t('tips.empty')}</p>;
  return (
    <ul className={styles.tips}>
      {tips.map((tip) => (
        <li key={`${tip.code}-${tip.title}`} className={styles.tip} data-severity={tip.severity}>
          <Tag color={severityColor[tip.severity]}>{t(`tips.severity.${tip.severity}`)}</Tag>
          <h3>{tip.title}</h3>
          <p>{tip.body}</p>
          {tip.action && (
            <Link className={styles.linkButton} to={tip.action.href}>
              {t(`tips.action.${tip.action.kind}`, { defaultValue: tip.title })}
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}

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

const stateColor = { never: 'gray', running: 'blue', ok: 'green', failed: 'red' } as const;

export function SyncTable({ sync, onSynced }: { sync: StoreSync[]; onSynced: () => void }) {
  const { t, i18n } = useTranslation('insight');
  const [busy, setBusy] = useState<string | null>(null);
  const syncNow = async (entry: StoreSync) => {
    setBusy(entry.integration_id);
    try {
      const { request_id } = await syncStore(entry.integration_id);
      trackSync(request_id, () => onSynced());
      onSynced();
    } catch {
      // The HTTP client has shown the server's message as a toast.
    } finally {
      setBusy(null);
    }
  };
  return (
    <section className={styles.section} aria-labelledby="insight-sync">
      <h2 id="insight-sync" className={styles.sectionTitle}>
        {t('sync.title')}
      </h2>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t('sync.store')}</th>
              <th scope="col">{t('sync.state')}</th>
              <th scope="col">{t('sync.last')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('sync.sync_now')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {sync.map((entry) => (
              <tr key={entry.integration_id} data-sync-state={entry.state}>
                <td>
                  {entry.store_name} <span className={styles.muted}>· {entry.marketplace_name}</span>
                  {entry.state === 'failed' && entry.message && <p className={styles.muted}>{entry.message}</p>}
                </td>
                <td>
                  {entry.connection_status === 'out_of_date' ? (
                    <Link to="/connections">{t('sync.update_connection')}</Link>
                  ) : (
                    <Tag color={stateColor[entry.state]}>{t(`sync.states.${entry.state}`)}</Tag>
                  )}
                </td>
                <td>{entry.last_synced_at ? formatDateTime(entry.last_synced_at, i18n.language) : t('sync.never_synced')}</td>
                <td>
                  {entry.connection_status === 'active' && (
                    <Button
                      variant="secondary"
                      size="sm"
                      busy={busy === entry.integration_id || entry.state === 'running'}
                      aria-label={t('sync.sync_store', { store: entry.store_name })}
                      onClick={() => void syncNow(entry)}
                    >
                      {t('sync.sync_now')}
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

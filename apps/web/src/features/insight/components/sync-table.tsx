import { useTranslation } from '../../../lib/i18n.ts';
import { Link } from 'react-router';
import type { StoreSync } from '@worq/domain/wire/insight';
import { Button } from '../../../components/ui/button.tsx';
import { Tag } from '../../../components/ui/tag.tsx';
import { TableHead } from '../../../components/ui/table-head.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { ImportProgress, isFirstImport } from './import-progress.tsx';
import { InsightSection } from './insight-section.tsx';
import styles from './insight.module.css';
import { useSyncNow } from './use-sync-now.ts';

const stateColor = { never: 'gray', running: 'blue', ok: 'green', failed: 'red' } as const;

export function SyncTable({ sync, onSynced }: { sync: StoreSync[]; onSynced: () => void }) {
  const { t, i18n } = useTranslation('insight');
  const { busy, syncNow } = useSyncNow(onSynced);
  return (
    <InsightSection id="insight-sync" title={t('sync.title')}>
      <div className={styles.tableWrap}>
        {/* On phones each store is a stacked block (insight.module.css .syncTable) so "sync now" stays in view. */}
        <table className={`${styles.table} ${styles.syncTable}`}>
          <TableHead
            columns={[t('sync.store'), t('sync.state'), t('sync.last'), <span className="visually-hidden">{t('sync.sync_now')}</span>]}
          />
          <tbody>
            {sync.map((entry) => (
              <tr key={entry.integration_id} data-sync-state={entry.state}>
                <td>
                  {entry.store_name} <span className={styles.muted}>· {entry.marketplace_name}</span>
                  {entry.source_verified === false && (
                    <>
                      {' '}
                      <Tag color="orange" size="sm" title={t('sync.unverified_hint')}>
                        {t('sync.unverified')}
                      </Tag>
                    </>
                  )}
                  {(entry.state === 'failed' || entry.state === 'running') && entry.message && (
                    <p className={styles.muted}>{entry.message}</p>
                  )}
                  {typeof entry.history_days === 'number' && (
                    <p className={styles.muted}>{t('sync.history_days', { count: entry.history_days, amount: entry.history_days })}</p>
                  )}
                  {entry.unclassified_orders ? (
                    <p className={styles.muted}>
                      {t('sync.unclassified', { count: entry.unclassified_orders, amount: entry.unclassified_orders })}
                    </p>
                  ) : null}
                </td>
                <td data-label={t('sync.state')}>
                  {entry.connection_status === 'out_of_date' ? (
                    <Link to="/connections">{t('sync.update_connection')}</Link>
                  ) : (
                    <Tag color={stateColor[entry.state]}>{t(`sync.states.${entry.state}`)}</Tag>
                  )}
                </td>
                <td data-label={t('sync.last')}>
                  {entry.last_synced_at && (
                    <span className={styles.lastSynced}>
                      {formatDateTime(entry.last_synced_at, i18n.language, { style: 'short', istanbul: true, empty: '' })}
                    </span>
                  )}
                  {/* A first import under way: its recent days, then its older history. */}
                  {entry.import || isFirstImport(entry) ? (
                    <ImportProgress entry={entry} />
                  ) : (
                    !entry.last_synced_at && t('sync.never_synced')
                  )}
                </td>
                <td className={styles.syncAction}>
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
    </InsightSection>
  );
}

import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { StoreSync } from '@worq/domain/wire/insight';
import { Button } from '../../../components/ui/button.tsx';
import { Tag } from '../../../components/ui/tag.tsx';
import { formatDateTime } from '../period.ts';
import styles from './insight.module.css';
import { useSyncNow } from './use-sync-now.ts';

const stateColor = { never: 'gray', running: 'blue', ok: 'green', failed: 'red' } as const;

export function SyncTable({ sync, onSynced }: { sync: StoreSync[]; onSynced: () => void }) {
  const { t, i18n } = useTranslation('insight');
  const { busy, syncNow } = useSyncNow(onSynced);
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

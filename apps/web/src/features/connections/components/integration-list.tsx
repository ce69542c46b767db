import { useTranslation } from '../../../lib/i18n.ts';
import { Button } from '../../../components/ui/button.tsx';
import { OverflowMenu, type OverflowMenuItem } from '../../../components/ui/overflow-menu.tsx';
import { Tag, type TagColor } from '../../../components/ui/tag.tsx';
import { TableHead } from '../../../components/ui/table-head.tsx';
import { StoreImportProgress } from '../../insight/public.ts';
import type { Integration, IntegrationStatus } from '../api/integrations.ts';
import { localeOf, marketplaceLogoUrl, marketplaceName } from '../marketplace-catalogue.ts';
import styles from './connections.module.css';

export type IntegrationCommand = 'update' | 'activate' | 'disable' | 'remove';

const statusColor: Record<IntegrationStatus, TagColor> = {
  active: 'green',
  out_of_date: 'orange',
  disabled: 'gray',
};

interface IntegrationListProps {
  integrations: Integration[];
  layout: 'table' | 'cards';
  onCommand: (integration: Integration, command: IntegrationCommand) => void;
}

function useRowParts(onCommand: IntegrationListProps['onCommand']) {
  const { t, i18n } = useTranslation('connections');
  const dateFormat = new Intl.DateTimeFormat(localeOf(i18n.language), { dateStyle: 'medium' });

  const formatDate = (iso: string) => {
    const date = new Date(iso);
    return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
  };

  const menuItems = (integration: Integration): OverflowMenuItem[] => [
    { label: t('actions.update'), onSelect: () => onCommand(integration, 'update') },
    integration.status === 'disabled'
      ? { label: t('actions.activate'), onSelect: () => onCommand(integration, 'activate') }
      : { label: t('actions.disable'), onSelect: () => onCommand(integration, 'disable') },
    { label: t('actions.remove'), danger: true, onSelect: () => onCommand(integration, 'remove') },
  ];

  const status = (integration: Integration) => (
    <span className={styles.statusCell}>
      <Tag color={statusColor[integration.status]} size="sm" dot>
        {t(`status.${integration.status}`)}
      </Tag>
      {integration.status === 'active' && <StoreImportProgress integrationId={integration.id} />}
      {integration.status === 'out_of_date' && (
        <Button
          variant="tertiary"
          size="sm"
          aria-label={t('reconnect_store', { store: integration.store_name })}
          title={t('out_of_date_hint')}
          onClick={() => onCommand(integration, 'update')}
        >
          {t('reconnect')}
        </Button>
      )}
    </span>
  );

  const marketplace = (integration: Integration) => (
    <span className={styles.marketplaceCell}>
      <img src={marketplaceLogoUrl(integration.marketplace_code)} alt="" width={72} height={24} className={styles.rowLogo} />
      <span>{marketplaceName(integration.marketplace_code)}</span>
    </span>
  );

  const menu = (integration: Integration) => (
    <OverflowMenu items={menuItems(integration)} label={t('row_actions', { store: integration.store_name })} />
  );

  return { t, formatDate, status, marketplace, menu };
}

/** The stores as a table on wide screens and as cards on phones. */
export function IntegrationList({ integrations, layout, onCommand }: IntegrationListProps) {
  const { t, formatDate, status, marketplace, menu } = useRowParts(onCommand);

  if (layout === 'cards') {
    return (
      <ul className={styles.cards} aria-label={t('table.caption')}>
        {integrations.map((integration) => (
          <li key={integration.id} className={styles.card}>
            <div className={styles.cardHeader}>
              {marketplace(integration)}
              {menu(integration)}
            </div>
            <p className={styles.cardStore}>{integration.store_name}</p>
            <dl className={styles.cardDetails}>
              <dt>{t('table.connected_at')}</dt>
              <dd>
                <time dateTime={integration.connected_at}>{formatDate(integration.connected_at)}</time>
              </dd>
              <dt>{t('table.status')}</dt>
              <dd>{status(integration)}</dd>
            </dl>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption className="visually-hidden">{t('table.caption')}</caption>
        <TableHead
          columns={[
            t('table.marketplace'),
            t('table.store'),
            t('table.connected_at'),
            t('table.status'),
            <span className="visually-hidden">{t('table.actions')}</span>,
          ]}
        />
        <tbody>
          {integrations.map((integration) => (
            <tr key={integration.id}>
              <td>{marketplace(integration)}</td>
              <th scope="row" className={styles.storeCell}>
                {integration.store_name}
              </th>
              <td>
                <time dateTime={integration.connected_at}>{formatDate(integration.connected_at)}</time>
              </td>
              <td>{status(integration)}</td>
              <td className={styles.actionsCell}>{menu(integration)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

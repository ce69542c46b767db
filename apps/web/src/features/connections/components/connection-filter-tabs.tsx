import { useTranslation } from '../../../lib/i18n.ts';
import { useTabs } from '../../../components/ui/use-tabs.ts';
import type { Integration } from '../api/integrations.ts';
import { IntegrationList, type IntegrationCommand } from './integration-list.tsx';
import styles from './connections.module.css';

export type ConnectionFilter = 'all' | 'active' | 'inactive';
const filters: ConnectionFilter[] = ['all', 'active', 'inactive'];

function matches(filter: ConnectionFilter, integration: Integration): boolean {
  if (filter === 'all') return true;
  if (filter === 'active') return integration.status === 'active';
  return integration.status === 'disabled' || integration.status === 'out_of_date';
}

interface ConnectionFilterTabsProps {
  /** The prefix of the tabs' and the panel's ids. */
  tabsId: string;
  integrations: Integration[];
  filter: ConnectionFilter;
  onFilterChange: (filter: ConnectionFilter) => void;
  layout: 'table' | 'cards';
  onCommand: (integration: Integration, command: IntegrationCommand) => void;
}

/** The all / active / inactive tabs with their counts, and the filtered store list in the tab panel. */
export function ConnectionFilterTabs({ tabsId, integrations, filter, onFilterChange, layout, onCommand }: ConnectionFilterTabsProps) {
  const { t } = useTranslation('connections');
  const { tabProps } = useTabs(filters, filter, onFilterChange);
  const shown = integrations.filter((integration) => matches(filter, integration));

  return (
    <>
      <div role="tablist" aria-label={t('filters.label')} className={styles.tabs}>
        {filters.map((name) => {
          const count = integrations.filter((integration) => matches(name, integration)).length;
          return (
            <button key={name} {...tabProps(name)} id={`${tabsId}-${name}`} aria-controls={`${tabsId}-panel`} className={styles.tab}>
              {t(`filters.${name}`)}
              <span className={styles.tabCount}>{count}</span>
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${tabsId}-panel`} aria-labelledby={`${tabsId}-${filter}`} className={styles.tabPanel}>
        {shown.length === 0 ? (
          <p className={styles.filteredEmpty}>{t('empty.filtered')}</p>
        ) : (
          <IntegrationList integrations={shown} layout={layout} onCommand={onCommand} />
        )}
      </div>
    </>
  );
}

import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
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
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const shown = integrations.filter((integration) => matches(filter, integration));

  function handleTabKey(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const last = filters.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    onFilterChange(filters[next]!);
    tabRefs.current[next]?.focus();
  }

  return (
    <>
      <div role="tablist" aria-label={t('filters.label')} className={styles.tabs}>
        {filters.map((name, index) => {
          const count = integrations.filter((integration) => matches(name, integration)).length;
          const selected = filter === name;
          return (
            <button
              key={name}
              ref={(element) => {
                tabRefs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${tabsId}-${name}`}
              aria-selected={selected}
              aria-controls={`${tabsId}-panel`}
              tabIndex={selected ? 0 : -1}
              className={styles.tab}
              onClick={() => onFilterChange(name)}
              onKeyDown={(event) => handleTabKey(event, index)}
            >
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

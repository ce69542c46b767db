import { useId, useState, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import { ChevronDownIcon } from '../icon.tsx';
import styles from './nav-list.module.css';

export interface NavItem {
  id: string;
  label: string;
  to: string;
  icon?: ReactNode;
  /** Match the path exactly (no sub-paths) for the active highlight. */
  end?: boolean;
  children?: NavItem[];
}

interface NavListProps {
  items: NavItem[];
  /** Icons only; labels become tooltips and accessible names. */
  collapsed?: boolean;
  onNavigate?: () => void;
}

function isWithin(pathname: string, to: string) {
  return pathname === to || pathname.startsWith(`${to}/`);
}

function NavEntry({ item, collapsed, onNavigate }: { item: NavItem; collapsed: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  const subListId = useId();
  const hasChildren = Boolean(item.children?.length);
  // A group starts open when the user is already somewhere inside it.
  const [expanded, setExpanded] = useState(() => hasChildren && isWithin(pathname, item.to));

  return (
    <li className={styles.entry}>
      <div className={styles.row}>
        <NavLink
          to={item.to}
          end={item.end}
          onClick={onNavigate}
          // With its sub-items visible, the group only tints: the sub-item carries the highlight.
          className={({ isActive }) =>
            [styles.item, styles.link, isActive && (hasChildren && !collapsed ? styles.activeParent : styles.active)]
              .filter(Boolean)
              .join(' ')
          }
          aria-label={collapsed ? item.label : undefined}
        >
          {item.icon && <span className={styles.icon}>{item.icon}</span>}
          <span className={collapsed ? 'visually-hidden' : styles.label}>{item.label}</span>
          {collapsed && (
            <span className={styles.tooltip} aria-hidden="true">
              {item.label}
            </span>
          )}
        </NavLink>
        {hasChildren && !collapsed && (
          <button
            type="button"
            className={[styles.toggle, expanded && styles.toggleOpen].filter(Boolean).join(' ')}
            aria-expanded={expanded}
            aria-controls={subListId}
            aria-label={t(expanded ? 'nav.collapse_group' : 'nav.expand_group', { label: item.label })}
            onClick={() => setExpanded((open) => !open)}
          >
            <ChevronDownIcon size={18} />
          </button>
        )}
      </div>
      {hasChildren && !collapsed && (
        <ul id={subListId} className={styles.subList} hidden={!expanded}>
          {item.children!.map((child) => (
            <li key={child.id}>
              <NavLink
                to={child.to}
                end={child.end}
                onClick={onNavigate}
                className={({ isActive }) => [styles.item, styles.subLink, isActive && styles.active].filter(Boolean).join(' ')}
              >
                {child.label}
              </NavLink>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** The navigation items of the sidebar and of the mobile drawer. */
export function NavList({ items, collapsed = false, onNavigate }: NavListProps) {
  return (
    <ul className={[styles.list, collapsed && styles.collapsed].filter(Boolean).join(' ')}>
      {items.map((item) => (
        <NavEntry key={item.id} item={item} collapsed={collapsed} onNavigate={onNavigate} />
      ))}
    </ul>
  );
}

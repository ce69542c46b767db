import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import { ChevronLeftIcon, ChevronRightIcon } from '../icon.tsx';
import { Logo } from './logo.tsx';
import { NavList, type NavItem } from './nav-list.tsx';
import { NavFooterLinks } from './nav-footer-links.tsx';
import footerLinks from './nav-footer-links.module.css';
import styles from './sidebar.module.css';

export const sidebarCollapsedStorageKey = 'sidebarCollapsed';

function readCollapsed(): boolean {
  try {
    return localStorage.getItem(sidebarCollapsedStorageKey) === 'true';
  } catch {
    return false;
  }
}

export interface SidebarProps {
  items: NavItem[];
  homeHref: string;
  onOpenPrivacy: () => void;
  contactUrl?: string | null;
}

/** The left navigation bar of wide screens; collapses to 95 px and remembers the choice. */
export function Sidebar({ items, homeHref, onOpenPrivacy, contactUrl }: SidebarProps) {
  const { t } = useTranslation('common');
  const [collapsed, setCollapsed] = useState(readCollapsed);

  function toggle() {
    const next = !collapsed;
    setCollapsed(next);
    try {
      localStorage.setItem(sidebarCollapsedStorageKey, String(next));
    } catch {
      // The choice still applies until the page is reloaded.
    }
  }

  return (
    <aside
      className={[styles.sidebar, collapsed && styles.collapsed].filter(Boolean).join(' ')}
      data-collapsed={collapsed}
      data-testid="sidebar"
    >
      <div className={styles.brand}>
        <Link to={homeHref} className={styles.home} aria-label={t('nav.home')}>
          <Logo markOnly={collapsed} />
        </Link>
      </div>
      <nav className={styles.nav} aria-label={t('nav.main')}>
        <NavList items={items} collapsed={collapsed} />
      </nav>
      <div className={styles.footer}>
        <NavFooterLinks onOpenPrivacy={onOpenPrivacy} contactUrl={contactUrl} collapsed={collapsed} />
        <button
          type="button"
          className={`${footerLinks.item} ${styles.collapseButton}`}
          onClick={toggle}
          aria-expanded={!collapsed}
          aria-label={collapsed ? t('nav.expand_sidebar') : t('nav.collapse_sidebar')}
          title={collapsed ? t('nav.expand_sidebar') : t('nav.collapse_sidebar')}
        >
          {collapsed ? <ChevronRightIcon size={18} /> : <ChevronLeftIcon size={18} />}
          {!collapsed && <span>{t('nav.collapse_sidebar')}</span>}
        </button>
      </div>
    </aside>
  );
}

import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import { Drawer } from '../drawer.tsx';
import { MenuIcon } from '../icon.tsx';
import { LanguageSwitch } from '../language-switch.tsx';
import { ThemeToggle } from '../theme-toggle.tsx';
import { Logo } from './logo.tsx';
import { NavFooterLinks } from './nav-footer-links.tsx';
import { NavList, type NavItem } from './nav-list.tsx';
import { ProfileMenu, type ProfileMenuProps } from './profile-menu.tsx';
import styles from './top-bar.module.css';

export interface TopBarProps {
  items: NavItem[];
  homeHref: string;
  profile: ProfileMenuProps;
  onOpenPrivacy: () => void;
  contactUrl?: string | null;
}

/** What the sidebar becomes at 768 px or less: a bar with a hamburger opening the nav in a drawer. */
export function TopBar({ items, homeHref, profile, onOpenPrivacy, contactUrl }: TopBarProps) {
  const { t } = useTranslation('common');
  const [menuOpen, setMenuOpen] = useState(false);
  const close = () => setMenuOpen(false);

  return (
    <header className={styles.bar} data-testid="top-bar">
      <button
        type="button"
        className={styles.hamburger}
        aria-label={t('nav.open_menu')}
        aria-expanded={menuOpen}
        aria-haspopup="dialog"
        onClick={() => setMenuOpen(true)}
      >
        <MenuIcon size={22} />
      </button>
      <Link to={homeHref} className={styles.home} aria-label={t('nav.home')}>
        <Logo />
      </Link>
      <div className={styles.actions}>
        <ThemeToggle />
        <ProfileMenu {...profile} compact />
      </div>
      <Drawer open={menuOpen} onClose={close} title={t('nav.menu')} side="left" closeLabel={t('nav.close_menu')}>
        <div className={styles.drawerBody}>
          <nav aria-label={t('nav.main')}>
            <NavList items={items} onNavigate={close} />
          </nav>
          <div className={styles.drawerFooter}>
            <NavFooterLinks
              onOpenPrivacy={() => {
                close();
                onOpenPrivacy();
              }}
              contactUrl={contactUrl}
              onNavigate={close}
            />
            <LanguageSwitch />
          </div>
        </div>
      </Drawer>
    </header>
  );
}

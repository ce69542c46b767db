import { Link, NavLink, Outlet, useMatches } from 'react-router';
import { useTranslation } from '../../lib/i18n.ts';
import { Logo } from '../../components/ui/nav/logo.tsx';
import { ScrollToTop } from '../../components/ui/nav/scroll-to-top.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { PreferenceSwitches } from '../../components/ui/preference-switches.tsx';
import { useRuntimeSettings } from '../../lib/runtime-settings.ts';
import { Component as NotFoundPage } from '../not-found-page.tsx';
import navList from '../../components/ui/nav/nav-list.module.css';
import styles from './dev-layout.module.css';

/** Route handle of a development page that also needs the outbox transport. */
export interface DevRouteHandle {
  requiresOutbox?: boolean;
}

/**
 * Development tools (/dev/ui, /dev/outbox). They do not exist in production: the server's runtime
 * settings decide, so one build can be shipped everywhere.
 */
export function Component() {
  const { t } = useTranslation('dev');
  const { status, settings } = useRuntimeSettings();
  const matches = useMatches();
  const requiresOutbox = matches.some((match) => (match.handle as DevRouteHandle | undefined)?.requiresOutbox);

  if (status === 'loading') {
    return (
      <div className={styles.loading}>
        <Spinner size="lg" />
      </div>
    );
  }
  // Unknown settings count as production: a tool must never appear by accident.
  if (!settings || settings.environment === 'production' || (requiresOutbox && !settings.outbox_enabled)) {
    return <NotFoundPage />;
  }

  const linkClass = ({ isActive }: { isActive: boolean }) => [navList.item, isActive && navList.active].filter(Boolean).join(' ');

  return (
    <div className={styles.layout}>
      <header className={styles.bar}>
        <Link to="/" className={styles.home} aria-label={t('common:nav.home')}>
          <Logo />
        </Link>
        <nav aria-label={t('layout.nav_label')} className={styles.nav}>
          <span className={styles.badge}>{t('layout.badge')}</span>
          <NavLink to="/dev/ui" className={linkClass}>
            {t('layout.gallery')}
          </NavLink>
          {settings.outbox_enabled && (
            <NavLink to="/dev/outbox" className={linkClass}>
              {t('layout.outbox')}
            </NavLink>
          )}
        </nav>
        <PreferenceSwitches className={styles.switches} />
      </header>
      <main id="main-content" className={styles.main}>
        <Outlet />
      </main>
      <ScrollToTop />
    </div>
  );
}

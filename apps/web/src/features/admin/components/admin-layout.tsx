/*
 * The back-office shell (issue 6) and its guard: an anonymous visitor goes to /admin/login, a
 * seller to /worq-trade with a "forbidden" toast; only an expert's token gets the console.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link, Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { ChartIcon, DocumentIcon, ChatIcon, LogoutIcon } from '../../../components/ui/icon.tsx';
import { Logo } from '../../../components/ui/nav/logo.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { PreferenceSwitches } from '../../../components/ui/preference-switches.tsx';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { isSettling, logout, useSession, useSessionPlumbing } from '../../../lib/session.ts';
import { usePortfolioSummary } from '../api/portfolio.ts';
import { fullName } from '../person.ts';
import navList from '../../../components/ui/nav/nav-list.module.css';
import styles from './admin-layout.module.css';

export const adminLoginPath = '/admin/login';
const sellerHomePath = '/worq-trade';
const forbiddenToastId = 'admin-forbidden';

function Forbidden() {
  const { t } = useTranslation('admin');
  const shown = useRef(false);
  useEffect(() => {
    if (shown.current) return;
    shown.current = true;
    // A fixed id, so React's development double effects cannot stack two toasts; a task later, so
    // a toast container mounted in the same render is listening by then.
    window.setTimeout(() => toast.error(t('forbidden'), { id: forbiddenToastId, timeout: 5000, dismissible: true, showProgress: true }), 0);
  }, [t]);
  return <Navigate to={sellerHomePath} replace />;
}

export function AdminGuard({ children }: { children: React.ReactNode }) {
  useSessionPlumbing();
  const session = useSession();
  if (isSettling(session)) {
    return (
      <div className={styles.settling}>
        <Spinner size="lg" />
      </div>
    );
  }
  if (!session.isAuthenticated) return <Navigate to={adminLoginPath} replace />;
  if (!session.isExpert) return <Forbidden />;
  return children;
}

/** The portfolio's link, with the number of open early warnings across the funded applications (issue 36). */
function PortfolioLink({ className }: { className: (state: { isActive: boolean }) => string }) {
  const { t } = useTranslation('admin');
  const { data } = usePortfolioSummary();
  const open = data?.open_warnings ?? 0;
  return (
    <NavLink to="/admin/portfolio" className={className}>
      <ChartIcon size={18} />
      {t('nav.portfolio')}
      {open > 0 && (
        <span className={styles.badge}>
          <span aria-hidden="true">{open > 99 ? '99+' : open}</span>
          <span className="visually-hidden">{`, ${t('nav.open_warnings', { count: open })}`}</span>
        </span>
      )}
    </NavLink>
  );
}

function AdminShell() {
  const { t } = useTranslation('admin');
  const { claims } = useSession();
  const name = fullName(claims) || claims?.email || '';
  const { pathname } = useLocation();
  const navClass = ({ isActive }: { isActive: boolean }) =>
    [navList.item, styles.navLink, isActive && navList.active].filter(Boolean).join(' ');
  // An application page belongs to the Applications section, though its path is not /admin itself.
  const inApplications = pathname === '/admin' || pathname === '/admin/' || pathname.startsWith('/admin/applications');

  return (
    <div className={styles.shell}>
      <a className={styles.skipLink} href="#admin-main">
        {t('skip_to_content')}
      </a>
      <header className={styles.header}>
        <div className={styles.brandRow}>
          <Link to="/admin" className={styles.brand}>
            <Logo markOnly />
            <span className={styles.consoleTitle}>{t('console_title')}</span>
          </Link>
          <PreferenceSwitches className={styles.tools} />
        </div>
        <div className={styles.navRow}>
          <nav aria-label={t('nav.label')}>
            <ul className={styles.navList}>
              <li>
                <Link to="/admin" className={navClass({ isActive: inApplications })} aria-current={inApplications ? 'page' : undefined}>
                  <DocumentIcon size={18} />
                  {t('nav.applications')}
                </Link>
              </li>
              <li>
                <PortfolioLink className={navClass} />
              </li>
              <li>
                <NavLink to="/admin/contact-forms" className={navClass}>
                  <ChatIcon size={18} />
                  {t('nav.contact_forms')}
                </NavLink>
              </li>
              <li>
                <NavLink to="/admin/support-requests" className={navClass}>
                  <ChatIcon size={18} />
                  {t('nav.support_requests')}
                </NavLink>
              </li>
              <li>
                <NavLink to="/admin/legal-texts" className={navClass}>
                  <DocumentIcon size={18} />
                  {t('nav.legal_texts')}
                </NavLink>
              </li>
            </ul>
          </nav>
          <div className={styles.account} aria-label={t('account.label')} role="group">
            <span className={styles.who}>
              <span className={styles.name}>{name}</span>
              <span className={styles.role}>{t('account.role')}</span>
            </span>
            <Button variant="ghost" size="sm" icon={<LogoutIcon size={18} />} onClick={() => void logout()}>
              {t('account.sign_out')}
            </Button>
          </div>
        </div>
      </header>
      <main id="admin-main" tabIndex={-1} className={styles.main}>
        <Outlet />
      </main>
    </div>
  );
}

export function Component() {
  return (
    <AdminGuard>
      <AdminShell />
    </AdminGuard>
  );
}

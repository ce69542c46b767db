import { lazy, Suspense, useMemo, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from '../../lib/i18n.ts';
import { ChartIcon, DocumentIcon, StoreIcon } from '../../components/ui/icon.tsx';
import { Header, HeaderTitle } from '../../components/ui/nav/header.tsx';
import type { NavItem } from '../../components/ui/nav/nav-list.tsx';
import { ScrollToTop } from '../../components/ui/nav/scroll-to-top.tsx';
import { BackgroundTaskPanel } from '../../features/background-tasks/components/background-task-panel.tsx';
import { usePendingTerms } from '../../features/profile/api/use-pending-terms.ts';
import { Sidebar } from '../../components/ui/nav/sidebar.tsx';
import { TopBar } from '../../components/ui/nav/top-bar.tsx';
import { useIsMobile } from '../../components/ui/nav/use-is-mobile.ts';
import { TermsModal } from '../../components/ui/terms-modal.tsx';
import { useRuntimeSettings } from '../../lib/runtime-settings.ts';
import { useCurrentUser } from './use-current-user.ts';
import { logout } from '../../lib/session.ts';
import { useNavbarElements } from './use-navbar-elements.ts';
import styles from './signed-in-layout.module.css';

const homeHref = '/worq-trade';

// Needed only after an expert publishes a new legal text, so it is not in the shell's chunk.
const UpdatedTermsGate = lazy(() =>
  import('../../features/profile/components/updated-terms-gate.tsx').then((module) => ({ default: module.UpdatedTermsGate })),
);

// Placeholder sign-out until the accounts work brings the session module (which also calls /auth/logout).
export function Component() {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  const isMobile = useIsMobile();
  const navbarElements = useNavbarElements();
  const user = useCurrentUser();
  const { settings } = useRuntimeSettings();
  const [privacyOpen, setPrivacyOpen] = useState(false);
  const showConnections = navbarElements.includes('connections');
  const { pending, answered } = usePendingTerms();

  const items = useMemo<NavItem[]>(() => {
    const list: NavItem[] = [
      {
        id: 'applications',
        label: t('nav.applications'),
        to: '/worq-trade',
        icon: <DocumentIcon size={20} />,
        children: [
          { id: 'applications-list', label: t('nav.my_applications'), to: '/worq-trade', end: true },
          { id: 'applications-new', label: t('nav.new_application'), to: '/worq-trade/start' },
        ],
      },
      // WorqInsight is there for every signed-in seller (ARCHITECTURE.md §6).
      {
        id: 'insight',
        label: t('nav.insight'),
        to: '/worq-insight',
        icon: <ChartIcon size={20} />,
        children: [
          { id: 'insight-dashboard', label: t('nav.insight_dashboard'), to: '/worq-insight', end: true },
          { id: 'insight-add-store', label: t('nav.insight_add_store'), to: '/worq-insight/onboarding/store-address' },
        ],
      },
    ];
    if (showConnections) {
      list.push({ id: 'connections', label: t('nav.connections'), to: '/connections', icon: <StoreIcon size={20} /> });
    }
    return list;
  }, [t, showConnections]);

  const fallbackTitle = pathname.startsWith('/worq-trade')
    ? t('nav.applications')
    : pathname.startsWith('/worq-insight')
      ? t('nav.insight')
      : pathname.startsWith('/connections')
        ? t('nav.connections')
        : pathname.startsWith('/profile')
          ? t('profile_menu.my_account')
          : pathname.startsWith('/support')
            ? t('nav.contact_us')
            : undefined;

  const profile = {
    name: user ? `${user.firstName} ${user.lastName}`.trim() || user.email : null,
    accountHref: user ? `/profile/${encodeURIComponent(user.customerId)}/info` : null,
    onSignOut: () => {
      void logout();
    },
  };
  // Contact us is always there: the configured chat, or else the built-in support request form.
  const contactUrl = settings?.contact_chat_url ?? '/support';
  const openPrivacy = () => setPrivacyOpen(true);

  return (
    <div className={isMobile ? styles.mobileShell : styles.shell}>
      <a className={styles.skipLink} href="#main-content">
        {t('nav.skip_to_content')}
      </a>
      {isMobile ? (
        <TopBar items={items} homeHref={homeHref} profile={profile} onOpenPrivacy={openPrivacy} contactUrl={contactUrl} />
      ) : (
        <Sidebar items={items} homeHref={homeHref} onOpenPrivacy={openPrivacy} contactUrl={contactUrl} />
      )}
      <div className={styles.column}>
        {!isMobile && <Header fallbackTitle={fallbackTitle} profile={profile} />}
        <main id="main-content" tabIndex={-1} className={styles.main}>
          {isMobile && <HeaderTitle fallbackTitle={fallbackTitle} className={styles.mobileTitle} />}
          {pending.length > 0 ? (
            <Suspense fallback={null}>
              <UpdatedTermsGate pending={pending} onAnswered={answered} />
            </Suspense>
          ) : (
            <Outlet />
          )}
        </main>
      </div>
      <ScrollToTop />
      <BackgroundTaskPanel />
      <TermsModal open={privacyOpen} onClose={() => setPrivacyOpen(false)} />
    </div>
  );
}

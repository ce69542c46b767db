import { useEffect, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { Navigate, NavLink, useParams } from 'react-router';
import { setHeaderTitle } from '../../../components/ui/nav/header-title.ts';
import { useSession } from '../../../lib/session.ts';
import styles from './profile.module.css';

type ProfileTab = 'info' | 'change-password';

/**
 * Heading and tabs shared by the two profile screens. A `{id}` that is not the signed-in user's
 * own goes to the same tab of the user's own profile (the server refuses other ids anyway).
 */
export function ProfileFrame({ tab, children }: { tab: ProfileTab; children: ReactNode }) {
  const { t } = useTranslation('profile');
  const { id } = useParams();
  const { claims } = useSession();
  const ownId = claims?.customer_id;
  const tabTitle = tab === 'info' ? t('tabs.info') : t('tabs.change_password');

  useEffect(() => {
    setHeaderTitle(t('title'), tabTitle);
  }, [t, tabTitle]);

  if (!ownId) return <Navigate to="/" replace />;
  if (id !== ownId) return <Navigate to={`/profile/${encodeURIComponent(ownId)}/${tab}`} replace />;

  const base = `/profile/${encodeURIComponent(ownId)}`;
  return (
    <div className={styles.page}>
      <div className={styles.heading}>
        <h1>{t('title')}</h1>
        <p className={styles.subtitle}>{t('subtitle')}</p>
      </div>
      <nav aria-label={t('tabs.label')}>
        <ul className={styles.tabs}>
          <li>
            <NavLink to={`${base}/info`} className={styles.tab} end>
              {t('tabs.info')}
            </NavLink>
          </li>
          <li>
            <NavLink to={`${base}/change-password`} className={styles.tab} end>
              {t('tabs.change_password')}
            </NavLink>
          </li>
        </ul>
      </nav>
      {children}
    </div>
  );
}

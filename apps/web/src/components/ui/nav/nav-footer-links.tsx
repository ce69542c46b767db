import { useTranslation } from '../../../lib/i18n.ts';
import { Link } from 'react-router';
import { ChatIcon, DocumentIcon, ExternalLinkIcon } from '../icon.tsx';
import styles from './nav-footer-links.module.css';

export interface NavFooterLinksProps {
  onOpenPrivacy: () => void;
  /**
   * Contact us: the chat with the provider's team (a web address, opened in a new tab), or an
   * in-app path such as the support form (`/support`, same tab); hidden when null.
   */
  contactUrl?: string | null;
  collapsed?: boolean;
  /** Called when the in-app contact link is followed (the mobile drawer closes). */
  onNavigate?: () => void;
}

/** Privacy policy (opens the terms modal) and contact us (the chat in a new tab, or the support form). */
export function NavFooterLinks({ onOpenPrivacy, contactUrl, collapsed = false, onNavigate }: NavFooterLinksProps) {
  const { t } = useTranslation('common');
  const cls = [styles.links, collapsed && styles.collapsed].filter(Boolean).join(' ');
  return (
    <ul className={cls}>
      <li>
        <button
          type="button"
          className={`${styles.item} ${styles.link}`}
          onClick={onOpenPrivacy}
          aria-label={collapsed ? t('nav.privacy_policy') : undefined}
          title={collapsed ? t('nav.privacy_policy') : undefined}
        >
          <DocumentIcon size={18} />
          {!collapsed && <span>{t('nav.privacy_policy')}</span>}
        </button>
      </li>
      {contactUrl?.startsWith('/') && (
        <li>
          <Link
            className={`${styles.item} ${styles.link}`}
            to={contactUrl}
            onClick={onNavigate}
            aria-label={collapsed ? t('nav.contact_us') : undefined}
            title={collapsed ? t('nav.contact_us') : undefined}
          >
            <ChatIcon size={18} />
            {!collapsed && <span>{t('nav.contact_us')}</span>}
          </Link>
        </li>
      )}
      {contactUrl && !contactUrl.startsWith('/') && (
        <li>
          <a
            className={`${styles.item} ${styles.link}`}
            href={contactUrl}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={collapsed ? t('nav.contact_us_new_tab') : undefined}
            title={collapsed ? t('nav.contact_us') : undefined}
          >
            <ChatIcon size={18} />
            {!collapsed && (
              <>
                <span>{t('nav.contact_us')}</span>
                <ExternalLinkIcon size={14} className={styles.external} />
                <span className="visually-hidden">{t('nav.opens_in_new_tab')}</span>
              </>
            )}
          </a>
        </li>
      )}
    </ul>
  );
}

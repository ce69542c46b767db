import { useTranslation } from 'react-i18next';
import { ChatIcon, DocumentIcon, ExternalLinkIcon } from '../icon.tsx';
import styles from './nav-footer-links.module.css';

export interface NavFooterLinksProps {
  onOpenPrivacy: () => void;
  /** The chat with the provider's team; the link is hidden when the server supplies none. */
  contactUrl?: string | null;
  collapsed?: boolean;
}

/** Privacy policy (opens the terms modal) and contact us (opens the chat in a new tab). */
export function NavFooterLinks({ onOpenPrivacy, contactUrl, collapsed = false }: NavFooterLinksProps) {
  const { t } = useTranslation('common');
  const cls = [styles.links, collapsed && styles.collapsed].filter(Boolean).join(' ');
  return (
    <ul className={cls}>
      <li>
        <button
          type="button"
          className={styles.link}
          onClick={onOpenPrivacy}
          aria-label={collapsed ? t('nav.privacy_policy') : undefined}
          title={collapsed ? t('nav.privacy_policy') : undefined}
        >
          <DocumentIcon size={18} />
          {!collapsed && <span>{t('nav.privacy_policy')}</span>}
        </button>
      </li>
      {contactUrl && (
        <li>
          <a
            className={styles.link}
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

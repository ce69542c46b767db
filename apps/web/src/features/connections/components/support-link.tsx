import { useTranslation } from '../../../lib/i18n.ts';
import { Link } from 'react-router';
import { useRuntimeSettings } from '../../../lib/runtime-settings.ts';
import styles from './connections.module.css';

/** Where company details are changed: the configured chat, or the support form with its topic chosen. */
export function SupportLink() {
  const { t } = useTranslation('connections');
  const { settings } = useRuntimeSettings();
  const chat = settings?.contact_chat_url;
  if (chat) {
    return (
      <a className={styles.inlineLink} href={chat} target="_blank" rel="noopener noreferrer">
        {t('company_step.contact_support')}
        <span className="visually-hidden"> {t('company_step.opens_in_new_tab')}</span>
      </a>
    );
  }
  return (
    <Link className={styles.inlineLink} to="/support?topic=company_change">
      {t('company_step.contact_support')}
    </Link>
  );
}

import { useId } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { Button } from './button.tsx';
import styles from './consent-banner.module.css';

export interface ConsentBannerProps {
  onAccept: () => void;
  onReject: () => void;
}

/**
 * The analytics-cookie notice (KVKK): a non-modal strip at the bottom of the window that asks
 * before anything is tracked. Refusing is one click, like accepting, and both buttons look alike
 * so neither answer is pushed. It renders nothing until its texts are loaded.
 */
export function ConsentBanner({ onAccept, onReject }: ConsentBannerProps) {
  const { t, ready } = useTranslation('consent');
  const titleId = useId();
  if (!ready) return null;
  return (
    <section className={styles.banner} aria-labelledby={titleId}>
      <div className={styles.text}>
        <h2 id={titleId} className={styles.title}>
          {t('banner.title')}
        </h2>
        <p className={styles.body}>{t('banner.body')}</p>
      </div>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onReject}>
          {t('banner.reject')}
        </Button>
        <Button variant="primary" onClick={onAccept}>
          {t('banner.accept')}
        </Button>
      </div>
    </section>
  );
}

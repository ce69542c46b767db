import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { ArrowUpIcon } from '../icon.tsx';
import styles from './scroll-to-top.module.css';

/** Specification §9: the button appears after 300 px of scrolling. */
export const scrollToTopThreshold = 300;

export function ScrollToTop() {
  const { t } = useTranslation('common');
  const [visible, setVisible] = useState(() => typeof window !== 'undefined' && window.scrollY > scrollToTopThreshold);

  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > scrollToTopThreshold);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  if (!visible) return null;
  return (
    <button
      type="button"
      className={styles.button}
      aria-label={t('nav.scroll_to_top')}
      title={t('nav.scroll_to_top')}
      onClick={() => {
        const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
        window.scrollTo({ top: 0, behavior: reduceMotion ? 'auto' : 'smooth' });
      }}
    >
      <ArrowUpIcon size={20} />
    </button>
  );
}

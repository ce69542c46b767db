import { useTranslation } from '../../lib/i18n.ts';
import styles from './spinner.module.css';

export type SpinnerSize = 'sm' | 'md' | 'lg';

/**
 * A ring that turns once per second.
 * - `size`: 'sm' (16px), 'md' (24px, default) or 'lg' (40px).
 * - `label`: what screen readers hear; defaults to "Yükleniyor…" / "Loading…".
 * - `decorative`: set when another element already reports the busy state (e.g. inside a Button):
 *   the spinner is then `aria-hidden` and has no role. Otherwise it is a `role="status"` region.
 */
export interface SpinnerProps {
  size?: SpinnerSize;
  label?: string;
  decorative?: boolean;
  className?: string;
}

export function Spinner({ size = 'md', label, decorative = false, className }: SpinnerProps) {
  const { t } = useTranslation('ui');
  const ring = <span className={[styles.ring, styles[size]].join(' ')} aria-hidden="true" />;

  if (decorative) {
    return (
      <span className={[styles.spinner, styles.inherit, className].filter(Boolean).join(' ')} aria-hidden="true">
        {ring}
      </span>
    );
  }
  return (
    <span role="status" className={[styles.spinner, styles.standalone, className].filter(Boolean).join(' ')}>
      {ring}
      <span className="visually-hidden">{label ?? t('spinner.loading')}</span>
    </span>
  );
}

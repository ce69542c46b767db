import { useEffect, useRef, useState, type CSSProperties, type ReactElement } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import type { Toast as ToastModel, ToastTitleKey, ToastType } from './toast-store.ts';
import styles from './toast.module.css';

const defaultTitleKey: Record<ToastType, ToastTitleKey> = {
  Success: 'success',
  Error: 'error',
  Info: 'info',
  Warning: 'warning',
};

const icons: Record<ToastType, ReactElement> = {
  Success: (
    <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2">
      <circle cx="12" cy="12" r="9" />
      <path d="m8 12.5 2.7 2.7L16 10" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  ),
  Error: (
    <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2">
      <circle cx="12" cy="12" r="9" />
      <path d="m9 9 6 6m0-6-6 6" strokeLinecap="round" />
    </svg>
  ),
  Info: (
    <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2">
      <circle cx="12" cy="12" r="9" />
      <path d="M12 11v5" strokeLinecap="round" />
      <circle cx="12" cy="8" r="0.6" fill="currentColor" />
    </svg>
  ),
  Warning: (
    <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M12 3.5 2.8 19.5h18.4L12 3.5Z" strokeLinejoin="round" />
      <path d="M12 10v4" strokeLinecap="round" />
      <circle cx="12" cy="16.8" r="0.6" fill="currentColor" />
    </svg>
  ),
};

interface ToastProps {
  toast: ToastModel;
  /** True while the exit animation plays; the timer is over by then. */
  exiting: boolean;
  onDismiss: (id: string) => void;
}

export function Toast({ toast, exiting, onDismiss }: ToastProps) {
  const { t } = useTranslation('feedback');
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const timed = typeof toast.timeout === 'number';
  const remainingMs = useRef(typeof toast.timeout === 'number' ? toast.timeout : 0);
  // Keyboard users get the same pause as mouse users (WCAG 2.2.1, timing adjustable).
  const paused = hovered || focused;

  useEffect(() => {
    if (!timed || paused || exiting) return;
    const startedAt = Date.now();
    const handle = window.setTimeout(() => onDismiss(toast.id), Math.max(0, remainingMs.current));
    return () => {
      window.clearTimeout(handle);
      // Leaving resumes for what was left, not for a fresh full timeout.
      remainingMs.current -= Date.now() - startedAt;
    };
  }, [timed, paused, exiting, onDismiss, toast.id]);

  const title = toast.title ?? t(`toast.titles.${toast.titleKey ?? defaultTitleKey[toast.type]}`);
  const urgent = toast.type === 'Error' || toast.type === 'Warning';

  return (
    <div
      role={urgent ? 'alert' : 'status'}
      aria-live={urgent ? 'assertive' : 'polite'}
      aria-atomic="true"
      className={styles.toast}
      data-type={toast.type}
      data-animation={toast.animation}
      data-state={exiting ? 'exiting' : 'shown'}
      data-paused={paused ? 'true' : undefined}
      data-testid="toast"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <span className={styles.icon} aria-hidden="true">
        {icons[toast.type]}
      </span>
      <div className={styles.body}>
        <p className={styles.title}>{title}</p>
        <p className={styles.message}>{toast.message}</p>
        {toast.action && (
          <button
            type="button"
            className={styles.action}
            onClick={() => {
              toast.action?.onClick();
              onDismiss(toast.id);
            }}
          >
            {toast.action.text}
          </button>
        )}
      </div>
      {toast.dismissible && (
        <button type="button" className={styles.dismiss} aria-label={t('toast.dismiss')} onClick={() => onDismiss(toast.id)}>
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="m6 6 12 12M18 6 6 18" strokeLinecap="round" />
          </svg>
        </button>
      )}
      {toast.showProgress && typeof toast.timeout === 'number' && (
        <span
          className={styles.progress}
          aria-hidden="true"
          data-testid="toast-progress"
          style={{ '--toast-timeout': `${toast.timeout}ms` } as CSSProperties}
        />
      )}
    </div>
  );
}

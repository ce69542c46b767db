import { useId, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '../../lib/i18n.ts';
import { Button } from './button.tsx';
import { CloseIcon } from './icon.tsx';
import { useDialog } from './use-dialog.ts';
import styles from './drawer.module.css';

/**
 * A side panel over a dimmed page, min(512px, 100%) wide, rendered in a portal on document.body.
 * Behaves like Modal: page scroll lock, Escape, press-and-release on the overlay, focus trap and
 * restore.
 * - `open` / `onClose`: controlled visibility.
 * - `title`: the heading, also the panel's accessible name.
 * - `side`: 'right' (default) or 'left'.
 * - `footer`: optional content pinned under the scrolling body (actions).
 * - `closeLabel`: accessible name of the close (X) button; defaults to "Paneli kapat".
 * - `initialFocusRef`: what to focus on open (default: the first focusable element of
 *   the body, else the dialog itself).
 */
export interface DrawerProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children?: ReactNode;
  side?: 'right' | 'left';
  footer?: ReactNode;
  closeLabel?: string;
  initialFocusRef?: RefObject<HTMLElement | null>;
  className?: string;
}

export function Drawer({ open, ...props }: DrawerProps) {
  if (!open || typeof document === 'undefined') return null;
  return createPortal(<OpenDrawer {...props} />, document.body);
}

function OpenDrawer({
  onClose,
  title,
  children,
  side = 'right',
  footer,
  closeLabel,
  initialFocusRef,
  className,
}: Omit<DrawerProps, 'open'>) {
  const { t } = useTranslation('ui');
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const overlayHandlers = useDialog({ open: true, onClose, dialogRef: panelRef, initialFocusRef, contentRef: bodyRef });

  return (
    <div className={[styles.overlay, side === 'left' ? styles.left : styles.right].join(' ')} {...overlayHandlers}>
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={[styles.panel, className].filter(Boolean).join(' ')}
      >
        <header className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <Button variant="eliptic-ghost" size="sm" icon={<CloseIcon />} aria-label={closeLabel ?? t('drawer.dismiss')} onClick={onClose} />
        </header>
        <div ref={bodyRef} className={styles.body}>
          {children}
        </div>
        {footer !== undefined && footer !== null && <footer className={styles.footer}>{footer}</footer>}
      </div>
    </div>
  );
}

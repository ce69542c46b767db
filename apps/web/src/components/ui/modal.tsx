import { useId, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '../../lib/i18n.ts';
import { Button } from './button.tsx';
import { CloseIcon } from './icon.tsx';
import { useDialog } from './use-dialog.ts';
import styles from './modal.module.css';

/**
 * A centred dialog over a dimmed page (a bottom sheet on phones), rendered in a portal on
 * document.body. Locks page scrolling, closes on Escape and on a press-and-release on the overlay,
 * keeps Tab inside and gives focus back to where it was when it closes.
 * - `open` / `onClose`: controlled visibility; `onClose` is called for every way of dismissing it.
 * - `title`: the heading, also the dialog's accessible name.
 * - `expanded`: 1024px wide instead of 512px.
 * - `footer`: replaces the default footer buttons.
 * - `onSubmit`: when given, the default footer shows a primary submit button ("Gönder").
 * - `submitLabel` / `closeLabel`: override "Gönder" / "Kapat".
 * - `submitBusy`: the submit button shows its busy state.
 * - `submitDisabled`: disables the submit button.
 * - `hideFooter`: no footer at all.
 * - `initialFocusRef`: what to focus on open (default: the first focusable element of
 *   the body, else the dialog itself).
 */
export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children?: ReactNode;
  expanded?: boolean;
  footer?: ReactNode;
  onSubmit?: () => void;
  submitLabel?: string;
  closeLabel?: string;
  submitBusy?: boolean;
  submitDisabled?: boolean;
  hideFooter?: boolean;
  initialFocusRef?: RefObject<HTMLElement | null>;
  className?: string;
}

export function Modal({ open, ...props }: ModalProps) {
  if (!open || typeof document === 'undefined') return null;
  return createPortal(<OpenModal {...props} />, document.body);
}

function OpenModal({
  onClose,
  title,
  children,
  expanded = false,
  footer,
  onSubmit,
  submitLabel,
  closeLabel,
  submitBusy = false,
  submitDisabled = false,
  hideFooter = false,
  initialFocusRef,
  className,
}: Omit<ModalProps, 'open'>) {
  const { t } = useTranslation('ui');
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const overlayHandlers = useDialog({ open: true, onClose, dialogRef, initialFocusRef, contentRef: bodyRef });

  return (
    <div className={styles.overlay} {...overlayHandlers}>
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={[styles.dialog, expanded && styles.expanded, className].filter(Boolean).join(' ')}
      >
        <header className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <Button
            variant="eliptic-ghost"
            size="sm"
            icon={<CloseIcon />}
            aria-label={t('modal.dismiss')}
            className={styles.closeButton}
            onClick={onClose}
          />
        </header>
        <div ref={bodyRef} className={styles.body}>
          {children}
        </div>
        {!hideFooter && (
          <footer className={styles.footer}>
            {footer ?? (
              <>
                <Button variant="ghost" onClick={onClose}>
                  {closeLabel ?? t('modal.close')}
                </Button>
                {onSubmit && (
                  <Button variant="primary" busy={submitBusy} disabled={submitDisabled} onClick={onSubmit}>
                    {submitLabel ?? t('modal.submit')}
                  </Button>
                )}
              </>
            )}
          </footer>
        )}
      </div>
    </div>
  );
}

import { useLayoutEffect, useRef, useState, type ComponentPropsWithRef, type MouseEvent, type ReactNode } from 'react';
import { Spinner } from './spinner.tsx';
import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'tertiary' | 'danger' | 'ghost' | 'eliptic-primary' | 'eliptic-ghost';
export type ButtonSize = 'sm' | 'md' | 'lg';

/**
 * The one button of the product. Every native button prop (including `ref`) passes through.
 * - `variant`: 'primary' (filled purple, default), 'secondary' (purple outline), 'tertiary'
 *   (soft purple tint), 'danger' (filled red), 'ghost' (transparent, text colour),
 *   'eliptic-primary' / 'eliptic-ghost' (fully round: a circle when icon-only, a pill otherwise).
 * - `size`: 'sm' (32px), 'md' (40px, default), 'lg' (48px).
 * - `busy`: shows a spinner (and `busyText` if given) over the hidden label so the width does not
 *   change, sets `aria-busy="true"` and ignores clicks while staying focusable. A busy text too
 *   long for the button is only announced, not shown; keep it about as short as the label.
 * - `disabled`: native disabled.
 * - `fullWidth`: stretches to its container.
 * - `icon`: a leading icon; with no children the button is icon-only (give it an `aria-label`).
 * - `type` defaults to "button" so a button inside a form never submits it by accident.
 */
export interface ButtonProps extends ComponentPropsWithRef<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  busy?: boolean;
  busyText?: string;
  fullWidth?: boolean;
  icon?: ReactNode;
}

const variantClass: Record<ButtonVariant, string | undefined> = {
  primary: styles.primary,
  secondary: styles.secondary,
  tertiary: styles.tertiary,
  danger: styles.danger,
  ghost: styles.ghost,
  'eliptic-primary': styles.elipticPrimary,
  'eliptic-ghost': styles.elipticGhost,
};

export function Button({
  variant = 'primary',
  size = 'md',
  busy = false,
  busyText,
  fullWidth = false,
  icon,
  type = 'button',
  className,
  children,
  onClick,
  ref,
  ...rest
}: ButtonProps) {
  const hasLabel = children !== undefined && children !== null && children !== false && children !== '';
  const iconOnly = icon !== undefined && icon !== null && !hasLabel;
  const showBusyText = busy && busyText !== undefined && busyText !== '';
  const busyTextRef = useRef<HTMLSpanElement>(null);
  const [busyTextFits, setBusyTextFits] = useState(true);

  // The button keeps its idle width, so a busy text longer than the label would be cut off; then
  // only the spinner shows and the text stays as the accessible name.
  useLayoutEffect(() => {
    const element = busyTextRef.current;
    if (!showBusyText || !element) {
      setBusyTextFits(true);
      return;
    }
    // Measure with the visible style even if an earlier, longer text had hidden it.
    const currentClass = element.className;
    element.className = styles.busyText ?? '';
    const fits = element.scrollWidth <= element.clientWidth;
    element.className = currentClass;
    setBusyTextFits(fits);
  }, [showBusyText, busyText]);

  function handleClick(event: MouseEvent<HTMLButtonElement>) {
    // A busy button stays focusable (native disabled would drop focus) but must not act twice,
    // nor submit its form.
    if (busy) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  }

  const classes = [
    styles.button,
    variantClass[variant],
    styles[size],
    iconOnly && styles.iconOnly,
    fullWidth && styles.fullWidth,
    busy && styles.busy,
    className,
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <button
      ref={ref}
      type={type}
      className={classes}
      aria-busy={busy || undefined}
      aria-disabled={busy || undefined}
      onClick={handleClick}
      {...rest}
    >
      {/* The label stays in the layout while busy, invisible, so the button keeps its size. When a
          busy text is shown, that text becomes the name; otherwise the label still names it. */}
      <span className={styles.content} aria-hidden={showBusyText || undefined}>
        {icon !== undefined && icon !== null && <span className={styles.icon}>{icon}</span>}
        {hasLabel && <span className={styles.label}>{children}</span>}
      </span>
      {busy && (
        <span className={styles.busyLayer}>
          <Spinner size={size === 'lg' ? 'md' : 'sm'} decorative />
          {showBusyText && (
            <span ref={busyTextRef} className={busyTextFits ? styles.busyText : 'visually-hidden'}>
              {busyText}
            </span>
          )}
        </span>
      )}
    </button>
  );
}

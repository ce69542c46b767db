import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonSize } from './button.tsx';
import { KebabIcon } from './icon.tsx';
import styles from './overflow-menu.module.css';

/** One action of an OverflowMenu. `danger` paints it red; `disabled` skips it. */
export interface OverflowMenuItem {
  label: ReactNode;
  onSelect: () => void;
  danger?: boolean;
  disabled?: boolean;
  icon?: ReactNode;
}

/**
 * A kebab (⋮) button that opens a menu of actions, typically at the end of a table row.
 * The menu is rendered in a portal (the enclosing dialog or main landmark, else document.body) at
 * the trigger's position, so a table's overflow does not clip it. It opens upwards near the bottom
 * of the window, and closes on an outside press, Escape, Tab, after a choice, or when anything that
 * contains the trigger scrolls.
 * - `items`: the actions.
 * - `label`: accessible name of the trigger; defaults to "Diğer işlemler" / "More actions".
 * - `align`: 'end' (default) lines the menu's right edge up with the trigger, 'start' its left edge.
 * - `size`: trigger size, 'sm' (default) | 'md' | 'lg'.
 */
export interface OverflowMenuProps {
  items: OverflowMenuItem[];
  label?: string;
  align?: 'start' | 'end';
  size?: ButtonSize;
  className?: string;
}

type FocusTarget = 'first' | 'last';

const gap = 4;
const viewportMargin = 8;

export function OverflowMenu({ items, label, align = 'end', size = 'sm', className }: OverflowMenuProps) {
  const { t } = useTranslation('ui');
  const [open, setOpen] = useState(false);
  const [initialFocus, setInitialFocus] = useState<FocusTarget>('first');
  const [portalTarget, setPortalTarget] = useState<HTMLElement | null>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const triggerId = useId();
  const menuId = useId();

  function openMenu(focus: FocusTarget) {
    // The menu leaves the table (so no overflow clips it) but stays in the trigger's dialog or main
    // landmark, so it is still part of the modal for focus and screen readers.
    setPortalTarget(triggerRef.current?.closest<HTMLElement>('[role="dialog"], main') ?? document.body);
    setInitialFocus(focus);
    setOpen(true);
  }

  function closeMenu(returnFocus: boolean) {
    setOpen(false);
    if (returnFocus) triggerRef.current?.focus();
  }

  // Place the menu before it is painted, then move focus into it.
  useLayoutEffect(() => {
    const trigger = triggerRef.current;
    const menu = menuRef.current;
    if (!open || !trigger || !menu) return;
    const anchor = trigger.getBoundingClientRect();
    // Measured at 0,0: an ancestor with a transform or filter becomes the containing block of a
    // fixed element, and this origin is where that block starts.
    menu.style.top = '0px';
    menu.style.left = '0px';
    const { width, height, top: originTop, left: originLeft } = menu.getBoundingClientRect();
    const fitsBelow = anchor.bottom + gap + height <= window.innerHeight - viewportMargin;
    const fitsAbove = anchor.top - gap - height >= viewportMargin;
    const placeAbove = !fitsBelow && fitsAbove;
    const top = placeAbove ? anchor.top - gap - height : anchor.bottom + gap;
    const preferredLeft = align === 'end' ? anchor.right - width : anchor.left;
    const maxLeft = Math.max(viewportMargin, window.innerWidth - viewportMargin - width);
    const left = Math.min(Math.max(preferredLeft, viewportMargin), maxLeft);
    menu.style.top = `${Math.round(top - originTop)}px`;
    menu.style.left = `${Math.round(left - originLeft)}px`;
    menu.dataset.placement = placeAbove ? 'top' : 'bottom';

    const enabled = enabledItems(menu);
    const target = initialFocus === 'last' ? enabled[enabled.length - 1] : enabled[0];
    (target ?? menu).focus({ preventScroll: true });
  }, [open, align, initialFocus]);

  useEffect(() => {
    if (!open) return;

    function handlePointerDown(event: PointerEvent | MouseEvent) {
      const target = event.target;
      if (!(target instanceof Node)) return;
      if (triggerRef.current?.contains(target) || menuRef.current?.contains(target)) return;
      setOpen(false);
    }

    // The menu is fixed to the window, so it would drift away from a trigger that scrolls: any
    // scrolling container holding the trigger (a table wrapper, the page) closes it.
    function handleScroll(event: Event) {
      const scrolled = event.target;
      const trigger = triggerRef.current;
      if (scrolled === document || scrolled === window) {
        setOpen(false);
        return;
      }
      if (scrolled instanceof Node && trigger && scrolled.contains(trigger)) setOpen(false);
    }

    function handleResize() {
      setOpen(false);
    }

    document.addEventListener('pointerdown', handlePointerDown, true);
    document.addEventListener('scroll', handleScroll, true);
    window.addEventListener('resize', handleResize);
    return () => {
      document.removeEventListener('pointerdown', handlePointerDown, true);
      document.removeEventListener('scroll', handleScroll, true);
      window.removeEventListener('resize', handleResize);
    };
  }, [open]);

  function handleTriggerKeyDown(event: ReactKeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      openMenu('first');
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openMenu('last');
    }
  }

  function handleMenuKeyDown(event: ReactKeyboardEvent<HTMLDivElement>) {
    const menu = menuRef.current;
    if (!menu) return;
    const enabled = enabledItems(menu);
    const current = enabled.indexOf(document.activeElement as HTMLElement);
    const focusAt = (index: number) => enabled[(index + enabled.length) % enabled.length]?.focus();

    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focusAt(current + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusAt(current === -1 ? enabled.length - 1 : current - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusAt(0);
        break;
      case 'End':
        event.preventDefault();
        focusAt(enabled.length - 1);
        break;
      case 'Escape':
        // Only the menu closes, not a dialog that holds it.
        event.preventDefault();
        event.stopPropagation();
        closeMenu(true);
        break;
      case 'Tab':
        // Focus goes back to the trigger first, so Tab then moves on from the trigger's place.
        closeMenu(true);
        break;
      default:
    }
  }

  function select(item: OverflowMenuItem) {
    if (item.disabled) return;
    closeMenu(true);
    item.onSelect();
  }

  return (
    <>
      <Button
        ref={triggerRef}
        id={triggerId}
        variant="eliptic-ghost"
        size={size}
        icon={<KebabIcon />}
        aria-label={label ?? t('overflow_menu.trigger')}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        className={[open && styles.triggerOpen, className].filter(Boolean).join(' ')}
        onClick={() => (open ? closeMenu(false) : openMenu('first'))}
        onKeyDown={handleTriggerKeyDown}
      />
      {open &&
        portalTarget &&
        createPortal(
          <div
            ref={menuRef}
            id={menuId}
            role="menu"
            aria-labelledby={triggerId}
            tabIndex={-1}
            className={styles.menu}
            onKeyDown={handleMenuKeyDown}
          >
            {items.map((item, index) => (
              <button
                // Items are a fixed list for the life of an open menu; their order is their identity.
                key={index}
                type="button"
                role="menuitem"
                tabIndex={-1}
                disabled={item.disabled}
                aria-disabled={item.disabled || undefined}
                className={[styles.item, item.danger && styles.danger].filter(Boolean).join(' ')}
                onClick={() => select(item)}
              >
                {item.icon !== undefined && item.icon !== null && (
                  <span className={styles.itemIcon} aria-hidden="true">
                    {item.icon}
                  </span>
                )}
                <span className={styles.itemLabel}>{item.label}</span>
              </button>
            ))}
          </div>,
          portalTarget,
        )}
    </>
  );
}

function enabledItems(menu: HTMLElement): HTMLElement[] {
  return Array.from(menu.querySelectorAll<HTMLElement>('[role="menuitem"]:not([disabled])'));
}

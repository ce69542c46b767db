import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '../../lib/i18n.ts';
import { Button, type ButtonSize } from './button.tsx';
import { KebabIcon } from './icon.tsx';
import { useOverflowMenu } from './use-overflow-menu.ts';
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

export function OverflowMenu({ items, label, align = 'end', size = 'sm', className }: OverflowMenuProps) {
  const { t } = useTranslation('ui');
  const { open, portalTarget, triggerRef, menuRef, triggerId, menuId, openMenu, closeMenu, handleTriggerKeyDown, handleMenuKeyDown } =
    useOverflowMenu(align);

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

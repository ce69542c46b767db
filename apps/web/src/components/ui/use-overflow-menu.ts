import { useId, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { useOverflowMenuDismiss } from './use-overflow-menu-dismiss.ts';
import { enabledItems, useOverflowMenuPlacement, type FocusTarget } from './use-overflow-menu-placement.ts';

/** OverflowMenu's state: open or closed, where the menu goes, and the keyboard on the trigger and in the menu. */
export function useOverflowMenu(align: 'start' | 'end') {
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

  useOverflowMenuPlacement(open, align, initialFocus, triggerRef, menuRef);
  useOverflowMenuDismiss(open, setOpen, triggerRef, menuRef);

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

  return {
    open,
    portalTarget,
    triggerRef,
    menuRef,
    triggerId,
    menuId,
    openMenu,
    closeMenu,
    handleTriggerKeyDown,
    handleMenuKeyDown,
  };
}

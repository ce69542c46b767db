import { useLayoutEffect, type RefObject } from 'react';

export type FocusTarget = 'first' | 'last';

const gap = 4;
const viewportMargin = 8;

/** The menu's items that can take focus, in order. */
export function enabledItems(menu: HTMLElement): HTMLElement[] {
  return Array.from(menu.querySelectorAll<HTMLElement>('[role="menuitem"]:not([disabled])'));
}

/** Places the open menu below (or above) its trigger, kept inside the window, then focuses an item. */
export function useOverflowMenuPlacement(
  open: boolean,
  align: 'start' | 'end',
  initialFocus: FocusTarget,
  triggerRef: RefObject<HTMLButtonElement | null>,
  menuRef: RefObject<HTMLDivElement | null>,
) {
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
  }, [open, align, initialFocus, triggerRef, menuRef]);
}

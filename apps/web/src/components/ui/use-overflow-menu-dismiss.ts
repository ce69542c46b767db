import { useEffect, type RefObject } from 'react';

/** Closes the open menu on a press outside it and its trigger, on scrolling, or on a window resize. */
export function useOverflowMenuDismiss(
  open: boolean,
  setOpen: (open: boolean) => void,
  triggerRef: RefObject<HTMLButtonElement | null>,
  menuRef: RefObject<HTMLDivElement | null>,
) {
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
  }, [open, setOpen, triggerRef, menuRef]);
}

import { useEffect, useRef, type PointerEvent as ReactPointerEvent, type MouseEvent as ReactMouseEvent, type RefObject } from 'react';

/*
 * Behaviour shared by Modal and Drawer: page scroll lock, Escape, focus trap and restore, and
 * closing on a press that both starts and ends on the overlay. Dialogs stack: only the topmost one
 * answers Escape and Tab, and the page stays locked until the last one closes.
 */

const focusableSelector = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  'audio[controls]',
  'video[controls]',
  '[contenteditable]:not([contenteditable="false"])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** Elements inside `container` that Tab can reach, in order. */
export function focusableElements(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(focusableSelector)).filter(
    (element) => !element.hasAttribute('inert') && element.closest('[inert]') === null && !isHidden(element),
  );
}

function isHidden(element: HTMLElement): boolean {
  if (element.closest('[hidden], [aria-hidden="true"]')) return true;
  // Where layout exists, skip elements that are not rendered (display: none, collapsed details…).
  return typeof element.checkVisibility === 'function' && !element.checkVisibility();
}

const openDialogs: symbol[] = [];
let scrollLocks = 0;
let savedOverflow = '';
let savedPaddingRight = '';

function lockPageScroll() {
  if (scrollLocks === 0) {
    const body = document.body;
    savedOverflow = body.style.overflow;
    savedPaddingRight = body.style.paddingRight;
    // Hiding the scrollbar would shift the page sideways; pad by its width instead.
    const scrollbarWidth = window.innerWidth - document.documentElement.clientWidth;
    if (scrollbarWidth > 0) {
      const current = parseFloat(getComputedStyle(body).paddingRight) || 0;
      body.style.paddingRight = `${current + scrollbarWidth}px`;
    }
    body.style.overflow = 'hidden';
  }
  scrollLocks += 1;
}

function unlockPageScroll() {
  scrollLocks = Math.max(0, scrollLocks - 1);
  if (scrollLocks === 0) {
    document.body.style.overflow = savedOverflow;
    document.body.style.paddingRight = savedPaddingRight;
  }
}

export interface UseDialogOptions {
  open: boolean;
  onClose: () => void;
  /** The element with role="dialog"; focus is kept inside it. */
  dialogRef: RefObject<HTMLElement | null>;
  /** Receives focus on open. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /**
   * Without initialFocusRef, focus goes to the first focusable element in here (the first form
   * field, say), else to the dialog itself so its title is read first.
   */
  contentRef?: RefObject<HTMLElement | null>;
}

export interface OverlayHandlers {
  onPointerDown: (event: ReactPointerEvent<HTMLElement>) => void;
  onPointerUp: (event: ReactPointerEvent<HTMLElement>) => void;
  onClick: (event: ReactMouseEvent<HTMLElement>) => void;
}

/** Wires an open dialog to the page; returns the handlers to spread on its overlay element. */
export function useDialog({ open, onClose, dialogRef, initialFocusRef, contentRef }: UseDialogOptions): OverlayHandlers {
  // Kept in refs so a parent re-rendering with new callbacks or ref objects does not re-run the
  // open effect (which would release the lock and move focus).
  const latest = useRef({ onClose, initialFocusRef, contentRef });
  useEffect(() => {
    latest.current = { onClose, initialFocusRef, contentRef };
  });

  useEffect(() => {
    if (!open) return;
    const id = Symbol('dialog');
    openDialogs.push(id);
    const isTopmost = () => openDialogs[openDialogs.length - 1] === id;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;

    lockPageScroll();

    const dialog = dialogRef.current;
    if (dialog) {
      const { initialFocusRef: initial, contentRef: content } = latest.current;
      const firstField = content?.current ? focusableElements(content.current)[0] : undefined;
      const target = initial?.current ?? firstField ?? dialog;
      target.focus({ preventScroll: true });
    }

    function handleKeyDown(event: KeyboardEvent) {
      if (!isTopmost() || event.defaultPrevented) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        latest.current.onClose();
        return;
      }
      if (event.key === 'Tab') trapTab(event);
    }

    function trapTab(event: KeyboardEvent) {
      const container = dialogRef.current;
      if (!container) return;
      const focusables = focusableElements(container);
      const first = focusables[0];
      const last = focusables[focusables.length - 1];
      const active = document.activeElement;
      if (!first || !last) {
        event.preventDefault();
        container.focus();
        return;
      }
      const outside = !(active instanceof Node) || !container.contains(active);
      if (event.shiftKey && (outside || active === first || active === container)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (outside || active === last)) {
        event.preventDefault();
        first.focus();
      }
    }

    document.addEventListener('keydown', handleKeyDown);
    return () => {
      document.removeEventListener('keydown', handleKeyDown);
      const index = openDialogs.indexOf(id);
      if (index !== -1) openDialogs.splice(index, 1);
      unlockPageScroll();
      if (previouslyFocused?.isConnected) previouslyFocused.focus({ preventScroll: true });
    };
  }, [open, dialogRef]);

  // A press that starts inside the dialog and is released on the overlay (selecting text, say)
  // still produces a click on the overlay; only a press and release both on the overlay close it.
  const pressedOnOverlay = useRef(false);
  const releasedOnOverlay = useRef(false);

  return {
    onPointerDown(event) {
      pressedOnOverlay.current = event.target === event.currentTarget;
      releasedOnOverlay.current = false;
    },
    onPointerUp(event) {
      releasedOnOverlay.current = event.target === event.currentTarget;
    },
    onClick(event) {
      const shouldClose = event.target === event.currentTarget && pressedOnOverlay.current && releasedOnOverlay.current;
      pressedOnOverlay.current = false;
      releasedOnOverlay.current = false;
      if (shouldClose) latest.current.onClose();
    },
  };
}

/*
 * The signed-in header's title is set by an internal event (specification §2): any screen
 * dispatches a window CustomEvent 'headerTitle' with {parentTitle?, title}. The value is kept at
 * module level because a screen's effect runs before its layout's effect: an event fired on mount
 * must not be lost while the header is still subscribing.
 */
import { useSyncExternalStore } from 'react';

export const headerTitleEvent = 'headerTitle';

export interface HeaderTitleDetail {
  parentTitle?: string;
  title: string;
}

export interface HeaderTitleState extends HeaderTitleDetail {
  /** The page the title was set on; a title set elsewhere is stale for the current page. */
  pathname: string;
}

declare global {
  interface WindowEventMap {
    headerTitle: CustomEvent<HeaderTitleDetail>;
  }
}

let current: HeaderTitleState | null = null;
const listeners = new Set<() => void>();

function onHeaderTitle(event: CustomEvent<HeaderTitleDetail>) {
  const detail = event.detail;
  if (!detail || typeof detail.title !== 'string') return;
  current = {
    title: detail.title,
    parentTitle: detail.parentTitle || undefined,
    pathname: window.location.pathname,
  };
  listeners.forEach((listener) => listener());
}

if (typeof window !== 'undefined') window.addEventListener(headerTitleEvent, onHeaderTitle);

/** Sets the header title ("Parent / Title"); pass an empty parent for a single-level title. */
export function setHeaderTitle(parentTitle: string | undefined, title: string): void {
  window.dispatchEvent(new CustomEvent<HeaderTitleDetail>(headerTitleEvent, { detail: { parentTitle, title } }));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getSnapshot = () => current;

/** The last title set, or null when none was set for `pathname`. */
export function useHeaderTitle(pathname: string): HeaderTitleDetail | null {
  const state = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  if (!state || state.pathname !== pathname) return null;
  return { parentTitle: state.parentTitle, title: state.title };
}

/** Test seam: forgets the last title (mounted headers keep showing theirs until the next event). */
export function resetHeaderTitle(): void {
  current = null;
}

import { useSyncExternalStore } from 'react';

/** Specification §9: at 768 px or less the sidebar becomes a top bar. */
export const mobileQuery = '(max-width: 768px)';
const mobileMaxWidth = 768;

function queryList(): MediaQueryList | null {
  return typeof window.matchMedia === 'function' ? window.matchMedia(mobileQuery) : null;
}

function subscribe(listener: () => void) {
  const list = queryList();
  list?.addEventListener('change', listener);
  window.addEventListener('resize', listener);
  return () => {
    list?.removeEventListener('change', listener);
    window.removeEventListener('resize', listener);
  };
}

function getSnapshot(): boolean {
  const list = queryList();
  return list ? list.matches : window.innerWidth <= mobileMaxWidth;
}

export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, getSnapshot, () => false);
}

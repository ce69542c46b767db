import { useRef, type KeyboardEvent } from 'react';

/** The keys of the WAI-ARIA tabs pattern, and the tab each moves to from `index` of `count` (wrapping). */
function targetOf(key: string, index: number, count: number): number | undefined {
  const last = count - 1;
  if (key === 'ArrowRight') return index === last ? 0 : index + 1;
  if (key === 'ArrowLeft') return index === 0 ? last : index - 1;
  if (key === 'Home') return 0;
  if (key === 'End') return last;
  return undefined;
}

/**
 * A tab list's keyboard and focus, as the WAI-ARIA tabs pattern with automatic activation has them:
 * only the selected tab is in the tab order, the arrow keys (wrapping), Home and End select a tab
 * and move focus to it. `tabProps(item)` goes on each tab's `<button>`; the caller keeps its own
 * ids, labels and panel. `focus(item)` moves focus to a tab, for a link elsewhere that switches it.
 */
export function useTabs<T extends string>(items: readonly T[], selected: T, select: (item: T) => void) {
  const tabs = useRef(new Map<T, HTMLButtonElement>());

  const focus = (item: T) => tabs.current.get(item)?.focus();

  const tabProps = (item: T) => ({
    ref: (element: HTMLButtonElement | null) => {
      if (element) tabs.current.set(item, element);
      else tabs.current.delete(item);
    },
    type: 'button' as const,
    role: 'tab',
    'aria-selected': item === selected,
    tabIndex: item === selected ? 0 : -1,
    onClick: () => select(item),
    onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => {
      const target = targetOf(event.key, items.indexOf(item), items.length);
      if (target === undefined) return;
      event.preventDefault();
      const next = items[target]!;
      select(next);
      focus(next);
    },
  });

  return { tabProps, focus };
}

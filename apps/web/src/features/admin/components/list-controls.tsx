import type { ReactNode } from 'react';
import styles from './list-controls.module.css';

export { ListResults } from './list-results.tsx';
export { Pagination } from './list-pagination.tsx';
export { SearchBox } from './list-search-box.tsx';
export { useListQuery } from './use-list-query.ts';
export { searchDebounceMs } from './use-search-draft.ts';

/** Buttons that pick one filter (pressed state), as a labelled group. */
export function FilterButtons<Filter extends string>({
  label,
  filters,
  value,
  labelOf,
  onChange,
}: {
  label: string;
  filters: readonly Filter[];
  value: Filter;
  labelOf: (filter: Filter) => string;
  onChange: (filter: Filter) => void;
}) {
  return (
    <div role="group" aria-label={label} className={styles.filters}>
      {filters.map((filter) => (
        <button
          key={filter}
          type="button"
          aria-pressed={value === filter}
          className={styles.filter}
          onClick={() => {
            if (value !== filter) onChange(filter);
          }}
        >
          {labelOf(filter)}
        </button>
      ))}
    </div>
  );
}

/** The filters and the search box of a list page, side by side (wrapping on phones). */
export function ListToolbar({ children }: { children: ReactNode }) {
  return <div className={styles.toolbar}>{children}</div>;
}

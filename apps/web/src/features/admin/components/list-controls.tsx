import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../components/ui/icon.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import styles from './list-controls.module.css';

export const searchDebounceMs = 300;

/**
 * A list's filter, search and page live in the query string, so a reload or the back button from
 * an application returns to the same view. `page` is 1-based there and 0-based on the wire.
 */
export function useListQuery<Filter extends string>(filters: readonly Filter[], filterParam: string, fallback: Filter) {
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = searchParams.get(filterParam);
  const filter = filters.find((candidate) => candidate === raw) ?? fallback;
  const q = searchParams.get('q') ?? '';
  const page = Math.max(0, (Number.parseInt(searchParams.get('page') ?? '1', 10) || 1) - 1);

  function update(changes: Record<string, string | null>) {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
  }

  return {
    filter,
    q,
    page,
    setFilter: (value: Filter) => update({ [filterParam]: value === fallback ? null : value, page: null }),
    setQ: (value: string) => update({ q: value.trim() || null, page: null }),
    setPage: (value: number) => update({ page: value > 0 ? String(value + 1) : null }),
  };
}

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

/** A search box that reports what was typed once typing pauses. */
export function SearchBox({
  label,
  placeholder,
  value,
  onSearch,
}: {
  label: string;
  placeholder: string;
  value: string;
  onSearch: (text: string) => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState(value);

  useEffect(() => setDraft(value), [value]);

  useEffect(() => {
    if (draft.trim() === value.trim()) return;
    const timer = window.setTimeout(() => onSearch(draft), searchDebounceMs);
    return () => window.clearTimeout(timer);
    // onSearch is re-created on every render; the draft and the applied value are the triggers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draft, value]);

  return (
    <div className={styles.search} role="search">
      <label htmlFor={id} className={styles.searchLabel}>
        {label}
      </label>
      <input
        id={id}
        type="search"
        className={styles.searchInput}
        placeholder={placeholder}
        value={draft}
        autoComplete="off"
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onSearch(draft);
        }}
      />
    </div>
  );
}

export function Pagination({
  page,
  total,
  pageSize,
  onPage,
}: {
  page: number;
  total: number;
  pageSize: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('admin');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav aria-label={t('pagination.label')} className={styles.pagination}>
      <Button variant="secondary" size="sm" icon={<ChevronLeftIcon size={16} />} disabled={page <= 0} onClick={() => onPage(page - 1)}>
        {t('pagination.previous')}
      </Button>
      <span className={styles.pageInfo} aria-current="page">
        {t('pagination.page', { page: page + 1, pages })}
      </span>
      <Button variant="secondary" size="sm" disabled={page + 1 >= pages} onClick={() => onPage(page + 1)}>
        {t('pagination.next')}
        <ChevronRightIcon size={16} />
      </Button>
    </nav>
  );
}

/** The filters and the search box of a list page, side by side (wrapping on phones). */
export function ListToolbar({ children }: { children: ReactNode }) {
  return <div className={styles.toolbar}>{children}</div>;
}

interface ListResultsProps {
  /** "12 applications" once loaded; announced politely as it changes. */
  countText: string | null;
  isLoading: boolean;
  isValidating: boolean;
  failed: boolean;
  failedText: string;
  onRetry: () => void;
  isEmpty: boolean;
  emptyText: string;
  children: ReactNode;
}

/** A list page's count line, then its rows, or the loading, failed or empty state instead. */
export function ListResults({
  countText,
  isLoading,
  isValidating,
  failed,
  failedText,
  onRetry,
  isEmpty,
  emptyText,
  children,
}: ListResultsProps) {
  const { t } = useTranslation('admin');
  return (
    <>
      <p className={styles.count} aria-live="polite">
        {countText ?? ''}
        {isValidating && countText !== null && <Spinner size="sm" className={styles.inlineSpinner} />}
      </p>
      {failed ? (
        <div className={styles.problem} role="alert">
          <p>{failedText}</p>
          <Button variant="secondary" size="sm" onClick={onRetry}>
            {t('retry')}
          </Button>
        </div>
      ) : isLoading ? (
        <div className={styles.loading}>
          <Spinner size="lg" />
        </div>
      ) : isEmpty ? (
        <p className={styles.empty}>{emptyText}</p>
      ) : (
        children
      )}
    </>
  );
}

import { useSearchParams } from 'react-router';

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

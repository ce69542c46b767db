import { useEffect, useState } from 'react';

export const searchDebounceMs = 300;

/** What is typed in a search box, reported through `onSearch` once typing pauses. */
export function useSearchDraft(value: string, onSearch: (text: string) => void) {
  const [draft, setDraft] = useState(value);

  useEffect(() => setDraft(value), [value]);

  useEffect(() => {
    if (draft.trim() === value.trim()) return;
    const timer = window.setTimeout(() => onSearch(draft), searchDebounceMs);
    return () => window.clearTimeout(timer);
    // onSearch is re-created on every render; the draft and the applied value are the triggers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draft, value]);

  return [draft, setDraft] as const;
}

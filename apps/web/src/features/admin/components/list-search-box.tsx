import { useId } from 'react';
import { useSearchDraft } from './use-search-draft.ts';
import styles from './list-controls.module.css';

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
  const [draft, setDraft] = useSearchDraft(value, onSearch);

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

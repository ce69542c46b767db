import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import styles from './list-controls.module.css';

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

import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import { Spinner, type SpinnerProps } from './spinner.tsx';
import styles from './load-state.module.css';

/**
 * The centred block that stands in for a screen's content while it loads (a Spinner inside) or when
 * it could not be loaded.
 * - `alert`: announce it (role="alert"), e.g. when loading failed.
 */
export function LoadState({ children, alert = false }: { children: ReactNode; alert?: boolean }) {
  return (
    <div className={styles.state} role={alert ? 'alert' : undefined}>
      {children}
    </div>
  );
}

/** A screen's content still loading: the spinner (size and label as Spinner's) in the centred block. */
export function LoadingState(props: SpinnerProps) {
  return (
    <LoadState>
      <Spinner {...props} />
    </LoadState>
  );
}

/**
 * A failed load: what went wrong and a button that tries again.
 * - `alert`: announce it (role="alert"); default true.
 */
export interface LoadFailedProps {
  text: ReactNode;
  retryLabel: ReactNode;
  onRetry: () => void;
  alert?: boolean;
}

export function LoadFailed({ text, retryLabel, onRetry, alert = true }: LoadFailedProps) {
  return (
    <LoadState alert={alert}>
      <p>{text}</p>
      <Button variant="secondary" onClick={onRetry}>
        {retryLabel}
      </Button>
    </LoadState>
  );
}

import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { ErrorIcon, SuccessIcon } from '../../../components/ui/icon.tsx';
import styles from './connections.module.css';

/**
 * The one card of a marketplace's consent callback page (Amazon's popup, Ideasoft's returning tab),
 * announced politely while all is well and as an alert when it failed.
 */
export function CallbackCard({ failed = false, children }: { failed?: boolean; children: ReactNode }) {
  return (
    <main className={styles.callback}>
      <div className={styles.callbackCard} role={failed ? 'alert' : 'status'}>
        {children}
      </div>
    </main>
  );
}

/** How the authorization ended: an icon, a title, a line and the one way on. */
export function CallbackOutcome(props: { succeeded: boolean; title: string; text: string; action: string; onAction: () => void }) {
  const { succeeded, title, text, action, onAction } = props;
  return (
    <CallbackCard failed={!succeeded}>
      <span className={succeeded ? styles.callbackSuccess : styles.callbackFailure} aria-hidden="true">
        {succeeded ? <SuccessIcon size={40} /> : <ErrorIcon size={40} />}
      </span>
      <h1 className={styles.callbackTitle}>{title}</h1>
      <p>{text}</p>
      <Button variant="secondary" onClick={onAction}>
        {action}
      </Button>
    </CallbackCard>
  );
}

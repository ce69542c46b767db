import type { ReactNode } from 'react';
import { ErrorIcon } from '../icon.tsx';
import styles from './field.module.css';

/** The message under one field; renders nothing without a message. */
export function FieldError({ id, message, className }: { id?: string; message?: string; className?: string }) {
  if (!message) return null;
  return (
    <p id={id} className={[styles.error, className].filter(Boolean).join(' ')}>
      {message}
    </p>
  );
}

/**
 * A message about the whole form (a refused sign-in, an expired code). Announced when it appears
 * (`role="alert"`); renders nothing without content.
 */
export function FormError({ children, className }: { children?: ReactNode; className?: string }) {
  if (children === undefined || children === null || children === false || children === '') return null;
  return (
    <div role="alert" className={[styles.formError, className].filter(Boolean).join(' ')}>
      <ErrorIcon size={18} />
      <div>{children}</div>
    </div>
  );
}

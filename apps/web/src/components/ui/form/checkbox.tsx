import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import { FieldError } from './form-error.tsx';
import styles from './field.module.css';

/**
 * A checkbox with its label to the right. Every native input prop (including `ref`) passes through.
 * - `label`: may hold links or buttons (e.g. a term's title that opens its text); clicks on those
 *   act on their own and do not toggle the box.
 * - `error`: message under the box; marks it invalid.
 */
export interface CheckboxProps extends Omit<ComponentPropsWithRef<'input'>, 'type'> {
  label: ReactNode;
  error?: string;
}

export function Checkbox({ label, error, id, className, ...inputProps }: CheckboxProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const labelId = `${inputId}-label`;
  const errorId = `${inputId}-error`;
  return (
    <div className={[styles.checkboxField, className].filter(Boolean).join(' ')}>
      <div className={styles.checkboxRow}>
        <input
          {...inputProps}
          id={inputId}
          type="checkbox"
          className={styles.checkbox}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        {/* Per HTML, a click on a link or button inside a label does not toggle the box. */}
        <label id={labelId} htmlFor={inputId} className={styles.checkboxLabel}>
          {label}
        </label>
      </div>
      <FieldError id={errorId} message={error} className={styles.checkboxError} />
    </div>
  );
}

import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import { FieldError } from './form-error.tsx';
import styles from './field.module.css';

/**
 * A labelled text input. Every native input prop (including `ref`, so react-hook-form's
 * `register` spreads straight in) passes through.
 * - `label`: the visible label, also the input's accessible name.
 * - `error`: message shown under the field; marks the input invalid and describes it.
 * - `hint`: helper text under the field (kept when an error shows).
 * - `prefix`: fixed text before the input (e.g. a country code), hidden from the accessible name.
 * - `adornment`: an element after the input (e.g. a show/hide button).
 * - `requiredMark`: shows a red asterisk after the label.
 */
export interface TextFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'prefix'> {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  prefix?: ReactNode;
  adornment?: ReactNode;
  requiredMark?: boolean;
}

export function TextField({
  label,
  error,
  hint,
  prefix,
  adornment,
  requiredMark = false,
  id,
  className,
  disabled,
  type = 'text',
  ...inputProps
}: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null, inputProps['aria-describedby']].filter(Boolean).join(' ');

  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label className={styles.label} htmlFor={inputId}>
        {label}
        {requiredMark && (
          <span className={styles.required} aria-hidden="true">
            *
          </span>
        )}
      </label>
      <div className={[styles.control, error && styles.invalid, disabled && styles.disabled].filter(Boolean).join(' ')}>
        {prefix !== undefined && prefix !== null && (
          <span className={styles.prefix} aria-hidden="true">
            {prefix}
          </span>
        )}
        <input
          {...inputProps}
          id={inputId}
          type={type}
          disabled={disabled}
          className={styles.input}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
        />
        {adornment !== undefined && adornment !== null && <span className={styles.adornment}>{adornment}</span>}
      </div>
      {hint && (
        <div id={hintId} className={styles.hint}>
          {hint}
        </div>
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

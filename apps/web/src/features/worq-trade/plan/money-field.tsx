import type { ChangeEvent, ReactNode, Ref } from 'react';
import { TextField } from '../../../components/ui/form/text-field.tsx';
import { formatLiraInput } from './money.ts';
import styles from './plan.module.css';

export interface MoneyFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error?: string;
  hint?: ReactNode;
  currency: string;
  inputRef?: Ref<HTMLInputElement>;
  disabled?: boolean;
}

/** How many digits and commas come before `position`: the part of the caret that survives regrouping. */
function significantBefore(text: string, position: number): number {
  return text.slice(0, position).replace(/[^\d,]/g, '').length;
}

function positionAfter(text: string, significant: number): number {
  if (significant === 0) return 0;
  let seen = 0;
  for (let index = 0; index < text.length; index += 1) {
    if (/[\d,]/.test(text[index]!)) seen += 1;
    if (seen === significant) return index + 1;
  }
  return text.length;
}

/**
 * A lira amount typed with Turkish grouping ("1.250.000,50"), regrouped as the seller types while
 * the caret stays after the same digit.
 */
export function MoneyField({ label, name, value, onChange, onBlur, error, hint, currency, inputRef, disabled }: MoneyFieldProps) {
  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const input = event.target;
    const caret = input.selectionStart ?? input.value.length;
    const significant = significantBefore(input.value, caret);
    const formatted = formatLiraInput(input.value);
    onChange(formatted);
    // The controlled value lands on the next render; put the caret back after it.
    requestAnimationFrame(() => {
      if (document.activeElement !== input) return;
      const position = positionAfter(formatted, significant);
      input.setSelectionRange(position, position);
    });
  }

  return (
    <TextField
      ref={inputRef}
      label={label}
      name={name}
      value={value}
      onChange={handleChange}
      onBlur={onBlur}
      error={error}
      hint={hint}
      inputMode="decimal"
      autoComplete="off"
      adornment={
        <span aria-hidden="true" className={styles.currency}>
          {currency}
        </span>
      }
      disabled={disabled}
      requiredMark
    />
  );
}

import { useEffect, useId, useRef, useState, type ChangeEvent, type ClipboardEvent, type KeyboardEvent, type ReactNode } from 'react';
import { FieldError } from './form-error.tsx';
import styles from './field.module.css';

/**
 * A one-box-per-digit code entry (e.g. a six-digit SMS code).
 * - `value` / `onChange`: the digits typed so far, left to right, as one string.
 * - `onComplete`: called once every box holds a digit.
 * - `label`: names the group; `digitLabel(position, length)` names each box for screen readers.
 * - `error`: message under the boxes; marks them invalid.
 * Typing moves to the next box, Backspace on an empty box goes back, arrows move, and pasting (or
 * the phone's one-time-code autofill) spreads the digits over the boxes.
 */
export interface CodeInputProps {
  value: string;
  onChange: (value: string) => void;
  onComplete?: (value: string) => void;
  length?: number;
  label: ReactNode;
  digitLabel: (position: number, length: number) => string;
  error?: string;
  disabled?: boolean;
  autoFocus?: boolean;
  className?: string;
}

function toSlots(value: string, length: number): string[] {
  const digits = value.replace(/\D/g, '').slice(0, length);
  return Array.from({ length }, (_, index) => digits[index] ?? '');
}

export function CodeInput({
  value,
  onChange,
  onComplete,
  length = 6,
  label,
  digitLabel,
  error,
  disabled = false,
  autoFocus = false,
  className,
}: CodeInputProps) {
  const groupId = useId();
  const labelId = `${groupId}-label`;
  const errorId = `${groupId}-error`;
  const inputs = useRef<Array<HTMLInputElement | null>>([]);
  // Slots may hold gaps while the user edits the middle; the parent sees the digits joined.
  const [slots, setSlots] = useState(() => toSlots(value, length));

  useEffect(() => {
    setSlots((current) => (current.join('') === value ? current : toSlots(value, length)));
  }, [value, length]);

  useEffect(() => {
    if (autoFocus) inputs.current[0]?.focus();
  }, [autoFocus]);

  function focusBox(index: number) {
    const target = inputs.current[Math.max(0, Math.min(length - 1, index))];
    target?.focus();
    target?.select();
  }

  function commit(next: string[]) {
    setSlots(next);
    const joined = next.join('');
    onChange(joined);
    if (next.every((slot) => slot !== '')) onComplete?.(joined);
  }

  function spread(digits: string, from: number) {
    const start = digits.length >= length ? 0 : from;
    const next = [...slots];
    let index = start;
    for (const digit of digits) {
      if (index >= length) break;
      next[index] = digit;
      index += 1;
    }
    commit(next);
    focusBox(Math.min(index, length - 1));
  }

  function handleChange(index: number, event: ChangeEvent<HTMLInputElement>) {
    const digits = event.target.value.replace(/\D/g, '');
    if (digits === '') {
      const next = [...slots];
      next[index] = '';
      commit(next);
      return;
    }
    if (digits.length > 2 || (digits.length === 2 && slots[index] === '')) {
      spread(digits, index);
      return;
    }
    // Typing over a filled box: keep the new digit, whichever side of the old one the caret was.
    const old = slots[index] ?? '';
    const typed = digits.length === 2 ? (digits[0] === old ? digits[1] : digits[0]) : digits;
    const next = [...slots];
    next[index] = typed ?? '';
    commit(next);
    if (index < length - 1) focusBox(index + 1);
  }

  function handleKeyDown(index: number, event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Backspace' && slots[index] === '' && index > 0) {
      event.preventDefault();
      const next = [...slots];
      next[index - 1] = '';
      commit(next);
      focusBox(index - 1);
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight' && index < length - 1) {
      event.preventDefault();
      focusBox(index + 1);
    } else if (event.key === 'Home') {
      event.preventDefault();
      focusBox(0);
    } else if (event.key === 'End') {
      event.preventDefault();
      focusBox(length - 1);
    }
  }

  function handlePaste(index: number, event: ClipboardEvent<HTMLInputElement>) {
    const digits = event.clipboardData.getData('text').replace(/\D/g, '');
    event.preventDefault();
    if (digits) spread(digits, index);
  }

  return (
    <div role="group" aria-labelledby={labelId} className={[styles.codeGroup, className].filter(Boolean).join(' ')}>
      <div id={labelId} className={styles.label}>
        {label}
      </div>
      <div className={styles.codeBoxes}>
        {slots.map((slot, index) => (
          <input
            key={index}
            ref={(element) => {
              inputs.current[index] = element;
            }}
            className={styles.codeBox}
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            aria-label={digitLabel(index + 1, length)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            value={slot}
            disabled={disabled}
            onChange={(event) => handleChange(index, event)}
            onKeyDown={(event) => handleKeyDown(index, event)}
            onPaste={(event) => handlePaste(index, event)}
            onFocus={(event) => event.target.select()}
          />
        ))}
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}

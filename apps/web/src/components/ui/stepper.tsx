import type { ComponentPropsWithRef, ReactNode } from 'react';
import { CheckIcon } from './icon.tsx';
import styles from './stepper.module.css';

export interface StepperStep {
  /** Stable key of the step. */
  id: string | number;
  label: ReactNode;
}

export type StepState = 'done' | 'current' | 'upcoming';

/**
 * A numbered list of steps (an `<ol>`): the current one carries `aria-current="step"`, the steps
 * before it are done, the ones after it upcoming. Give it an `aria-label`.
 * - `steps`, `current`: the steps and the index (0-based) of the current one.
 * - `doneMark`: 'check' (default) shows a check on done steps, 'number' keeps their number.
 * - `doneLabel`: read by screen readers after a done step's name (e.g. "completed").
 * - `size`: 'md' (default) or 'sm' (smaller text, e.g. inside a dialog).
 * - `compact`: on narrow screens only the current step shows its name. 'tablet': up to 768px, the
 *   other steps shrink to their mark and keep their name for screen readers. 'phone': up to 480px,
 *   the other steps keep their share of the line (names hidden) and the current one takes three.
 * Other `<ol>` props (className, aria-label…) pass through.
 */
export interface StepperProps extends Omit<ComponentPropsWithRef<'ol'>, 'children'> {
  steps: readonly StepperStep[];
  current: number;
  doneMark?: 'check' | 'number';
  doneLabel?: string;
  size?: 'sm' | 'md';
  compact?: 'tablet' | 'phone';
}

export function Stepper({ steps, current, doneMark = 'check', doneLabel, size = 'md', compact, className, ...props }: StepperProps) {
  return (
    <ol className={[styles.stepper, styles[size], className].filter(Boolean).join(' ')} data-compact={compact} {...props}>
      {steps.map((step, index) => {
        const state: StepState = index < current ? 'done' : index === current ? 'current' : 'upcoming';
        return (
          <li key={step.id} className={styles.item} data-state={state} aria-current={state === 'current' ? 'step' : undefined}>
            <span className={styles.mark} aria-hidden="true">
              {state === 'done' && doneMark === 'check' ? <CheckIcon size={14} /> : index + 1}
            </span>
            <span className={styles.label}>
              {step.label}
              {state === 'done' && doneLabel && <span className="visually-hidden"> {doneLabel}</span>}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

import type { UseFormRegisterReturn } from 'react-hook-form';
import { PasswordField, type PasswordFieldProps } from './password-field.tsx';
import { PasswordRule } from './password-rule.tsx';
import { usePasswordWords } from './use-field-messages.ts';

/**
 * A new password and its repeat, with the live rule checklist between them (sign-up, password
 * reset, profile). The new-password field points at the checklist (aria-describedby).
 * - `ruleId`: the checklist's id, unique on the page.
 * - `password`: what is typed in the new-password field now.
 * - `inputs`: the two fields' registrations (react-hook-form's `register`).
 */
export interface NewPasswordFieldsProps {
  ruleId: string;
  password: string;
  labels: { password: string; repeat: string };
  errors: { password?: string; repeat?: string };
  inputs: { password: UseFormRegisterReturn; repeat: UseFormRegisterReturn };
}

export function NewPasswordFields({ ruleId, password, labels, errors, inputs }: NewPasswordFieldsProps) {
  const { toggle, ruleLabels } = usePasswordWords();
  return (
    <>
      <PasswordField
        label={labels.password}
        autoComplete="new-password"
        {...toggle}
        error={errors.password}
        aria-describedby={ruleId}
        {...inputs.password}
      />
      <PasswordRule id={ruleId} password={password} labels={ruleLabels} />
      <PasswordField label={labels.repeat} autoComplete="new-password" {...toggle} error={errors.repeat} {...inputs.repeat} />
    </>
  );
}

/** The account's current password, asked to confirm a change (profile). */
export function CurrentPasswordField(props: Omit<PasswordFieldProps, 'label' | 'autoComplete' | 'showLabel' | 'hideLabel'>) {
  const { toggle, currentLabel } = usePasswordWords();
  return <PasswordField label={currentLabel} autoComplete="current-password" {...toggle} {...props} />;
}

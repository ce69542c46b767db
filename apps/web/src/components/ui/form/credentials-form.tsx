import { useRef, useState, type ChangeEvent } from 'react';
import { isValidEmail, normalizeEmail } from '@worq/domain/validation';
import { errorFields } from '../../../lib/api-error.ts';
import { PasswordField } from './password-field.tsx';
import { EmailField } from './email-field.tsx';

/*
 * The e-mail and password pair of the two sign-in pages (sellers at `/`, experts at
 * `/admin/login`). A plain controlled form over the shared rules of @worq/domain: a form and a
 * schema library would be most of the login route's own weight for two fields. It behaves like
 * the other forms: checked on submit, re-checked on every change afterwards, the first invalid
 * field focused, the server's field errors shown on their fields.
 */

export type CredentialField = 'email' | 'password';
export type CredentialErrors = Partial<Record<CredentialField, string>>;

export interface CredentialMessages {
  /** '{field} cannot be empty.' for the named field. */
  required: (field: CredentialField) => string;
  invalidEmail: () => string;
}

const fieldOrder: CredentialField[] = ['email', 'password'];

export function useCredentialsForm(messages: CredentialMessages) {
  const [values, setValues] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<CredentialErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const inputs = useRef<Record<CredentialField, HTMLInputElement | null>>({ email: null, password: null });

  function check(field: CredentialField, value: string): string | undefined {
    if (field === 'email') {
      const email = value.trim();
      if (!email) return messages.required('email');
      return isValidEmail(email) ? undefined : messages.invalidEmail();
    }
    return value ? undefined : messages.required('password');
  }

  function showErrors(next: CredentialErrors) {
    setErrors(next);
    const first = fieldOrder.find((field) => next[field]);
    if (first) inputs.current[first]?.focus();
  }

  return {
    values,
    errors,
    inputs,
    onChange(field: CredentialField) {
      return (event: ChangeEvent<HTMLInputElement>) => {
        const value = event.target.value;
        setValues((current) => ({ ...current, [field]: value }));
        if (submitted) setErrors((current) => ({ ...current, [field]: check(field, value) }));
      };
    },
    /** Checks both fields as a submit does: false, with the first invalid field focused, when one is wrong. */
    validate(): boolean {
      setSubmitted(true);
      const found: CredentialErrors = { email: check('email', values.email), password: check('password', values.password) };
      if (found.email || found.password) {
        showErrors(found);
        return false;
      }
      setErrors({});
      return true;
    },
    /** Shows the server's `fields` for e-mail and password; false when the error names neither. */
    showServerErrors(error: unknown): boolean {
      const fromServer: CredentialErrors = {};
      for (const [field, message] of Object.entries(errorFields(error))) {
        if (field === 'email' || field === 'password') fromServer[field] = message;
      }
      if (!fromServer.email && !fromServer.password) return false;
      showErrors(fromServer);
      return true;
    },
    /** What the sign-in call takes: the address trimmed and normalised. */
    credentials: () => ({ email: normalizeEmail(values.email.trim()), password: values.password }),
  };
}

export type CredentialsForm = ReturnType<typeof useCredentialsForm>;

interface CredentialFieldsProps {
  form: CredentialsForm;
  labels: { email: string; password: string; showPassword: string; hidePassword: string };
  /** `email` on the seller page (browsers offer saved addresses), `username` on the expert page. */
  emailAutoComplete?: 'email' | 'username';
}

export function CredentialFields({ form, labels, emailAutoComplete = 'email' }: CredentialFieldsProps) {
  return (
    <>
      <EmailField
        ref={(element) => {
          form.inputs.current.email = element;
        }}
        name="email"
        label={labels.email}
        autoComplete={emailAutoComplete}
        value={form.values.email}
        onChange={form.onChange('email')}
        error={form.errors.email}
      />
      <PasswordField
        ref={(element) => {
          form.inputs.current.password = element;
        }}
        name="password"
        label={labels.password}
        autoComplete="current-password"
        showLabel={labels.showPassword}
        hideLabel={labels.hidePassword}
        value={form.values.password}
        onChange={form.onChange('password')}
        error={form.errors.password}
      />
    </>
  );
}

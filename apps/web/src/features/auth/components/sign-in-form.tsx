import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { isValidEmail, normalizeEmail } from '@worq/domain/validation';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/form/checkbox.tsx';
import { FormError } from '../../../components/ui/form/form-error.tsx';
import { PasswordField } from '../../../components/ui/form/password-field.tsx';
import { TextField } from '../../../components/ui/form/text-field.tsx';
import { errorFields, errorMessage, errorStatus, notifyError } from '../../../lib/api-error.ts';
import { login as storeSession } from '../../../lib/session.ts';
import { decodeClaims } from '../../../lib/token-storage.ts';
import { login } from '../api/login.ts';
import { useAuthMessages } from '../use-auth-messages.ts';
import styles from './auth.module.css';

/*
 * Most visits to `/` end here, so this form stays a plain controlled form over the shared rules of
 * @worq/domain: a form library and a schema library would be most of the login route's own weight
 * for two fields. It behaves like the other forms: checked on submit, re-checked on every change
 * afterwards, the first invalid field focused, server field errors shown on their fields.
 */
type FieldName = 'email' | 'password';
type FieldErrors = Partial<Record<FieldName, string>>;
const fieldOrder: FieldName[] = ['email', 'password'];

export function SignInForm({ onSwitch }: { onSwitch: () => void }) {
  const { t } = useTranslation('auth');
  const { messages, fieldName } = useAuthMessages();
  const navigate = useNavigate();
  const [values, setValues] = useState({ email: '', password: '' });
  const [remember, setRemember] = useState(true);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const inputs = useRef<Record<FieldName, HTMLInputElement | null>>({ email: null, password: null });

  function check(field: FieldName, value: string): string | undefined {
    if (field === 'email') {
      const email = value.trim();
      if (!email) return messages.required(fieldName('email'));
      return isValidEmail(email) ? undefined : messages.invalidEmail();
    }
    return value ? undefined : messages.required(fieldName('password'));
  }

  function showErrors(next: FieldErrors) {
    setErrors(next);
    const first = fieldOrder.find((field) => next[field]);
    if (first) inputs.current[first]?.focus();
  }

  function onChange(field: FieldName) {
    return (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.target.value;
      setValues((current) => ({ ...current, [field]: value }));
      if (submitted) setErrors((current) => ({ ...current, [field]: check(field, value) }));
    };
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setSubmitted(true);
    const found: FieldErrors = { email: check('email', values.email), password: check('password', values.password) };
    if (found.email || found.password) {
      showErrors(found);
      return;
    }
    setErrors({});
    setRefusal(null);
    setBusy(true);
    try {
      const tokens = await login({ email: normalizeEmail(values.email.trim()), password: values.password });
      storeSession(tokens, remember);
      const claims = decodeClaims(tokens.jwt_token);
      await navigate(claims?.is_phone_verified ? '/worq-trade' : '/mobile-verification', { replace: true });
    } catch (error) {
      const fromServer: FieldErrors = {};
      for (const [field, message] of Object.entries(errorFields(error))) {
        if (field === 'email' || field === 'password') fromServer[field] = message;
      }
      if (fromServer.email || fromServer.password) showErrors(fromServer);
      // A refused sign-in stays on screen (a toast would vanish while the user retypes).
      else if (errorStatus(error) === 401) setRefusal(errorMessage(error));
      else void notifyError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t('sign_in.title')}>
      <FormError>{refusal}</FormError>
      <TextField
        ref={(element) => {
          inputs.current.email = element;
        }}
        name="email"
        label={t('fields.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        value={values.email}
        onChange={onChange('email')}
        error={errors.email}
      />
      <PasswordField
        ref={(element) => {
          inputs.current.password = element;
        }}
        name="password"
        label={t('fields.password')}
        autoComplete="current-password"
        showLabel={t('password_toggle.show')}
        hideLabel={t('password_toggle.hide')}
        value={values.password}
        onChange={onChange('password')}
        error={errors.password}
      />
      <div className={styles.between}>
        <Checkbox
          name="remember"
          label={t('sign_in.remember_me')}
          checked={remember}
          onChange={(event) => setRemember(event.target.checked)}
        />
        <Link to="/forgot-password" className={styles.link}>
          {t('sign_in.forgot_link')}
        </Link>
      </div>
      <Button type="submit" size="lg" fullWidth busy={busy} busyText={t('sign_in.busy')}>
        {t('sign_in.submit')}
      </Button>
      <p className={styles.switchLine}>
        {t('sign_in.no_account')}{' '}
        <button type="button" className={styles.inlineButton} onClick={onSwitch}>
          {t('sign_in.to_sign_up')}
        </button>
      </p>
    </form>
  );
}

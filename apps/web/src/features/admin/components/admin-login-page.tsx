import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { isValidEmail, normalizeEmail } from '@worq/domain/validation';
import { Button } from '../../../components/ui/button.tsx';
import { FormError } from '../../../components/ui/form/form-error.tsx';
import { PasswordField } from '../../../components/ui/form/password-field.tsx';
import { TextField } from '../../../components/ui/form/text-field.tsx';
import { LanguageSwitch } from '../../../components/ui/language-switch.tsx';
import { Logo } from '../../../components/ui/nav/logo.tsx';
import { ThemeToggle } from '../../../components/ui/theme-toggle.tsx';
import { errorFields, errorMessage, errorStatus, notifyError } from '../../../lib/api-error.ts';
import { login as storeSession, tokenRole, useSession } from '../../../lib/session.ts';
import { expertLogin, revokeSession } from '../api/expert-session.ts';
import styles from './admin-login-page.module.css';

type FieldName = 'email' | 'password';
type FieldErrors = Partial<Record<FieldName, string>>;

/**
 * /admin/login: the seller sign-in call, but only an expert's token is kept. A seller's pair is
 * revoked at once and never stored, so a wrong door leaves no session behind.
 */
export function Component() {
  const { t } = useTranslation(['admin', 'auth']);
  const navigate = useNavigate();
  const session = useSession();
  const [values, setValues] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [sellerRefused, setSellerRefused] = useState(false);
  const inputs = useRef<Record<FieldName, HTMLInputElement | null>>({ email: null, password: null });

  if (session.isExpert && !busy) return <Navigate to="/admin" replace />;

  const fieldLabel = (field: FieldName) => t(`auth:fields.${field}`);

  function check(field: FieldName, value: string): string | undefined {
    if (field === 'email') {
      const email = value.trim();
      if (!email) return t('auth:validation.required', { field: fieldLabel('email') });
      return isValidEmail(email) ? undefined : t('auth:validation.invalid_email');
    }
    return value ? undefined : t('auth:validation.required', { field: fieldLabel('password') });
  }

  function showErrors(next: FieldErrors) {
    setErrors(next);
    const first = (['email', 'password'] as const).find((field) => next[field]);
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
    setSellerRefused(false);
    setBusy(true);
    try {
      const tokens = await expertLogin({ email: normalizeEmail(values.email.trim()), password: values.password });
      if (tokenRole(tokens.jwt_token) !== 'expert') {
        void revokeSession(tokens.jwt_token, tokens.refresh_token);
        setRefusal(t('login.not_expert'));
        setSellerRefused(true);
        setBusy(false);
        return;
      }
      storeSession(tokens, true);
      await navigate('/admin', { replace: true });
    } catch (error) {
      const fromServer: FieldErrors = {};
      for (const [field, message] of Object.entries(errorFields(error))) {
        if (field === 'email' || field === 'password') fromServer[field] = message;
      }
      if (fromServer.email || fromServer.password) showErrors(fromServer);
      else if (errorStatus(error) === 401) setRefusal(errorMessage(error));
      else void notifyError(error);
      setBusy(false);
    }
  }

  return (
    <div className={styles.layout}>
      <header className={styles.topRow}>
        <span className={styles.brand}>
          <Logo markOnly />
          <span className={styles.consoleTitle}>{t('console_title')}</span>
        </span>
        <div className={styles.switches}>
          <LanguageSwitch />
          <ThemeToggle />
        </div>
      </header>
      <main id="main-content" className={styles.main}>
        <div className={styles.card}>
          <div className={styles.heading}>
            <h1 className={styles.title}>{t('login.title')}</h1>
            <p className={styles.subtitle}>{t('login.subtitle')}</p>
          </div>
          <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t('login.title')}>
            {refusal && (
              <FormError>
                {refusal}
                {sellerRefused && (
                  <>
                    {' '}
                    <Link to="/" className={styles.link}>
                      {t('login.seller_sign_in')}
                    </Link>
                  </>
                )}
              </FormError>
            )}
            <TextField
              ref={(element) => {
                inputs.current.email = element;
              }}
              name="email"
              label={fieldLabel('email')}
              type="email"
              autoComplete="username"
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
              label={fieldLabel('password')}
              autoComplete="current-password"
              showLabel={t('auth:password_toggle.show')}
              hideLabel={t('auth:password_toggle.hide')}
              value={values.password}
              onChange={onChange('password')}
              error={errors.password}
            />
            <Button type="submit" size="lg" fullWidth busy={busy} busyText={t('login.busy')}>
              {t('login.submit')}
            </Button>
          </form>
        </div>
      </main>
    </div>
  );
}

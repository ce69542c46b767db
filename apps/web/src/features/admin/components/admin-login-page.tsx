import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link, Navigate, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { CredentialFields, useCredentialsForm, type CredentialField } from '../../../components/ui/form/credentials-form.tsx';
import { FormError } from '../../../components/ui/form/form-error.tsx';
import { Logo } from '../../../components/ui/nav/logo.tsx';
import { PreferenceSwitches } from '../../../components/ui/preference-switches.tsx';
import { errorMessage, errorStatus, notifyError } from '../../../lib/api-error.ts';
import { revokeSession, login as storeSession, tokenRole, useSession } from '../../../lib/session.ts';
import { expertLogin } from '../api/expert-session.ts';
import styles from './admin-login-page.module.css';

/**
 * /admin/login: the seller sign-in call, but only an expert's token is kept. A seller's pair is
 * revoked at once and never stored, so a wrong door leaves no session behind.
 */
export function Component() {
  const { t } = useTranslation(['admin', 'auth']);
  const navigate = useNavigate();
  const session = useSession();
  const fieldLabel = (field: CredentialField) => t(`auth:fields.${field}`);
  const form = useCredentialsForm({
    required: (field) => t('auth:validation.required', { field: fieldLabel(field) }),
    invalidEmail: () => t('auth:validation.invalid_email'),
  });
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [sellerRefused, setSellerRefused] = useState(false);

  if (session.isExpert && !busy) return <Navigate to="/admin" replace />;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !form.validate()) return;
    setRefusal(null);
    setSellerRefused(false);
    setBusy(true);
    try {
      const tokens = await expertLogin(form.credentials());
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
      if (!form.showServerErrors(error)) {
        if (errorStatus(error) === 401) setRefusal(errorMessage(error));
        else void notifyError(error);
      }
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
        <PreferenceSwitches className={styles.switches} />
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
            <CredentialFields
              form={form}
              emailAutoComplete="username"
              labels={{
                email: fieldLabel('email'),
                password: fieldLabel('password'),
                showPassword: t('auth:password_toggle.show'),
                hidePassword: t('auth:password_toggle.hide'),
              }}
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

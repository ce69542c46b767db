import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/form/checkbox.tsx';
import { CredentialFields, useCredentialsForm } from '../../../components/ui/form/credentials-form.tsx';
import { FormError } from '../../../components/ui/form/form-error.tsx';
import { useFieldMessages } from '../../../components/ui/form/use-field-messages.ts';
import { errorMessage, errorStatus, notifyError } from '../../../lib/api-error.ts';
import { login as storeSession } from '../../../lib/session.ts';
import { decodeClaims } from '../../../lib/token-storage.ts';
import { login } from '../api/login.ts';
import styles from './auth.module.css';

/*
 * Most visits to `/` end here, so this form stays a plain controlled form (credentials-form.tsx)
 * over the shared rules of @worq/domain, without a form or schema library.
 */
export function SignInForm({ onSwitch }: { onSwitch: () => void }) {
  const { t } = useTranslation('auth');
  const { messages, fieldName } = useFieldMessages();
  const navigate = useNavigate();
  const form = useCredentialsForm({ required: (field) => messages.required(fieldName(field)), invalidEmail: messages.invalidEmail });
  const [remember, setRemember] = useState(true);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !form.validate()) return;
    setRefusal(null);
    setBusy(true);
    try {
      const tokens = await login(form.credentials());
      storeSession(tokens, remember);
      const claims = decodeClaims(tokens.jwt_token);
      await navigate(claims?.is_phone_verified ? '/worq-trade' : '/mobile-verification', { replace: true });
    } catch (error) {
      if (form.showServerErrors(error)) return;
      // A refused sign-in stays on screen (a toast would vanish while the user retypes).
      if (errorStatus(error) === 401) setRefusal(errorMessage(error));
      else void notifyError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t('sign_in.title')}>
      <FormError>{refusal}</FormError>
      <CredentialFields
        form={form}
        labels={{
          email: t('fields.email'),
          password: t('fields.password'),
          showPassword: t('password_toggle.show'),
          hidePassword: t('password_toggle.hide'),
        }}
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

import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import * as z from 'zod/mini';
import { normalizeEmail } from '@worq/domain/validation';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/form/checkbox.tsx';
import { FormError } from '../../../components/ui/form/form-error.tsx';
import { PasswordField } from '../../../components/ui/form/password-field.tsx';
import { applyServerFieldErrors } from '../../../components/ui/form/server-errors.ts';
import { TextField } from '../../../components/ui/form/text-field.tsx';
import { errorMessage, errorStatus, notifyError } from '../../../lib/api-error.ts';
import { login as storeSession } from '../../../lib/session.ts';
import { decodeClaims } from '../../../lib/token-storage.ts';
import { login } from '../api/login.ts';
import { useAuthRules } from '../use-auth-rules.ts';
import styles from './auth.module.css';

export function SignInForm({ onSwitch }: { onSwitch: () => void }) {
  const { t } = useTranslation('auth');
  const { rules, fieldName } = useAuthRules();
  const navigate = useNavigate();
  const [refusal, setRefusal] = useState<string | null>(null);

  const schema = useMemo(
    () =>
      z.object({
        email: rules.email(fieldName('email')),
        password: rules.password(fieldName('password')),
        remember: z.boolean(),
      }),
    [rules, fieldName],
  );
  type SignInValues = z.infer<typeof schema>;

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SignInValues>({
    resolver: zodResolver(schema),
    defaultValues: { email: '', password: '', remember: true },
  });

  const onSubmit = handleSubmit(async (values) => {
    setRefusal(null);
    try {
      const tokens = await login({ email: normalizeEmail(values.email), password: values.password });
      storeSession(tokens, values.remember);
      const claims = decodeClaims(tokens.jwt_token);
      await navigate(claims?.is_phone_verified ? '/worq-trade' : '/mobile-verification', { replace: true });
    } catch (error) {
      if (applyServerFieldErrors(error, setError, ['email', 'password'])) return;
      // A refused sign-in stays on screen (a toast would vanish while the user retypes).
      if (errorStatus(error) === 401) setRefusal(errorMessage(error));
      else void notifyError(error);
    }
  });

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={t('sign_in.title')}>
      <FormError>{refusal}</FormError>
      <TextField
        label={t('fields.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <PasswordField
        label={t('fields.password')}
        autoComplete="current-password"
        showLabel={t('password_toggle.show')}
        hideLabel={t('password_toggle.hide')}
        error={errors.password?.message}
        {...register('password')}
      />
      <div className={styles.between}>
        <Checkbox label={t('sign_in.remember_me')} {...register('remember')} />
        <Link to="/forgot-password" className={styles.link}>
          {t('sign_in.forgot_link')}
        </Link>
      </div>
      <Button type="submit" size="lg" fullWidth busy={isSubmitting} busyText={t('sign_in.busy')}>
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

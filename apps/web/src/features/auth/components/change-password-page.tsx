import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link, useNavigate, useSearchParams } from 'react-router';
import * as z from 'zod/mini';
import { Button } from '../../../components/ui/button.tsx';
import { FormError } from '../../../components/ui/form/form-error.tsx';
import { passwordsMatch } from '../../../components/ui/form/field-rules.ts';
import { NewPasswordFields } from '../../../components/ui/form/account-password-fields.tsx';
import { applyServerFieldErrors } from '../../../components/ui/form/server-errors.ts';
import { useFieldRules } from '../../../components/ui/form/use-field-rules.ts';
import { errorCode, notifyError, notifySuccess } from '../../../lib/api-error.ts';
import { resetPassword } from '../api/reset-password.ts';
import { AuthHeading } from './auth-heading.tsx';
import styles from './auth.module.css';
import { useLeaveWarning } from '../../../components/ui/use-leave-warning.tsx';

/** `/change-password?token=…`: the link from the reset e-mail. */
export function Component() {
  const { t } = useTranslation('auth');
  const { rules, fieldName } = useFieldRules();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [tokenRefused, setTokenRefused] = useState(false);

  const schema = useMemo(
    () =>
      z
        .object({
          password: rules.newPassword(fieldName('new_password')),
          password_repeat: rules.password(fieldName('password_repeat')),
        })
        .check(passwordsMatch('password', 'password_repeat', t('validation.passwords_must_match'))),
    [rules, fieldName, t],
  );
  type ResetValues = z.infer<typeof schema>;
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ResetValues>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: { password: '', password_repeat: '' },
  });

  const onSubmit = handleSubmit(async ({ password }) => {
    setTokenRefused(false);
    try {
      await resetPassword(token, password);
      notifySuccess(t('reset.success'));
      await navigate('/', { replace: true });
    } catch (error) {
      if (errorCode(error) === 'invalid_or_expired_token') {
        setTokenRefused(true);
        return;
      }
      if (!applyServerFieldErrors(error, setError, ['password'])) void notifyError(error);
    }
  });

  const badLink = token === '' || tokenRefused;
  const leaveWarning = useLeaveWarning(isDirty && !badLink && !isSubmitting);

  return (
    <div className={styles.page}>
      {leaveWarning}
      <AuthHeading title={t('reset.title')} subtitle={!badLink && t('reset.subtitle')} />
      {badLink ? (
        <>
          <FormError>{token === '' ? t('reset.missing_token') : t('reset.invalid_token')}</FormError>
          <div className={styles.between}>
            <Link to="/" className={styles.link}>
              {t('reset.back')}
            </Link>
            <Link to="/forgot-password" className={styles.link}>
              {t('reset.request_new')}
            </Link>
          </div>
        </>
      ) : (
        <form className={styles.form} onSubmit={onSubmit} noValidate>
          <NewPasswordFields
            ruleId="reset-password-rule"
            password={watch('password')}
            labels={{ password: t('fields.new_password'), repeat: t('fields.new_password_repeat') }}
            errors={{ password: errors.password?.message, repeat: errors.password_repeat?.message }}
            inputs={{ password: register('password'), repeat: register('password_repeat') }}
          />
          <Button type="submit" size="lg" fullWidth busy={isSubmitting} busyText={t('reset.busy')}>
            {t('reset.submit')}
          </Button>
          <p className={styles.switchLine}>
            <Link to="/" className={styles.link}>
              {t('reset.back')}
            </Link>
          </p>
        </form>
      )}
    </div>
  );
}

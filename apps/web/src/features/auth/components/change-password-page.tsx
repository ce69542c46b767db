import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import * as z from 'zod/mini';
import { Button } from '../../../components/ui/button.tsx';
import { FormError } from '../../../components/ui/form/form-error.tsx';
import { PasswordField } from '../../../components/ui/form/password-field.tsx';
import { PasswordRule } from '../../../components/ui/form/password-rule.tsx';
import { applyServerFieldErrors } from '../../../components/ui/form/server-errors.ts';
import { errorCode, notifyError, notifySuccess } from '../../../lib/api-error.ts';
import { resetPassword } from '../api/reset-password.ts';
import { useAuthRules } from '../use-auth-rules.ts';
import styles from './auth.module.css';
import { useLeaveWarning } from '../../../components/ui/use-leave-warning.tsx';

/** `/change-password?token=…`: the link from the reset e-mail. */
export function Component() {
  const { t } = useTranslation('auth');
  const { rules, fieldName, passwordRuleLabels } = useAuthRules();
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
        .check(
          z.refine((values) => values.password === values.password_repeat, {
            path: ['password_repeat'],
            message: t('validation.passwords_must_match'),
          }),
        ),
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
      <div className={styles.heading}>
        <h1 className={styles.title}>{t('reset.title')}</h1>
        {!badLink && <p className={styles.subtitle}>{t('reset.subtitle')}</p>}
      </div>
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
          <PasswordField
            label={t('fields.new_password')}
            autoComplete="new-password"
            showLabel={t('password_toggle.show')}
            hideLabel={t('password_toggle.hide')}
            error={errors.password?.message}
            aria-describedby="reset-password-rule"
            {...register('password')}
          />
          <PasswordRule id="reset-password-rule" password={watch('password')} labels={passwordRuleLabels} />
          <PasswordField
            label={t('fields.new_password_repeat')}
            autoComplete="new-password"
            showLabel={t('password_toggle.show')}
            hideLabel={t('password_toggle.hide')}
            error={errors.password_repeat?.message}
            {...register('password_repeat')}
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

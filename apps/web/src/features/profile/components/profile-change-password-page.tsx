import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from '../../../lib/i18n.ts';
import * as z from 'zod/mini';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { passwordsMatch } from '../../../components/ui/form/field-rules.ts';
import { CurrentPasswordField, NewPasswordFields } from '../../../components/ui/form/account-password-fields.tsx';
import { applyServerFieldErrors } from '../../../components/ui/form/server-errors.ts';
import { useFieldRules } from '../../../components/ui/form/use-field-rules.ts';
import { useLeaveWarning } from '../../../components/ui/use-leave-warning.tsx';
import { errorCode, notifyError, notifySuccess } from '../../../lib/api-error.ts';
import { replaceTokens } from '../../../lib/session.ts';
import { changePassword } from '../api/change-password.ts';
import { ProfileFrame } from './profile-frame.tsx';
import styles from './profile.module.css';

/** `/profile/{id}/change-password` */
export function Component() {
  return (
    <ProfileFrame tab="change-password">
      <ChangePasswordForm />
    </ProfileFrame>
  );
}

const emptyValues = { current_password: '', new_password: '', new_password_repeat: '' };

function ChangePasswordForm() {
  const { t } = useTranslation('profile');
  const { rules, fieldName, t: authT } = useFieldRules();

  const schema = useMemo(
    () =>
      z
        .object({
          current_password: rules.password(fieldName('current_password')),
          new_password: rules.newPassword(fieldName('new_password')),
          new_password_repeat: rules.password(fieldName('password_repeat')),
        })
        .check(
          passwordsMatch('new_password', 'new_password_repeat', authT('validation.passwords_must_match')),
          z.refine((values) => values.new_password !== values.current_password, {
            path: ['new_password'],
            message: t('password.same_password'),
          }),
        ),
    [rules, fieldName, authT, t],
  );
  type ChangePasswordValues = z.infer<typeof schema>;

  const {
    register,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ChangePasswordValues>({ resolver: zodResolver(schema), mode: 'onTouched', defaultValues: emptyValues });
  const leaveWarning = useLeaveWarning(isDirty);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await changePassword(values.current_password, values.new_password);
      // Sessions are revoked on a password change; the answer's fresh pair keeps this one alive.
      replaceTokens({ jwt_token: answer.jwt_token, refresh_token: answer.refresh_token });
      reset(emptyValues);
      notifySuccess(t('password.success'));
    } catch (error) {
      if (errorCode(error) === 'wrong_password') {
        setError('current_password', { type: 'server', message: t('password.wrong_password') }, { shouldFocus: true });
        return;
      }
      const applied = applyServerFieldErrors(error, setError, ['current_password', 'new_password', 'new_password_repeat']);
      if (!applied) void notifyError(error);
    }
  });

  return (
    <Card title={t('password.title')} description={t('password.description')}>
      <form className={`${styles.form} ${styles.narrow}`} onSubmit={onSubmit} noValidate>
        <CurrentPasswordField error={errors.current_password?.message} {...register('current_password')} />
        <NewPasswordFields
          ruleId="profile-password-rule"
          password={watch('new_password')}
          labels={{ password: authT('fields.new_password'), repeat: authT('fields.new_password_repeat') }}
          errors={{ password: errors.new_password?.message, repeat: errors.new_password_repeat?.message }}
          inputs={{ password: register('new_password'), repeat: register('new_password_repeat') }}
        />
        <div className={styles.actions}>
          <Button type="submit" busy={isSubmitting} busyText={t('password.busy')}>
            {t('password.submit')}
          </Button>
        </div>
      </form>
      {leaveWarning}
    </Card>
  );
}

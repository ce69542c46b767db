import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link } from 'react-router';
import * as z from 'zod/mini';
import { normalizeEmail } from '@worq/domain/validation';
import { Button } from '../../../components/ui/button.tsx';
import { SuccessIcon } from '../../../components/ui/icon.tsx';
import { applyServerFieldErrors } from '../../../components/ui/form/server-errors.ts';
import { EmailField } from '../../../components/ui/form/email-field.tsx';
import { notifyError } from '../../../lib/api-error.ts';
import { forgotPassword } from '../api/forgot-password.ts';
import { AuthHeading } from './auth-heading.tsx';
import styles from './auth.module.css';
import { useLeaveWarning } from '../../../components/ui/use-leave-warning.tsx';
import { useFieldRules } from '../../../components/ui/form/use-field-rules.ts';

/** `/forgot-password`: always the same answer, whether or not the address has an account. */
export function Component() {
  const { t } = useTranslation('auth');
  const { rules, fieldName } = useFieldRules();
  const [sent, setSent] = useState(false);
  const schema = useMemo(() => z.object({ email: rules.email(fieldName('email')) }), [rules, fieldName]);
  type ForgotValues = z.infer<typeof schema>;
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ForgotValues>({ resolver: zodResolver(schema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      await forgotPassword(normalizeEmail(email));
      setSent(true);
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, ['email'])) void notifyError(error);
    }
  });

  const leaveWarning = useLeaveWarning(isDirty && !sent && !isSubmitting);

  return (
    <div className={styles.page}>
      {leaveWarning}
      <AuthHeading title={t('forgot.title')} subtitle={!sent && t('forgot.subtitle')} />
      {sent ? (
        <>
          <div className={styles.notice} role="status">
            <SuccessIcon size={22} />
            <div>
              <p className={styles.noticeTitle}>{t('forgot.sent_title')}</p>
              <p>{t('forgot.sent_text')}</p>
            </div>
          </div>
          <div className={styles.between}>
            <Link to="/" className={styles.link}>
              {t('forgot.back')}
            </Link>
            <button
              type="button"
              className={styles.inlineButton}
              onClick={() => {
                reset({ email: '' });
                setSent(false);
              }}
            >
              {t('forgot.send_again')}
            </button>
          </div>
        </>
      ) : (
        <form className={styles.form} onSubmit={onSubmit} noValidate>
          <EmailField label={t('fields.email')} error={errors.email?.message} {...register('email')} />
          <Button type="submit" size="lg" fullWidth busy={isSubmitting} busyText={t('forgot.busy')}>
            {t('forgot.submit')}
          </Button>
          <p className={styles.switchLine}>
            <Link to="/" className={styles.link}>
              {t('forgot.back')}
            </Link>
          </p>
        </form>
      )}
    </div>
  );
}

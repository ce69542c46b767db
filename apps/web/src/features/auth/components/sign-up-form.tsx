import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from '../../../lib/i18n.ts';
import { useNavigate, useSearchParams } from 'react-router';
import * as z from 'zod/mini';
import { normalizeEmail, normalizePhone } from '@worq/domain/validation';
import { Button } from '../../../components/ui/button.tsx';
import { passwordsMatch } from '../../../components/ui/form/field-rules.ts';
import { NewPasswordFields } from '../../../components/ui/form/account-password-fields.tsx';
import { EmailField } from '../../../components/ui/form/email-field.tsx';
import { PhoneField } from '../../../components/ui/form/phone-field.tsx';
import { applyServerFieldErrors } from '../../../components/ui/form/server-errors.ts';
import { TextField } from '../../../components/ui/form/text-field.tsx';
import { useFieldRules } from '../../../components/ui/form/use-field-rules.ts';
import { notifyError } from '../../../lib/api-error.ts';
import { login as storeSession } from '../../../lib/session.ts';
import { registerCustomer } from '../api/register-customer.ts';
import styles from './auth.module.css';
import { ConsentFieldset } from './consent-fieldset.tsx';
import { useLeaveWarning } from '../../../components/ui/use-leave-warning.tsx';

const formFields = ['first_name', 'last_name', 'email', 'phone_number', 'password', 'password_repeat', 'disclosure'] as const;

/** utm_* parameters of the landing URL travel with the registration (analytics attribution). */
function utmFrom(params: URLSearchParams): Record<string, string> | undefined {
  const utm = Object.fromEntries([...params.entries()].filter(([key]) => key.startsWith('utm_')));
  return Object.keys(utm).length > 0 ? utm : undefined;
}

export function SignUpForm({ onSwitch }: { onSwitch: () => void }) {
  const { t } = useTranslation('auth');
  const { rules, fieldName } = useFieldRules();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();

  const schema = useMemo(
    () =>
      z
        .object({
          first_name: rules.name(fieldName('first_name')),
          last_name: rules.name(fieldName('last_name')),
          email: rules.email(fieldName('email')),
          phone_number: rules.phone(fieldName('phone_number')),
          password: rules.newPassword(fieldName('password')),
          password_repeat: rules.password(fieldName('password_repeat')),
          disclosure: z.boolean().check(z.refine((accepted) => accepted, t('validation.disclosure_required'))),
          explicit_consent: z.boolean(),
          commercial_electronic_message: z.boolean(),
        })
        .check(passwordsMatch('password', 'password_repeat', t('validation.passwords_must_match'))),
    [rules, fieldName, t],
  );
  type SignUpValues = z.infer<typeof schema>;

  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<SignUpValues>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: {
      first_name: '',
      last_name: '',
      email: '',
      phone_number: '',
      password: '',
      password_repeat: '',
      disclosure: false,
      explicit_consent: false,
      commercial_electronic_message: false,
    },
  });
  const password = watch('password');
  // Typed data is not lost to a stray click (§2); a submission in flight is leaving on purpose.
  const leaveWarning = useLeaveWarning(isDirty && !isSubmitting);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const tokens = await registerCustomer({
        first_name: values.first_name.trim().replace(/\s+/g, ' '),
        last_name: values.last_name.trim().replace(/\s+/g, ' '),
        email: normalizeEmail(values.email),
        password: values.password,
        phone_number: normalizePhone(values.phone_number) ?? values.phone_number,
        consents: {
          disclosure: values.disclosure,
          explicit_consent: values.explicit_consent,
          commercial_electronic_message: values.commercial_electronic_message,
        },
        utm: utmFrom(searchParams),
      });
      storeSession(tokens, true);
      await navigate('/mobile-verification', { replace: true });
    } catch (error) {
      const applied = applyServerFieldErrors(error, setError, formFields, {
        'consents.disclosure': 'disclosure',
        consents: 'disclosure',
      });
      if (!applied) void notifyError(error);
    }
  });

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={t('sign_up.title')}>
      <div className={styles.row}>
        <TextField
          label={t('fields.first_name')}
          autoComplete="given-name"
          error={errors.first_name?.message}
          {...register('first_name')}
        />
        <TextField label={t('fields.last_name')} autoComplete="family-name" error={errors.last_name?.message} {...register('last_name')} />
      </div>
      <EmailField label={t('fields.email')} error={errors.email?.message} {...register('email')} />
      <PhoneField
        label={t('fields.phone_number')}
        hint={t('sign_up.phone_hint')}
        error={errors.phone_number?.message}
        {...register('phone_number')}
      />
      <NewPasswordFields
        ruleId="sign-up-password-rule"
        password={password}
        labels={{ password: t('fields.password'), repeat: t('fields.password_repeat') }}
        errors={{ password: errors.password?.message, repeat: errors.password_repeat?.message }}
        inputs={{ password: register('password'), repeat: register('password_repeat') }}
      />
      <ConsentFieldset register={register} errors={errors} />
      <Button type="submit" size="lg" fullWidth busy={isSubmitting} busyText={t('sign_up.busy')}>
        {t('sign_up.submit')}
      </Button>
      <p className={styles.switchLine}>
        {t('sign_up.have_account')}{' '}
        <button type="button" className={styles.inlineButton} onClick={onSwitch}>
          {t('sign_up.to_sign_in')}
        </button>
      </p>
      {leaveWarning}
    </form>
  );
}

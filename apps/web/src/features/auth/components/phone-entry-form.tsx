import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from '../../../lib/i18n.ts';
import { z } from 'zod';
import { normalizePhone } from '@worq/domain/validation';
import { Button } from '../../../components/ui/button.tsx';
import { PhoneField } from '../../../components/ui/form/phone-field.tsx';
import { useFieldRules } from '../../../components/ui/form/use-field-rules.ts';
import { useLeaveWarning } from '../../../components/ui/use-leave-warning.tsx';
import { errorFields, notifyError } from '../../../lib/api-error.ts';
import { useSession } from '../../../lib/session.ts';
import { setPhoneNumber } from '../api/set-phone-number.ts';
import styles from './auth.module.css';
import { ConsentFieldset } from './consent-fieldset.tsx';

interface PhoneEntryFormProps {
  /** Called once the number is saved; the page then sends the code to it. */
  onSaved(): void;
}

/**
 * The number to verify, asked of an account that has none yet (a Google sign-up), together with
 * the sign-up consents Google could not give: the disclosure must be acknowledged.
 */
export function PhoneEntryForm({ onSaved }: PhoneEntryFormProps) {
  const { t } = useTranslation('auth');
  const { rules, fieldName } = useFieldRules();
  const { claims, isAuthenticated } = useSession();
  const [saving, setSaving] = useState(false);
  const schema = useMemo(
    () =>
      z.object({
        phone_number: rules.phone(fieldName('phone_number')),
        disclosure: z.boolean().refine((accepted) => accepted, t('validation.disclosure_required')),
        explicit_consent: z.boolean(),
        commercial_electronic_message: z.boolean(),
      }),
    [rules, fieldName, t],
  );
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isDirty },
  } = useForm<z.infer<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { phone_number: '', disclosure: false, explicit_consent: false, commercial_electronic_message: false },
  });

  // Once saved, the page swaps this form for the code form. Signing out ("not you?") clears the
  // session before it navigates: the form is then no longer the user's to keep, so it lets that through.
  const leaveWarning = useLeaveWarning(isDirty && !saving && isAuthenticated);

  const save = handleSubmit(async (values) => {
    setSaving(true);
    try {
      await setPhoneNumber({
        first_name: claims?.first_name ?? '',
        last_name: claims?.last_name ?? '',
        phone_number: normalizePhone(values.phone_number) ?? values.phone_number,
        consents: {
          disclosure: values.disclosure,
          explicit_consent: values.explicit_consent,
          commercial_electronic_message: values.commercial_electronic_message,
        },
      });
      onSaved();
    } catch (error) {
      const fields = errorFields(error);
      if (fields.phone_number) setError('phone_number', { message: fields.phone_number });
      if (fields['consents.disclosure']) setError('disclosure', { message: fields['consents.disclosure'] });
      if (!fields.phone_number && !fields['consents.disclosure']) void notifyError(error);
    } finally {
      setSaving(false);
    }
  });

  return (
    <>
      <form className={styles.form} noValidate onSubmit={(event) => void save(event)}>
        <PhoneField
          label={t('fields.phone_number')}
          hint={t('verification.phone_needed_hint')}
          error={errors.phone_number?.message}
          autoFocus
          {...register('phone_number')}
        />
        <ConsentFieldset register={register} errors={errors} />
        <Button type="submit" size="lg" fullWidth busy={saving} busyText={t('verification.phone_saving')}>
          {t('verification.phone_submit')}
        </Button>
      </form>
      {leaveWarning}
    </>
  );
}

import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from '../../../lib/i18n.ts';
import * as z from 'zod/mini';
import { formatPhone, normalizePhone } from '@worq/domain/validation';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { CurrentPasswordField } from '../../../components/ui/form/account-password-fields.tsx';
import { PhoneField } from '../../../components/ui/form/phone-field.tsx';
import { applyServerFieldErrors } from '../../../components/ui/form/server-errors.ts';
import { TextField } from '../../../components/ui/form/text-field.tsx';
import { Tag } from '../../../components/ui/tag.tsx';
import { useLeaveWarning } from '../../../components/ui/use-leave-warning.tsx';
import { useFieldRules } from '../../../components/ui/form/use-field-rules.ts';
import { notifyError, notifyUpdated } from '../../../lib/api-error.ts';
import { refreshTokens } from '../../../lib/http-client.ts';
import { updateUserInfo, type UserInfo } from '../api/user-info.ts';
import styles from './profile.module.css';

/** `5XX XXX XXXX`: the national part of the `+90 XXX XXX XXXX` display (the prefix is drawn apart). */
function nationalDisplay(phoneNumber: string): string {
  return formatPhone(phoneNumber).replace(/^\+90\s*/, '');
}

const formFields = ['first_name', 'last_name', 'phone_number', 'password'] as const;

export function PersonalInfoForm({ user, onSaved }: { user: UserInfo; onSaved: (user: UserInfo) => void }) {
  const { t } = useTranslation('profile');
  const { rules, fieldName, t: authT } = useFieldRules();

  const schema = useMemo(
    () =>
      z.object({
        first_name: rules.name(fieldName('first_name')),
        last_name: rules.name(fieldName('last_name')),
        phone_number: rules.phone(fieldName('phone_number')),
        // Asked for only when the number changes; the server checks it (Google accounts have none).
        password: z.string(),
      }),
    [rules, fieldName],
  );
  type InfoValues = z.infer<typeof schema>;

  const savedValues = useMemo<InfoValues>(
    () => ({
      first_name: user.first_name,
      last_name: user.last_name,
      phone_number: nationalDisplay(user.phone_number ?? ''),
      password: '',
    }),
    [user],
  );

  const {
    register,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<InfoValues>({ resolver: zodResolver(schema), defaultValues: savedValues });
  const leaveWarning = useLeaveWarning(isDirty);
  const typedPhone = watch('phone_number');
  const replacingPhone =
    Boolean(user.phone_number) && (normalizePhone(typedPhone) ?? typedPhone) !== normalizePhone(user.phone_number ?? '');

  useEffect(() => {
    reset(savedValues);
  }, [savedValues, reset]);

  const onSubmit = handleSubmit(async (values) => {
    const phone = normalizePhone(values.phone_number) ?? values.phone_number;
    const phoneChanged = phone !== normalizePhone(user.phone_number ?? '');
    try {
      const updated = await updateUserInfo({
        first_name: values.first_name.trim().replace(/\s+/g, ' '),
        last_name: values.last_name.trim().replace(/\s+/g, ' '),
        phone_number: phone,
        ...(phoneChanged && values.password ? { password: values.password } : {}),
      });
      onSaved(updated);
      notifyUpdated(phoneChanged ? t('info.phone_changed') : t('info.saved'));
      // The access token carries the names and the verification flag: take a fresh one. With a new,
      // unverified number the route guard then sends the user to phone verification.
      await refreshTokens().catch(() => undefined);
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, formFields)) void notifyError(error);
    }
  });

  return (
    <Card title={t('info.title')} description={t('info.description')}>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <div className={styles.row}>
          <TextField
            label={authT('fields.first_name')}
            autoComplete="given-name"
            error={errors.first_name?.message}
            {...register('first_name')}
          />
          <TextField
            label={authT('fields.last_name')}
            autoComplete="family-name"
            error={errors.last_name?.message}
            {...register('last_name')}
          />
        </div>
        <PhoneField
          label={
            <span className={styles.labelRow}>
              {authT('fields.phone_number')}
              <Tag color={user.is_phone_verified ? 'green' : 'orange'} size="sm" dot>
                {user.is_phone_verified ? t('info.phone_verified') : t('info.phone_unverified')}
              </Tag>
            </span>
          }
          hint={t('info.phone_change_note')}
          error={errors.phone_number?.message}
          {...register('phone_number')}
        />
        {replacingPhone && (
          <CurrentPasswordField hint={t('info.password_hint')} error={errors.password?.message} {...register('password')} />
        )}
        <div className={styles.actions}>
          <Button variant="ghost" disabled={!isDirty || isSubmitting} onClick={() => reset(savedValues)}>
            {t('info.discard')}
          </Button>
          <Button type="submit" disabled={!isDirty} busy={isSubmitting} busyText={t('info.saving')}>
            {t('info.save')}
          </Button>
        </div>
      </form>
      {leaveWarning}
    </Card>
  );
}

import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from '../../../lib/i18n.ts';
import * as z from 'zod/mini';
import { normalizeEmail, phoneCodeLength } from '@worq/domain/validation';
import { applyServerFieldErrors } from '../../../components/ui/form/server-errors.ts';
import { useCloseWarning } from '../../../components/ui/use-close-warning.tsx';
import { useFieldRules } from '../../../components/ui/form/use-field-rules.ts';
import { errorCode, errorMessage, notifyError, notifySuccess } from '../../../lib/api-error.ts';
import { replaceTokens } from '../../../lib/session.ts';
import { requestEmailChange, verifyEmailChange } from '../api/email-change.ts';
import type { UserInfo } from '../api/user-info.ts';
import { classifyCodeError } from './email-code-error.ts';

/** The two steps of ChangeEmailModal: the new address and password form, then the code sent to that address. */
export function useChangeEmail(user: UserInfo, onClose: () => void, onChanged: () => void) {
  const { t } = useTranslation('profile');
  const { rules, fieldName } = useFieldRules();
  const [step, setStep] = useState<{ newEmail: string; expiresInSeconds: number } | null>(null);
  const [restartNotice, setRestartNotice] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [verifying, setVerifying] = useState(false);

  const schema = useMemo(
    () =>
      z.object({
        new_email: rules
          .email(fieldName('new_email'))
          .check(z.refine((value: string) => normalizeEmail(value) !== normalizeEmail(user.email), t('email.same_email'))),
        // Checked by the server: accounts opened with Google have no password and leave it empty.
        password: z.string(),
      }),
    [rules, fieldName, t, user.email],
  );
  type NewEmailValues = z.infer<typeof schema>;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<NewEmailValues>({ resolver: zodResolver(schema), defaultValues: { new_email: '', password: '' } });
  // A typed address or code is not thrown away by a stray Escape or click outside (§5).
  const { requestClose, dialog: closeWarning } = useCloseWarning(step ? code !== '' : isDirty, onClose);

  const sendCode = handleSubmit(async ({ new_email, password }) => {
    const newEmail = normalizeEmail(new_email);
    setRestartNotice(null);
    try {
      const answer = await requestEmailChange(newEmail, password);
      setCode('');
      setCodeError(undefined);
      setStep({ newEmail, expiresInSeconds: answer.expires_in_seconds });
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, ['new_email', 'password'], { email: 'new_email' })) {
        if (errorCode(error) === 'email_taken')
          setError('new_email', { type: 'server', message: errorMessage(error) }, { shouldFocus: true });
        else void notifyError(error);
      }
    }
  });

  async function confirm(value: string) {
    if (verifying || value.length !== phoneCodeLength) return;
    setVerifying(true);
    setCodeError(undefined);
    try {
      const tokens = await verifyEmailChange(value);
      replaceTokens(tokens);
      notifySuccess(t('email.changed_toast'));
      onChanged();
    } catch (error) {
      const outcome = classifyCodeError(error);
      if (outcome === 'expired' || outcome === 'too_many') {
        // The code cannot be used any more (spec §4): back to the first step, address kept.
        setRestartNotice(outcome === 'expired' ? t('email.expired') : t('email.too_many_attempts'));
        setStep(null);
      } else if (outcome === 'invalid') {
        setCodeError(t('email.invalid_code'));
      } else {
        void notifyError(error);
      }
      setCode('');
    } finally {
      setVerifying(false);
    }
  }

  function changeCode(value: string) {
    setCode(value);
    if (codeError) setCodeError(undefined);
  }

  return {
    step,
    backToAddress: () => setStep(null),
    restartNotice,
    code,
    changeCode,
    codeError,
    verifying,
    confirm,
    register,
    errors,
    isSubmitting,
    sendCode,
    requestClose,
    closeWarning,
  };
}

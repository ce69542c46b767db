import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { phoneCodeLength } from '@worq/domain/validation';
import { notifyError, notifySuccess } from '../../../lib/api-error.ts';
import { verifyEmail } from '../api/email-verification.ts';
import { classifyCodeError } from './email-code-error.ts';

/** The code step of verifying the current address: verify_email checks the code activate_email sent. */
export function useVerifyEmail(onVerified: () => void) {
  const { t } = useTranslation('profile');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [expired, setExpired] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(value: string) {
    if (busy || value.length !== phoneCodeLength) return;
    setBusy(true);
    setError(undefined);
    try {
      await verifyEmail(value);
      notifySuccess(t('email.verified_toast'));
      onVerified();
    } catch (caught) {
      const outcome = classifyCodeError(caught);
      if (outcome === 'expired' || outcome === 'too_many') setExpired(true);
      else if (outcome === 'invalid') setError(t('email.invalid_code'));
      else void notifyError(caught);
      setCode('');
    } finally {
      setBusy(false);
    }
  }

  return { code, setCode, error, expired, busy, submit };
}

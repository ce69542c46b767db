import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { useNavigate, useSearchParams } from 'react-router';
import { phoneCodeLength } from '@worq/domain/validation';
import { errorCode, errorNumber, errorStatus, notifyError, notifySuccess } from '../../../lib/api-error.ts';
import { nextParam, safeInternalPath } from '../../../lib/safe-path.ts';
import { replaceTokens, useSession } from '../../../lib/session.ts';
import { useCustomerPhoneNumber } from '../api/phone-number.ts';
import { sendOtp } from '../api/send-otp.ts';
import { verifyOtp } from '../api/verify-otp.ts';
import { useSecondsUntil } from './use-seconds-until.ts';

/** The SMS code flow of `/mobile-verification`: send (once on arrival, then on request), resend countdown, verify. */
export function useMobileVerification() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const session = useSession();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [verifying, setVerifying] = useState(false);
  const [sending, setSending] = useState(false);
  const [maskedPhone, setMaskedPhone] = useState<string | null>(null);
  const [expiresInMinutes, setExpiresInMinutes] = useState<number | null>(null);
  const [resendAt, setResendAt] = useState<number | null>(null);
  /** An account created through Google has no number yet: it is asked for first. */
  const [needsPhone, setNeedsPhone] = useState(false);
  const secondsLeft = useSecondsUntil(resendAt);
  const sentOnce = useRef(false);
  const phone = useCustomerPhoneNumber(session.isAuthenticated && maskedPhone === null);

  const requestCode = useCallback(
    async (announce: boolean) => {
      setSending(true);
      try {
        const answer = await sendOtp();
        setMaskedPhone(answer.masked_phone);
        setExpiresInMinutes(Math.max(1, Math.round(answer.expires_in_seconds / 60)));
        setResendAt(Date.now() + answer.resend_in_seconds * 1000);
        setCode('');
        setCodeError(undefined);
        if (announce) notifySuccess(t('verification.resent'));
      } catch (error) {
        // A code sent moments ago (at sign-up, or before a reload) is still valid: just wait.
        const wait = errorNumber(error, 'resend_in_seconds');
        if (errorCode(error) === 'phone_number_required') {
          setNeedsPhone(true);
        } else if (errorStatus(error) === 429 && wait !== undefined) {
          setResendAt(Date.now() + wait * 1000);
          if (announce) void notifyError(error);
        } else {
          void notifyError(error);
        }
      } finally {
        setSending(false);
      }
    },
    [t],
  );

  useEffect(() => {
    if (!session.isAuthenticated || session.isPhoneVerified || sentOnce.current) return;
    sentOnce.current = true;
    void requestCode(false);
  }, [session.isAuthenticated, session.isPhoneVerified, requestCode]);

  const verify = useCallback(
    async (value: string) => {
      if (value.length !== phoneCodeLength) {
        setCodeError(t('validation.code_incomplete'));
        return;
      }
      setVerifying(true);
      setCodeError(undefined);
      try {
        const tokens = await verifyOtp(value);
        replaceTokens(tokens);
        notifySuccess(t('verification.success'));
        await navigate(safeInternalPath(searchParams.get(nextParam)) ?? '/worq-trade', { replace: true });
      } catch (error) {
        const code = errorCode(error);
        const status = errorStatus(error);
        if (code === 'invalid_code' || (status === 400 && !code)) setCodeError(t('verification.invalid_code'));
        else if (code === 'code_expired' || status === 410) setCodeError(t('verification.code_expired'));
        else if (status === 429) setCodeError(t('verification.too_many_attempts'));
        else void notifyError(error);
        setCode('');
      } finally {
        setVerifying(false);
      }
    },
    [navigate, searchParams, t],
  );

  function changeCode(value: string) {
    setCode(value);
    if (codeError) setCodeError(undefined);
  }

  function phoneSaved() {
    setNeedsPhone(false);
    void requestCode(false);
  }

  return {
    isAuthenticated: session.isAuthenticated,
    needsPhone,
    phoneSaved,
    shownPhone: maskedPhone ?? phone.data?.masked_phone ?? null,
    code,
    changeCode,
    codeError,
    verifying,
    verify,
    sending,
    requestCode,
    expiresInMinutes,
    secondsLeft,
    canResend: secondsLeft === 0 && !sending && !verifying,
  };
}

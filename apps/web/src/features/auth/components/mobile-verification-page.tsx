import { useCallback, useEffect, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { phoneCodeLength } from '@worq/domain/validation';
import { Button } from '../../../components/ui/button.tsx';
import { CodeInput } from '../../../components/ui/form/code-input.tsx';
import { errorCode, errorNumber, errorStatus, notifyError, notifySuccess } from '../../../lib/api-error.ts';
import { nextParam, safeInternalPath } from '../../../lib/safe-path.ts';
import { logout, replaceTokens, useSession } from '../../../lib/session.ts';
import { useCustomerPhoneNumber } from '../api/phone-number.ts';
import { sendOtp } from '../api/send-otp.ts';
import { verifyOtp } from '../api/verify-otp.ts';
import styles from './auth.module.css';
import { PhoneEntryForm } from './phone-entry-form.tsx';

function formatCountdown(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Seconds left until `deadline`, ticking once a second while above zero. */
function useSecondsUntil(deadline: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline === null) return;
    setNow(Date.now());
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= deadline) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [deadline]);
  return deadline === null ? 0 : Math.max(0, Math.ceil((deadline - now) / 1000));
}

/** `/mobile-verification`: the six-digit SMS code, with resend after a countdown. */
export function Component() {
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

  if (!session.isAuthenticated) return <Navigate to="/" replace />;

  if (needsPhone) {
    return (
      <div className={styles.page}>
        <div className={styles.heading}>
          <h1 className={styles.title}>{t('verification.phone_needed_title')}</h1>
          <p className={styles.subtitle}>{t('verification.phone_needed')}</p>
        </div>
        <PhoneEntryForm
          onSaved={() => {
            setNeedsPhone(false);
            void requestCode(false);
          }}
        />
        <p className={styles.switchLine}>
          {t('verification.not_you')}{' '}
          <button type="button" className={styles.inlineButton} onClick={() => void logout()}>
            {t('verification.sign_out')}
          </button>
        </p>
      </div>
    );
  }

  const shownPhone = maskedPhone ?? phone.data?.masked_phone ?? null;
  const canResend = secondsLeft === 0 && !sending && !verifying;

  return (
    <div className={styles.page}>
      <div className={styles.heading}>
        <h1 className={styles.title}>{t('verification.title')}</h1>
        <p className={styles.subtitle}>
          {shownPhone ? (
            <Trans
              t={t}
              i18nKey="verification.sent_to"
              values={{ phone: shownPhone }}
              components={{ strong: <strong className={styles.phone} /> }}
            />
          ) : (
            t('verification.sent_generic')
          )}
        </p>
      </div>
      <form
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void verify(code);
        }}
      >
        <CodeInput
          value={code}
          onChange={(value) => {
            setCode(value);
            if (codeError) setCodeError(undefined);
          }}
          onComplete={(value) => void verify(value)}
          length={phoneCodeLength}
          label={t('verification.code_label')}
          digitLabel={(position, length) => t('verification.digit_label', { position, length })}
          error={codeError}
          disabled={verifying}
          autoFocus
        />
        {expiresInMinutes !== null && (
          <p className={`${styles.note} ${styles.centre}`}>{t('verification.expires_in', { minutes: expiresInMinutes })}</p>
        )}
        <Button type="submit" size="lg" fullWidth busy={verifying} busyText={t('verification.busy')}>
          {t('verification.submit')}
        </Button>
        <div className={styles.resend}>
          {secondsLeft > 0 ? (
            <span className={styles.countdown}>{t('verification.resend_in', { time: formatCountdown(secondsLeft) })}</span>
          ) : (
            <button type="button" className={styles.inlineButton} disabled={!canResend} onClick={() => void requestCode(true)}>
              {sending ? t('verification.resend_busy') : t('verification.resend')}
            </button>
          )}
        </div>
      </form>
      <p className={styles.switchLine}>
        {t('verification.not_you')}{' '}
        <button type="button" className={styles.inlineButton} onClick={() => void logout()}>
          {t('verification.sign_out')}
        </button>
      </p>
    </div>
  );
}

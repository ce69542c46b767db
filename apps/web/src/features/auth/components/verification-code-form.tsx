import { useTranslation } from '../../../lib/i18n.ts';
import { phoneCodeLength } from '@worq/domain/validation';
import { Button } from '../../../components/ui/button.tsx';
import { CodeInput } from '../../../components/ui/form/code-input.tsx';
import styles from './auth.module.css';

function formatCountdown(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}

interface VerificationCodeFormProps {
  code: string;
  onCodeChange: (value: string) => void;
  codeError: string | undefined;
  verifying: boolean;
  onVerify: (value: string) => void;
  expiresInMinutes: number | null;
  secondsLeft: number;
  sending: boolean;
  canResend: boolean;
  onResend: () => void;
}

/** The six-digit code, its validity, the submit button and the resend link (or its countdown). */
export function VerificationCodeForm({
  code,
  onCodeChange,
  codeError,
  verifying,
  onVerify,
  expiresInMinutes,
  secondsLeft,
  sending,
  canResend,
  onResend,
}: VerificationCodeFormProps) {
  const { t } = useTranslation('auth');
  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onVerify(code);
      }}
    >
      <CodeInput
        value={code}
        onChange={onCodeChange}
        onComplete={onVerify}
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
          <button type="button" className={styles.inlineButton} disabled={!canResend} onClick={onResend}>
            {sending ? t('verification.resend_busy') : t('verification.resend')}
          </button>
        )}
      </div>
    </form>
  );
}

import { useTranslation } from '../../../lib/i18n.ts';
import { Trans } from '../../../lib/trans.tsx';
import { Navigate } from 'react-router';
import { logout } from '../../../lib/session.ts';
import { AuthHeading } from './auth-heading.tsx';
import styles from './auth.module.css';
import { PhoneEntryForm } from './phone-entry-form.tsx';
import { useMobileVerification } from './use-mobile-verification.ts';
import { VerificationCodeForm } from './verification-code-form.tsx';

function NotYouLine() {
  const { t } = useTranslation('auth');
  return (
    <p className={styles.switchLine}>
      {t('verification.not_you')}{' '}
      <button type="button" className={styles.inlineButton} onClick={() => void logout()}>
        {t('verification.sign_out')}
      </button>
    </p>
  );
}

/** `/mobile-verification`: the six-digit SMS code, with resend after a countdown. */
export function Component() {
  const { t } = useTranslation('auth');
  const verification = useMobileVerification();
  const { shownPhone, verify, requestCode } = verification;

  if (!verification.isAuthenticated) return <Navigate to="/" replace />;

  if (verification.needsPhone) {
    return (
      <div className={styles.page}>
        <AuthHeading title={t('verification.phone_needed_title')} subtitle={t('verification.phone_needed')} />
        <PhoneEntryForm onSaved={verification.phoneSaved} />
        <NotYouLine />
      </div>
    );
  }

  return (
    <div className={styles.page}>
      <AuthHeading
        title={t('verification.title')}
        subtitle={
          shownPhone ? (
            <Trans
              t={t}
              i18nKey="verification.sent_to"
              values={{ phone: shownPhone }}
              components={{ strong: <strong className={styles.phone} /> }}
            />
          ) : (
            t('verification.sent_generic')
          )
        }
      />
      <VerificationCodeForm
        code={verification.code}
        onCodeChange={verification.changeCode}
        codeError={verification.codeError}
        verifying={verification.verifying}
        onVerify={(value) => void verify(value)}
        expiresInMinutes={verification.expiresInMinutes}
        secondsLeft={verification.secondsLeft}
        sending={verification.sending}
        canResend={verification.canResend}
        onResend={() => void requestCode(true)}
      />
      <NotYouLine />
    </div>
  );
}

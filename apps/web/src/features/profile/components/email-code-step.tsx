import { useTranslation } from '../../../lib/i18n.ts';
import { Trans } from '../../../lib/trans.tsx';
import { phoneCodeLength } from '@worq/domain/validation';
import { CodeInput } from '../../../components/ui/form/code-input.tsx';
import styles from './profile.module.css';

const minutes = (seconds: number) => Math.max(1, Math.round(seconds / 60));

interface CodeStepProps {
  email: string;
  expiresInSeconds: number;
  code: string;
  onCodeChange: (code: string) => void;
  onComplete: (code: string) => void;
  error?: string;
  busy: boolean;
}

export function CodeStep({ email, expiresInSeconds, code, onCodeChange, onComplete, error, busy }: CodeStepProps) {
  const { t } = useTranslation('profile');
  return (
    <div className={styles.modalBody}>
      <p>
        <Trans t={t} i18nKey="email.code_sent_to" values={{ email }} components={{ strong: <strong /> }} />
      </p>
      <CodeInput
        value={code}
        onChange={onCodeChange}
        onComplete={onComplete}
        length={phoneCodeLength}
        label={t('email.code_label')}
        digitLabel={(position, length) => t('email.digit_label', { position, length })}
        error={error}
        disabled={busy}
        autoFocus
      />
      <p className={styles.muted}>{t('email.code_valid_for', { minutes: minutes(expiresInSeconds) })}</p>
    </div>
  );
}

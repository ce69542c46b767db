import { useTranslation } from '../../../lib/i18n.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Tag } from '../../../components/ui/tag.tsx';
import type { UserInfo } from '../api/user-info.ts';
import { ChangeEmailModal } from './change-email-modal.tsx';
import { useEmailVerification } from './use-email-verification.ts';
import { VerifyEmailModal } from './verify-email-modal.tsx';
import styles from './profile.module.css';

export function EmailSection({ user, onChanged }: { user: UserInfo; onChanged: () => void }) {
  const { t } = useTranslation('profile');
  const { verifyState, setVerifyState, changing, setChanging, activating, startVerification } = useEmailVerification();

  return (
    <Card title={t('email.title')} description={t('email.description')}>
      <div className={styles.emailRow}>
        <div className={styles.emailValue}>
          <span className={styles.email}>{user.email}</span>
          <span>
            <Tag color={user.is_email_verified ? 'green' : 'orange'} size="sm" dot>
              {user.is_email_verified ? t('email.verified') : t('email.unverified')}
            </Tag>
          </span>
        </div>
        <div className={styles.emailActions}>
          {!user.is_email_verified && (
            <Button variant="tertiary" busy={activating} onClick={() => void startVerification()}>
              {t('email.verify')}
            </Button>
          )}
          <Button variant="secondary" onClick={() => setChanging(true)}>
            {t('email.change')}
          </Button>
        </div>
      </div>
      {verifyState && (
        <VerifyEmailModal
          user={user}
          expiresInSeconds={verifyState.expiresInSeconds}
          onClose={() => setVerifyState(null)}
          onVerified={() => {
            setVerifyState(null);
            onChanged();
          }}
        />
      )}
      {changing && (
        <ChangeEmailModal
          user={user}
          onClose={() => setChanging(false)}
          onChanged={() => {
            setChanging(false);
            onChanged();
          }}
        />
      )}
    </Card>
  );
}

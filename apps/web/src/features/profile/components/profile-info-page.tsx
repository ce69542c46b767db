import { useTranslation } from '../../../lib/i18n.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useUserInfo } from '../api/user-info.ts';
import { AnalyticsPreference } from './analytics-preference.tsx';
import { EmailSection } from './email-section.tsx';
import { PersonalInfoForm } from './personal-info-form.tsx';
import { ProfileFrame } from './profile-frame.tsx';
import styles from './profile.module.css';

/** `/profile/{id}/info`: names and phone, and the e-mail address with its verification and change flows. */
export function Component() {
  return (
    <ProfileFrame tab="info">
      <ProfileInfo />
    </ProfileFrame>
  );
}

function ProfileInfo() {
  const { t } = useTranslation('profile');
  const { data: user, error, isLoading, mutate } = useUserInfo();

  if (isLoading && !user) {
    return (
      <div className={styles.state}>
        <Spinner size="lg" />
      </div>
    );
  }
  if (!user) {
    return (
      <div className={styles.state} role={error ? 'alert' : undefined}>
        <p>{t('load_failed')}</p>
        <Button variant="secondary" onClick={() => void mutate()}>
          {t('retry')}
        </Button>
      </div>
    );
  }
  return (
    <>
      <PersonalInfoForm user={user} onSaved={(updated) => void mutate(updated, { revalidate: false })} />
      <EmailSection user={user} onChanged={() => void mutate()} />
      <AnalyticsPreference />
    </>
  );
}

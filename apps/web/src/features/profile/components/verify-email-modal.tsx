import { useTranslation } from '../../../lib/i18n.ts';
import { phoneCodeLength } from '@worq/domain/validation';
import { FormError } from '../../../components/ui/form/form-error.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import type { UserInfo } from '../api/user-info.ts';
import { CodeStep } from './email-code-step.tsx';
import { useVerifyEmail } from './use-verify-email.ts';

/** Verifying the current address: activate_email sends a code, verify_email checks it. */
export function VerifyEmailModal({
  user,
  expiresInSeconds,
  onClose,
  onVerified,
}: {
  user: UserInfo;
  expiresInSeconds: number;
  onClose: () => void;
  onVerified: () => void;
}) {
  const { t } = useTranslation('profile');
  const { code, setCode, error, expired, busy, submit } = useVerifyEmail(onVerified);

  return (
    <Modal
      open
      onClose={onClose}
      title={t('email.verify_title')}
      closeLabel={t('email.cancel')}
      onSubmit={expired ? undefined : () => void submit(code)}
      submitLabel={t('email.verify_submit')}
      submitBusy={busy}
      submitDisabled={code.length !== phoneCodeLength}
    >
      {expired ? (
        <FormError>{t('email.expired')}</FormError>
      ) : (
        <CodeStep
          email={user.email}
          expiresInSeconds={expiresInSeconds}
          code={code}
          onCodeChange={setCode}
          onComplete={(value) => void submit(value)}
          error={error}
          busy={busy}
        />
      )}
    </Modal>
  );
}

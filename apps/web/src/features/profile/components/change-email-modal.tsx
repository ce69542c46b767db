import { useTranslation } from '../../../lib/i18n.ts';
import { phoneCodeLength } from '@worq/domain/validation';
import { Button } from '../../../components/ui/button.tsx';
import { FormError } from '../../../components/ui/form/form-error.tsx';
import { CurrentPasswordField } from '../../../components/ui/form/account-password-fields.tsx';
import { EmailField } from '../../../components/ui/form/email-field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import type { UserInfo } from '../api/user-info.ts';
import { CodeStep } from './email-code-step.tsx';
import { useChangeEmail } from './use-change-email.ts';
import styles from './profile.module.css';

/** Changing the address: email_change_request sends a code to the new one, email_change_verify applies it. */
export function ChangeEmailModal({ user, onClose, onChanged }: { user: UserInfo; onClose: () => void; onChanged: () => void }) {
  const { t } = useTranslation('profile');
  const change = useChangeEmail(user, onClose, onChanged);
  const { step, code, verifying, requestClose, closeWarning } = change;

  const { register, errors } = change;
  // One dialog for both steps: the address form first, then the code sent to the new address.
  return (
    <Modal
      open
      onClose={requestClose}
      title={t('email.change_title')}
      footer={
        step ? (
          <>
            <Button variant="ghost" onClick={change.backToAddress} disabled={verifying}>
              {t('email.back')}
            </Button>
            <Button
              onClick={() => void change.confirm(code)}
              busy={verifying}
              busyText={t('email.verifying')}
              disabled={code.length !== phoneCodeLength}
            >
              {t('email.change_submit')}
            </Button>
          </>
        ) : (
          <>
            <Button variant="ghost" onClick={requestClose}>
              {t('email.cancel')}
            </Button>
            <Button type="submit" form="change-email-form" busy={change.isSubmitting} busyText={t('email.sending')}>
              {t('email.send_code')}
            </Button>
          </>
        )
      }
    >
      {step ? (
        <CodeStep
          email={step.newEmail}
          expiresInSeconds={step.expiresInSeconds}
          code={code}
          onCodeChange={change.changeCode}
          onComplete={(value) => void change.confirm(value)}
          error={change.codeError}
          busy={verifying}
        />
      ) : (
        <form id="change-email-form" className={styles.modalBody} onSubmit={change.sendCode} noValidate>
          <FormError>{change.restartNotice}</FormError>
          <EmailField
            label={t('email.new_email')}
            hint={t('email.new_email_hint')}
            error={errors.new_email?.message}
            {...register('new_email')}
          />
          <CurrentPasswordField hint={t('email.password_hint')} error={errors.password?.message} {...register('password')} />
        </form>
      )}
      {closeWarning}
    </Modal>
  );
}

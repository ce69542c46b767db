import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { normalizeEmail, phoneCodeLength } from '@worq/domain/validation';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { CodeInput } from '../../../components/ui/form/code-input.tsx';
import { FormError } from '../../../components/ui/form/form-error.tsx';
import { PasswordField } from '../../../components/ui/form/password-field.tsx';
import { applyServerFieldErrors } from '../../../components/ui/form/server-errors.ts';
import { TextField } from '../../../components/ui/form/text-field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Tag } from '../../../components/ui/tag.tsx';
import { errorCode, errorMessage, errorStatus, notifyError, notifySuccess } from '../../../lib/api-error.ts';
import { replaceTokens } from '../../../lib/session.ts';
import { requestEmailChange, verifyEmailChange } from '../api/email-change.ts';
import { activateEmail, verifyEmail } from '../api/email-verification.ts';
import type { UserInfo } from '../api/user-info.ts';
import { useProfileRules } from '../use-profile-rules.ts';
import styles from './profile.module.css';
import { useCloseWarning } from '../../../components/ui/use-close-warning.tsx';

type CodeOutcome = 'invalid' | 'expired' | 'too_many' | 'other';

function classifyCodeError(error: unknown): CodeOutcome {
  const code = errorCode(error);
  const status = errorStatus(error);
  if (code === 'code_expired' || status === 410) return 'expired';
  if (status === 429) return 'too_many';
  if (code === 'invalid_code' || status === 400) return 'invalid';
  return 'other';
}

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

function CodeStep({ email, expiresInSeconds, code, onCodeChange, onComplete, error, busy }: CodeStepProps) {
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

/** Verifying the current address: activate_email sends a code, verify_email checks it. */
function VerifyEmailModal({
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

/** Changing the address: email_change_request sends a code to the new one, email_change_verify applies it. */
function ChangeEmailModal({ user, onClose, onChanged }: { user: UserInfo; onClose: () => void; onChanged: () => void }) {
  const { t } = useTranslation('profile');
  const { rules, fieldName, authT } = useProfileRules();
  const [step, setStep] = useState<{ newEmail: string; expiresInSeconds: number } | null>(null);
  const [restartNotice, setRestartNotice] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [verifying, setVerifying] = useState(false);

  const schema = useMemo(
    () =>
      z.object({
        new_email: rules
          .email(fieldName('new_email'))
          .check(z.refine((value: string) => normalizeEmail(value) !== normalizeEmail(user.email), t('email.same_email'))),
        // Checked by the server: accounts opened with Google have no password and leave it empty.
        password: z.string(),
      }),
    [rules, fieldName, t, user.email],
  );
  type NewEmailValues = z.infer<typeof schema>;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<NewEmailValues>({ resolver: zodResolver(schema), defaultValues: { new_email: '', password: '' } });
  // A typed address or code is not thrown away by a stray Escape or click outside (§5).
  const { requestClose, dialog: closeWarning } = useCloseWarning(step ? code !== '' : isDirty, onClose);

  const sendCode = handleSubmit(async ({ new_email, password }) => {
    const newEmail = normalizeEmail(new_email);
    setRestartNotice(null);
    try {
      const answer = await requestEmailChange(newEmail, password);
      setCode('');
      setCodeError(undefined);
      setStep({ newEmail, expiresInSeconds: answer.expires_in_seconds });
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, ['new_email', 'password'], { email: 'new_email' })) {
        if (errorCode(error) === 'email_taken')
          setError('new_email', { type: 'server', message: errorMessage(error) }, { shouldFocus: true });
        else void notifyError(error);
      }
    }
  });

  async function confirm(value: string) {
    if (verifying || value.length !== phoneCodeLength) return;
    setVerifying(true);
    setCodeError(undefined);
    try {
      const tokens = await verifyEmailChange(value);
      replaceTokens(tokens);
      notifySuccess(t('email.changed_toast'));
      onChanged();
    } catch (error) {
      const outcome = classifyCodeError(error);
      if (outcome === 'expired' || outcome === 'too_many') {
        // The code cannot be used any more (spec §4): back to the first step, address kept.
        setRestartNotice(outcome === 'expired' ? t('email.expired') : t('email.too_many_attempts'));
        setStep(null);
      } else if (outcome === 'invalid') {
        setCodeError(t('email.invalid_code'));
      } else {
        void notifyError(error);
      }
      setCode('');
    } finally {
      setVerifying(false);
    }
  }

  if (step) {
    return (
      <Modal
        open
        onClose={requestClose}
        title={t('email.change_title')}
        footer={
          <>
            <Button variant="ghost" onClick={() => setStep(null)} disabled={verifying}>
              {t('email.back')}
            </Button>
            <Button
              onClick={() => void confirm(code)}
              busy={verifying}
              busyText={t('email.verifying')}
              disabled={code.length !== phoneCodeLength}
            >
              {t('email.change_submit')}
            </Button>
          </>
        }
      >
        <CodeStep
          email={step.newEmail}
          expiresInSeconds={step.expiresInSeconds}
          code={code}
          onCodeChange={(value) => {
            setCode(value);
            if (codeError) setCodeError(undefined);
          }}
          onComplete={(value) => void confirm(value)}
          error={codeError}
          busy={verifying}
        />
        {closeWarning}
      </Modal>
    );
  }

  return (
    <Modal
      open
      onClose={requestClose}
      title={t('email.change_title')}
      footer={
        <>
          <Button variant="ghost" onClick={requestClose}>
            {t('email.cancel')}
          </Button>
          <Button type="submit" form="change-email-form" busy={isSubmitting} busyText={t('email.sending')}>
            {t('email.send_code')}
          </Button>
        </>
      }
    >
      <form id="change-email-form" className={styles.modalBody} onSubmit={sendCode} noValidate>
        <FormError>{restartNotice}</FormError>
        <TextField
          label={t('email.new_email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          hint={t('email.new_email_hint')}
          error={errors.new_email?.message}
          {...register('new_email')}
        />
        <PasswordField
          label={authT('fields.current_password')}
          autoComplete="current-password"
          hint={t('email.password_hint')}
          showLabel={authT('password_toggle.show')}
          hideLabel={authT('password_toggle.hide')}
          error={errors.password?.message}
          {...register('password')}
        />
      </form>
      {closeWarning}
    </Modal>
  );
}

export function EmailSection({ user, onChanged }: { user: UserInfo; onChanged: () => void }) {
  const { t } = useTranslation('profile');
  const [verifyState, setVerifyState] = useState<{ expiresInSeconds: number } | null>(null);
  const [changing, setChanging] = useState(false);
  const [activating, setActivating] = useState(false);

  async function startVerification() {
    setActivating(true);
    try {
      const answer = await activateEmail();
      setVerifyState({ expiresInSeconds: answer.expires_in_seconds });
    } catch (error) {
      void notifyError(error);
    } finally {
      setActivating(false);
    }
  }

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

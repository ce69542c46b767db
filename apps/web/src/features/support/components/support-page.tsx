import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { CheckIcon } from '../../../components/ui/icon.tsx';
import { FieldError, FormError } from '../../../components/ui/form/form-error.tsx';
import { useFieldMessages } from '../../../components/ui/form/use-field-messages.ts';
import { setHeaderTitle } from '../../../components/ui/nav/header-title.ts';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { useLeaveWarning } from '../../../components/ui/use-leave-warning.tsx';
import { errorFields, errorMessage, errorStatus } from '../../../lib/api-error.ts';
import {
  contactPreferences,
  isSupportTopic,
  sendSupportRequest,
  supportMessageLength,
  supportTopics,
  type ContactPreference,
  type SupportTopic,
} from '../api/support.ts';
import nativeFields from '../../../components/ui/form/native-fields.module.css';
import styles from './support.module.css';

interface Problems {
  topic?: string;
  message?: string;
  contact_preference?: string;
}

/** The form behind "contact us" when no chat is configured; `?topic=` preselects the topic. */
export function SupportForm({ initialTopic }: { initialTopic: SupportTopic | '' }) {
  const { t } = useTranslation('support');
  const { messages } = useFieldMessages();
  const ids = { topic: useId(), message: useId(), preference: useId() };
  const [topic, setTopic] = useState<SupportTopic | ''>(initialTopic);
  const [message, setMessage] = useState('');
  const [preference, setPreference] = useState<ContactPreference | ''>('');
  const [problems, setProblems] = useState<Problems>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const touched = topic !== initialTopic || message.trim() !== '' || preference !== '';
  const leaveWarning = useLeaveWarning(touched && !sent && !busy);

  function check(): Problems {
    const found: Problems = {};
    if (!topic) found.topic = t('errors.topic');
    const length = message.trim().length;
    if (length === 0) found.message = messages.required(t('field_names.message'));
    else if (length < supportMessageLength.min) found.message = messages.minLength(t('field_names.message'), supportMessageLength.min);
    else if (length > supportMessageLength.max) found.message = t('errors.message_long', { max: supportMessageLength.max });
    if (!preference) found.contact_preference = t('errors.preference');
    return found;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const found = check();
    setProblems(found);
    if (Object.keys(found).length > 0 || !topic || !preference) return;
    setBusy(true);
    try {
      await sendSupportRequest({ topic, message: message.trim(), contact_preference: preference });
      setSent(true);
    } catch (error) {
      const fields = errorFields(error);
      if (errorStatus(error) === 400 && Object.keys(fields).length > 0) setProblems(fields);
      else setFormError(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  if (sent) {
    return (
      <div className={styles.sent} role="status">
        <span className={styles.sentIcon} aria-hidden="true">
          <CheckIcon size={28} />
        </span>
        <h2 className={styles.sentTitle}>{t('sent.title')}</h2>
        <p className={styles.note}>{t(`sent.text_${preference || 'email'}`)}</p>
        <Link to="/worq-trade" className={styles.linkButton}>
          {t('sent.back')}
        </Link>
      </div>
    );
  }

  const length = message.trim().length;
  return (
    <>
      <form className={nativeFields.form} noValidate onSubmit={(event) => void submit(event)}>
        {formError && <FormError>{formError}</FormError>}
        <div className={nativeFields.field}>
          <label className={nativeFields.label} htmlFor={ids.topic}>
            {t('fields.topic')}
          </label>
          <select
            id={ids.topic}
            className={nativeFields.select}
            value={topic}
            aria-invalid={problems.topic ? true : undefined}
            aria-describedby={problems.topic ? `${ids.topic}-error` : undefined}
            onChange={(event) => setTopic(isSupportTopic(event.target.value) ? event.target.value : '')}
          >
            <option value="">{t('choose')}</option>
            {supportTopics.map((value) => (
              <option key={value} value={value}>
                {t(`topics.${value}`)}
              </option>
            ))}
          </select>
          <FieldError id={`${ids.topic}-error`} message={problems.topic} />
        </div>
        <div className={nativeFields.field}>
          <label className={nativeFields.label} htmlFor={ids.message}>
            {t('fields.message')}
          </label>
          <textarea
            id={ids.message}
            className={nativeFields.textarea}
            rows={6}
            value={message}
            maxLength={supportMessageLength.max}
            aria-invalid={problems.message ? true : undefined}
            aria-describedby={[`${ids.message}-count`, problems.message ? `${ids.message}-error` : null].filter(Boolean).join(' ')}
            onChange={(event) => setMessage(event.target.value)}
          />
          <p id={`${ids.message}-count`} className={nativeFields.counter}>
            {t('message_count', { count: length, min: supportMessageLength.min, max: supportMessageLength.max })}
          </p>
          <FieldError id={`${ids.message}-error`} message={problems.message} />
        </div>
        <fieldset
          role="radiogroup"
          className={nativeFields.choiceGroup}
          aria-invalid={problems.contact_preference ? true : undefined}
          aria-describedby={problems.contact_preference ? `${ids.preference}-error` : undefined}
        >
          <legend className={nativeFields.legend}>{t('fields.contact_preference')}</legend>
          <div className={nativeFields.choiceGrid}>
            {contactPreferences.map((value) => (
              <label key={value} className={nativeFields.choice}>
                <input
                  type="radio"
                  name={ids.preference}
                  value={value}
                  checked={preference === value}
                  onChange={() => setPreference(value)}
                />
                <span>{t(`preferences.${value}`)}</span>
              </label>
            ))}
          </div>
          <FieldError id={`${ids.preference}-error`} message={problems.contact_preference} />
        </fieldset>
        <div className={styles.actions}>
          <Button type="submit" busy={busy} busyText={t('sending')}>
            {t('submit')}
          </Button>
        </div>
      </form>
      {leaveWarning}
    </>
  );
}

/** `/support`: a support request to the provider's team (the built-in "contact us"). */
export function Component() {
  const { t } = useTranslation('support');
  const [params] = useSearchParams();
  const requested = params.get('topic');

  useEffect(() => {
    setHeaderTitle(undefined, t('title'));
  }, [t]);

  return (
    <div className={styles.page}>
      <PageHeader title={t('heading')} subtitle={t('subtitle')} />
      <Card>
        <SupportForm initialTopic={isSupportTopic(requested) ? requested : ''} />
      </Card>
    </div>
  );
}

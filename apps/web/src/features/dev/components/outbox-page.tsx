import DOMPurify from 'dompurify';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Tag } from '../../../components/ui/tag.tsx';
import { useOutbox, type OutboxMessage } from '../api/get-outbox.ts';
import styles from './outbox-page.module.css';

const codePattern = /\b\d{6}\b/;

function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

function HtmlPreview({ html, title }: { html: string; title: string }) {
  // Sanitized and shown in a sandbox without scripts: mail HTML never runs in the app's origin.
  const safe = DOMPurify.sanitize(html, { WHOLE_DOCUMENT: true });
  return <iframe className={styles.htmlFrame} title={title} sandbox="" srcDoc={safe} loading="lazy" />;
}

function OutboxEntry({ message }: { message: OutboxMessage }) {
  const { t, i18n } = useTranslation('dev');
  const [showHtml, setShowHtml] = useState(false);
  const [copied, setCopied] = useState(false);
  const code = message.body.match(codePattern)?.[0] ?? message.subject?.match(codePattern)?.[0];
  const created = new Date(message.created_at);
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' }).format(created);

  async function copyCode() {
    if (!code) return;
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 1500);
    } catch {
      // Clipboard refused (insecure context): the code stays visible to copy by hand.
    }
  }

  return (
    <li className={styles.entry}>
      <article aria-label={`${t(`outbox.channel.${message.channel}`)} · ${message.to}`}>
        <header className={styles.entryHeader}>
          <Tag color={message.channel === 'sms' ? 'blue' : 'purple'} size="sm">
            {t(`outbox.channel.${message.channel}`)}
          </Tag>
          <span className={styles.to}>{message.to}</span>
          <time className={styles.time} dateTime={message.created_at}>
            {time}
          </time>
        </header>
        {message.subject && <h2 className={styles.subject}>{message.subject}</h2>}
        <p className={styles.body}>{message.body}</p>
        {(code || message.html) && (
          <div className={styles.entryActions}>
            {code && (
              <Button variant="tertiary" size="sm" onClick={() => void copyCode()}>
                {copied ? t('outbox.copied') : t('outbox.copy_code', { code })}
              </Button>
            )}
            {message.html && (
              <Button variant="secondary" size="sm" aria-expanded={showHtml} onClick={() => setShowHtml((value) => !value)}>
                {showHtml ? t('outbox.hide_html') : t('outbox.show_html')}
              </Button>
            )}
          </div>
        )}
        {showHtml && message.html && (
          <HtmlPreview html={message.html} title={t('outbox.html_title', { subject: message.subject ?? message.to })} />
        )}
      </article>
    </li>
  );
}

/** Development only: the SMS and e-mails the outbox transport kept, as a user would read them. */
export function Component() {
  const { t, i18n } = useTranslation('dev');
  const filterId = useId();
  const [filter, setFilter] = useState('');
  const recipient = useDebounced(filter.trim(), 300);
  const { data, error, isLoading, isValidating, mutate } = useOutbox(recipient);
  const [checkedAt, setCheckedAt] = useState<Date | null>(null);

  useEffect(() => {
    if (data) setCheckedAt(new Date());
  }, [data]);

  return (
    <div className={styles.page}>
      <header className={styles.pageHeader}>
        <div>
          <h1>{t('outbox.title')}</h1>
          <p className={styles.lead}>{t('outbox.lead')}</p>
        </div>
        <p className={styles.refresh} aria-live="polite">
          {isValidating ? <Spinner size="sm" label={t('outbox.refreshing')} /> : <span className={styles.liveDot} aria-hidden="true" />}
          {checkedAt
            ? t('outbox.checked_at', { time: new Intl.DateTimeFormat(i18n.language, { timeStyle: 'medium' }).format(checkedAt) })
            : t('outbox.auto_refresh')}
        </p>
      </header>

      <form
        className={styles.filter}
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          void mutate();
        }}
      >
        <label htmlFor={filterId} className={styles.filterLabel}>
          {t('outbox.filter_label')}
        </label>
        <div className={styles.filterRow}>
          <input
            id={filterId}
            type="search"
            className={styles.filterInput}
            value={filter}
            placeholder={t('outbox.filter_placeholder')}
            onChange={(event) => setFilter(event.target.value)}
            autoComplete="off"
          />
          <Button type="submit" variant="secondary">
            {t('outbox.refresh')}
          </Button>
        </div>
        <p className={styles.filterHint}>{t('outbox.filter_hint')}</p>
      </form>

      {isLoading && !data ? (
        <div className={styles.centre}>
          <Spinner size="lg" />
        </div>
      ) : error && !data ? (
        <div className={styles.state} role="alert">
          <p>{t('outbox.load_failed')}</p>
          <Button variant="secondary" size="sm" onClick={() => void mutate()}>
            {t('outbox.retry')}
          </Button>
        </div>
      ) : data && data.length === 0 ? (
        <div className={styles.state}>
          <svg viewBox="0 0 120 80" width="120" height="80" aria-hidden="true" focusable="false" className={styles.emptyArt}>
            <rect x="14" y="14" width="92" height="56" rx="8" />
            <path d="M14 22l46 30 46-30" />
          </svg>
          <h2 className={styles.emptyTitle}>{recipient ? t('outbox.empty_filtered_title') : t('outbox.empty_title')}</h2>
          <p>{recipient ? t('outbox.empty_filtered_text', { to: recipient }) : t('outbox.empty_text')}</p>
        </div>
      ) : (
        <>
          <p className="visually-hidden" aria-live="polite">
            {t('outbox.count', { count: data?.length ?? 0 })}
          </p>
          <ul className={styles.list}>
            {data?.map((message) => (
              <OutboxEntry key={message.id} message={message} />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

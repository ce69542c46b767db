import { useId, type ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { Button } from './button.tsx';
import styles from './error-view.module.css';

interface FeedbackPageLayoutProps {
  illustration: ReactNode;
  title: string;
  text: string;
  children?: ReactNode;
  /** 'section' when shown inside a layout that already has its <main>. */
  as?: 'main' | 'section';
}

/** The centred illustration-title-text layout shared by the error page and the 404 page. */
export function FeedbackPageLayout({ illustration, title, text, children, as: Element = 'main' }: FeedbackPageLayoutProps) {
  const titleId = useId();
  return (
    <Element className={styles.page} aria-labelledby={titleId}>
      <div className={styles.illustration} aria-hidden="true">
        {illustration}
      </div>
      <h1 id={titleId} className={styles.title}>
        {title}
      </h1>
      <p className={styles.text}>{text}</p>
      {children}
    </Element>
  );
}

export interface ErrorViewProps {
  /** For route error responses: e.g. "404 Not Found". */
  statusText?: string;
  message?: string;
  stack?: string;
  /** Defaults to one step back in the browser history. */
  onBack?: () => void;
  as?: 'main' | 'section';
}

/** The generic page error of §8 (also shown when a screen's code fails to load). */
export function ErrorView({ statusText, message, stack, onBack, as }: ErrorViewProps) {
  const { t } = useTranslation('feedback');
  return (
    <FeedbackPageLayout as={as} illustration={<BrokenPageIllustration />} title={t('error_page.title')} text={t('error_page.text')}>
      {statusText && <p className={styles.status}>{statusText}</p>}
      <p className={styles.detail}>
        {t('error_page.detail')}
        {message || t('error_page.unknown_error')}
      </p>
      {stack && (
        <details className={styles.stack}>
          <summary>{t('error_page.stack_summary')}</summary>
          {/* Focusable so keyboard users can scroll a long trace. */}
          <pre tabIndex={0}>{stack}</pre>
        </details>
      )}
      <Button className={styles.back} onClick={onBack ?? (() => window.history.back())}>
        {t('error_page.back')}
      </Button>
    </FeedbackPageLayout>
  );
}

function BrokenPageIllustration() {
  return (
    <svg viewBox="0 0 160 120" width="160" height="120" fill="none">
      <rect x="24" y="14" width="112" height="88" rx="10" fill="var(--color-primary-soft)" stroke="var(--color-primary)" strokeWidth="3" />
      <path d="M24 34h112" stroke="var(--color-primary)" strokeWidth="3" />
      <circle cx="36" cy="24" r="3" fill="var(--color-primary)" />
      <circle cx="46" cy="24" r="3" fill="var(--color-primary)" />
      <path d="M62 56l10 10m0-10L62 66M88 56l10 10m0-10L88 66" stroke="var(--color-danger)" strokeWidth="3" strokeLinecap="round" />
      <path d="M64 86c8-7 24-7 32 0" stroke="var(--color-primary)" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/** For a link that plays the role of the page's main action (e.g. the 404 page's way home). */
export const feedbackPageActionClassName = styles.homeLink;

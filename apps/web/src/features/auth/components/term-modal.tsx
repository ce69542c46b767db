import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import type { TermType } from '@worq/domain/wire/terms';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { sanitizeTermHtml } from '../../../lib/terms.ts';
import { useActiveTerms } from '../api/active-terms.ts';
import styles from './auth.module.css';

export interface TermModalProps {
  /** The consent whose text is shown; null keeps the modal closed. */
  termType: TermType | null;
  onClose: () => void;
  /** Shown as the title until the term (with its own title) has loaded. */
  fallbackTitle: string;
}

type Sanitized = { source: string; html: string } | { source: string; failed: true };

/**
 * One legal text of the sign-up consents, sanitized before it reaches the page. The sign-up form
 * loads this module (with the terms request and DOMPurify) when a consent's text is first opened.
 */
export function TermModal({ termType, onClose, fallbackTitle }: TermModalProps) {
  const { t, i18n } = useTranslation('auth');
  const terms = useActiveTerms(i18n.language);
  const term = termType ? terms.data?.find((candidate) => candidate.term_type === termType) : undefined;
  const [sanitized, setSanitized] = useState<Sanitized | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!term) return;
    let current = true;
    const source = term.content;
    sanitizeTermHtml(source).then(
      (html) => {
        if (current) setSanitized({ source, html });
      },
      (error: unknown) => {
        console.error(error);
        if (current) setSanitized({ source, failed: true });
      },
    );
    return () => {
      current = false;
    };
  }, [term, attempt]);

  // Only the sanitized form of the text on show counts; an older one waits for its replacement.
  const ready = term && sanitized?.source === term.content ? sanitized : null;
  const html = ready && 'html' in ready ? ready.html : null;
  const loading = (terms.isLoading && !term) || (term !== undefined && ready === null);
  const failed = terms.error !== undefined || (ready !== null && 'failed' in ready);

  function retry() {
    if (term) setAttempt((n) => n + 1);
    else void terms.mutate();
  }

  return (
    <Modal open={termType !== null} onClose={onClose} title={term?.title ?? fallbackTitle} expanded closeLabel={t('terms.close')}>
      {term && html !== null ? (
        <>
          {/* Sanitized with DOMPurify (lib/terms.ts) before it is stored. */}
          <div className={styles.terms} data-testid="term-content" dangerouslySetInnerHTML={{ __html: html }} />
          <p className={styles.version}>{t('terms.version', { version: term.version })}</p>
        </>
      ) : loading ? (
        <div className={styles.termsStatus}>
          <Spinner size="lg" label={t('terms.loading')} />
        </div>
      ) : (
        <div className={styles.termsStatus} role={failed ? 'alert' : undefined}>
          <p>{t('terms.load_failed')}</p>
          <Button variant="secondary" size="sm" onClick={retry}>
            {t('terms.retry')}
          </Button>
        </div>
      )}
    </Modal>
  );
}

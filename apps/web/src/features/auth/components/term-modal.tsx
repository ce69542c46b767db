import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { sanitizeTermHtml } from '../../../lib/terms.ts';
import type { ActiveTerm } from '../api/active-terms.ts';
import styles from './auth.module.css';

export interface TermModalProps {
  open: boolean;
  onClose: () => void;
  /** Shown as the title until the term (with its own title) has loaded. */
  fallbackTitle: string;
  term: ActiveTerm | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
}

/** One legal text of the sign-up consents, sanitized before it reaches the page. */
export function TermModal({ open, onClose, fallbackTitle, term, loading, failed, onRetry }: TermModalProps) {
  const { t } = useTranslation('auth');
  const html = useMemo(() => (term ? sanitizeTermHtml(term.content) : ''), [term]);

  return (
    <Modal open={open} onClose={onClose} title={term?.title ?? fallbackTitle} expanded closeLabel={t('terms.close')}>
      {term ? (
        <>
          {/* Sanitized with DOMPurify just above. */}
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
          <Button variant="secondary" size="sm" onClick={onRetry}>
            {t('terms.retry')}
          </Button>
        </div>
      )}
    </Modal>
  );
}

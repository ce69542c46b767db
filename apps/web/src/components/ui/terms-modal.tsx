import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { fetchTerm, sanitizeTermHtml, type TermType } from '../../lib/terms.ts';
import { Button } from './button.tsx';
import { Modal } from './modal.tsx';
import { Spinner } from './spinner.tsx';
import styles from './terms-modal.module.css';

export interface TermsModalProps {
  open: boolean;
  onClose: () => void;
  termType?: TermType;
  /** Defaults to "Gizlilik politikası" / "Privacy policy". */
  title?: string;
}

type LoadState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; html: string };

/** A legal text fetched from the server in the current language, sanitized, inside a modal. */
export function TermsModal({ open, onClose, termType = 'more_info', title }: TermsModalProps) {
  const { t, i18n } = useTranslation('common');
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const language = i18n.language;

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    setState({ status: 'loading' });
    fetchTerm(termType, language, controller.signal)
      .then((term) => sanitizeTermHtml(term.content))
      .then(
        (html) => {
          // The sanitizer can still be arriving when the modal closes or the language changes.
          if (!controller.signal.aborted) setState({ status: 'ready', html });
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          console.error(error);
          setState({ status: 'error' });
        },
      );
    return () => controller.abort();
  }, [open, termType, language, attempt]);

  return (
    <Modal open={open} onClose={onClose} title={title ?? t('terms.privacy_title')}>
      <div className={styles.body} aria-busy={state.status === 'loading'}>
        {state.status === 'loading' && (
          <div className={styles.centre}>
            <Spinner size="lg" label={t('terms.loading')} />
          </div>
        )}
        {state.status === 'error' && (
          <div className={styles.centre} role="alert">
            <p>{t('terms.load_failed')}</p>
            <Button variant="secondary" size="sm" onClick={() => setAttempt((n) => n + 1)}>
              {t('actions.retry')}
            </Button>
          </div>
        )}
        {state.status === 'ready' && (
          // Sanitized by DOMPurify (lib/terms.ts) before it is stored: the server's formatted legal copy.
          <div className={styles.content} data-testid="terms-content" dangerouslySetInnerHTML={{ __html: state.html }} />
        )}
      </div>
    </Modal>
  );
}

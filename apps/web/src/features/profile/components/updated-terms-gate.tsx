/*
 * Issue 16, line 10: when an expert has published a new version of a legal text the seller had
 * accepted, the signed-in pages give way to this form until the seller answers. The disclosure must
 * be accepted to go on; an optional consent is confirmed for the new version or, left unticked,
 * withdrawn. Signing out stays possible from the profile menu.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Checkbox } from '../../../components/ui/form/checkbox.tsx';
import { TermsModal } from '../../../components/ui/terms-modal.tsx';
import { showFieldErrorsOrNotify } from '../../../lib/api-error.ts';
import type { PendingConsent, PendingTerm, UserInfo } from '../api/user-info.ts';
import { acceptTerms } from '../api/accept-terms.ts';
import styles from './updated-terms-gate.module.css';

export interface UpdatedTermsGateProps {
  pending: PendingTerm[];
  /** The refreshed user info once the answer is stored (its pending_terms is then empty). */
  onAnswered: (user: UserInfo) => void;
}

export function UpdatedTermsGate({ pending, onAnswered }: UpdatedTermsGateProps) {
  const { t } = useTranslation('common');
  // Optional consents start ticked: the seller had given them and keeps them unless they untick.
  const [answers, setAnswers] = useState<Partial<Record<PendingConsent, boolean>>>(() =>
    Object.fromEntries(pending.map((term) => [term.consent, !term.required])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [reading, setReading] = useState<PendingTerm | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => headingRef.current?.focus(), []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const missing = pending.filter((term) => term.required && answers[term.consent] !== true);
    if (missing.length > 0) {
      setErrors(Object.fromEntries(missing.map((term) => [term.consent, t('updated_terms.required_error')])));
      document.getElementById(`updated-term-${missing[0]!.consent}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      onAnswered(await acceptTerms(Object.fromEntries(pending.map((term) => [term.consent, answers[term.consent] === true]))));
    } catch (error) {
      showFieldErrorsOrNotify(error, setErrors);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.page}>
      <Card padding="lg" className={styles.card}>
        <h1 ref={headingRef} tabIndex={-1} className={styles.title}>
          {t('updated_terms.title')}
        </h1>
        <p className={styles.intro}>{t('updated_terms.intro')}</p>
        <form noValidate onSubmit={(event) => void submit(event)} className={styles.form}>
          <ul className={styles.list}>
            {pending.map((term) => (
              <li key={term.consent} className={styles.item}>
                <div className={styles.itemHeader}>
                  <h2 className={styles.termTitle}>{term.title}</h2>
                  <span className={styles.version}>{t('updated_terms.version', { from: term.accepted_version, to: term.version })}</span>
                </div>
                {term.change_note && (
                  <p className={styles.note}>
                    <strong>{t('updated_terms.what_changed')}</strong> {term.change_note}
                  </p>
                )}
                <Button
                  variant="tertiary"
                  size="sm"
                  className={styles.read}
                  aria-label={t('updated_terms.read_label', { title: term.title })}
                  onClick={() => setReading(term)}
                >
                  {t('updated_terms.read')}
                </Button>
                <Checkbox
                  id={`updated-term-${term.consent}`}
                  checked={answers[term.consent] === true}
                  onChange={(event) => {
                    const checked = event.currentTarget.checked;
                    setAnswers((current) => ({ ...current, [term.consent]: checked }));
                    setErrors(({ [term.consent]: _cleared, ...rest }) => rest);
                  }}
                  aria-required={term.required || undefined}
                  error={errors[term.consent]}
                  label={
                    <>
                      {t(term.required ? 'updated_terms.accept_required' : 'updated_terms.accept_optional', { title: term.title })}
                      {term.required && (
                        <span className={styles.requiredMark} aria-hidden="true">
                          *
                        </span>
                      )}
                    </>
                  }
                />
                {!term.required && <p className={styles.hint}>{t('updated_terms.optional_hint')}</p>}
              </li>
            ))}
          </ul>
          <Button type="submit" variant="primary" busy={busy} busyText={t('updated_terms.saving')} className={styles.submit}>
            {t('updated_terms.submit')}
          </Button>
        </form>
      </Card>
      <TermsModal open={reading !== null} onClose={() => setReading(null)} termType={reading?.term_type} title={reading?.title} />
    </div>
  );
}

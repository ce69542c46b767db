import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { FieldErrors, FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n.ts';
import { Trans } from '../../../lib/trans.tsx';
import type { TermType } from '@worq/domain/wire/terms';
import { Checkbox } from '../../../components/ui/form/checkbox.tsx';
import styles from './auth.module.css';

export type ConsentName = 'disclosure' | 'explicit_consent' | 'commercial_electronic_message';
export type ConsentValues = Record<ConsentName, boolean>;

const consents: Array<{ name: ConsentName; termType: TermType; labelKey: string; required: boolean }> = [
  { name: 'disclosure', termType: 'disclosure', labelKey: 'sign_up.consent_disclosure', required: true },
  { name: 'explicit_consent', termType: 'consent', labelKey: 'sign_up.consent_explicit', required: false },
  {
    name: 'commercial_electronic_message',
    termType: 'electronic_message',
    labelKey: 'sign_up.consent_electronic_message',
    required: false,
  },
];

// The legal texts (their request and DOMPurify) load when a consent's text is first opened.
const TermModal = lazy(() => import('./term-modal.tsx').then((module) => ({ default: module.TermModal })));

/** The linked words of a consent label; Trans puts the translated words in as children. */
function TermLink({ children, onOpen }: { children?: ReactNode; onOpen: (label: string) => void }) {
  return (
    <button type="button" className={styles.inlineButton} onClick={(event) => onOpen(event.currentTarget.textContent ?? '')}>
      {children}
    </button>
  );
}

interface ConsentFieldsetProps<T extends FieldValues & ConsentValues> {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
}

/**
 * The three sign-up consents (disclosure required, explicit consent and commercial messages
 * optional), each with its legal text one click away. Used by the sign-up form and by the phone
 * step of an account created through Google, which has not given them yet.
 */
export function ConsentFieldset<T extends FieldValues & ConsentValues>({ register, errors }: ConsentFieldsetProps<T>) {
  const { t } = useTranslation('auth');
  const [openTerm, setOpenTerm] = useState<{ type: TermType; label: string } | null>(null);
  // Stays mounted after the first opening, so the texts are not requested again.
  const [termModalWanted, setTermModalWanted] = useState(false);

  return (
    <fieldset className={styles.consents}>
      <legend>{t('sign_up.consents_label')}</legend>
      {consents.map((consent) => {
        const termLink = (
          <TermLink
            onOpen={(label) => {
              setTermModalWanted(true);
              setOpenTerm({ type: consent.termType, label });
            }}
          />
        );
        const error = errors[consent.name]?.message;
        return (
          <Checkbox
            key={consent.name}
            aria-required={consent.required || undefined}
            error={typeof error === 'string' ? error : undefined}
            label={
              <>
                <Trans t={t} i18nKey={consent.labelKey} components={{ term: termLink }} />
                {consent.required && (
                  <span className={styles.requiredMark} aria-hidden="true">
                    *
                  </span>
                )}
              </>
            }
            {...register(consent.name as Path<T>)}
          />
        );
      })}
      <p className={styles.note}>{t('sign_up.required_note')}</p>
      {termModalWanted && (
        <Suspense fallback={null}>
          <TermModal termType={openTerm?.type ?? null} onClose={() => setOpenTerm(null)} fallbackTitle={openTerm?.label ?? ''} />
        </Suspense>
      )}
    </fieldset>
  );
}

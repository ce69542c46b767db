import { lazy, Suspense, useId } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { useSearchParams } from 'react-router';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useTabs } from '../../../components/ui/use-tabs.ts';
import { GoogleSignInButton } from './google-sign-in-button.tsx';
import { SignInForm } from './sign-in-form.tsx';
import { AuthHeading } from './auth-heading.tsx';
import styles from './auth.module.css';

type Mode = 'sign-in' | 'sign-up';
const modes: Mode[] = ['sign-in', 'sign-up'];
const modeParam = 'tab';

/*
 * Most visits to `/` sign in: the sign-up form (its schema, password checklist and consents) is
 * fetched when the sign-up tab is chosen, or as soon as the pointer or focus reaches it.
 */
const loadSignUpForm = () => import('./sign-up-form.tsx');
const SignUpForm = lazy(() => loadSignUpForm().then((module) => ({ default: module.SignUpForm })));

function preloadSignUpForm() {
  // Only a head start: a failure here surfaces (and is retried) when the tab is chosen.
  loadSignUpForm().catch(() => undefined);
}

/** `/`: sign-in and sign-up as two tabs; `?tab=sign-up` opens the second (other query keys stay). */
export function Component() {
  const { t } = useTranslation('auth');
  const [searchParams, setSearchParams] = useSearchParams();
  const mode: Mode = searchParams.get(modeParam) === 'sign-up' ? 'sign-up' : 'sign-in';
  const baseId = useId();

  function select(next: Mode) {
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === 'sign-up') params.set(modeParam, 'sign-up');
        else params.delete(modeParam);
        return params;
      },
      { replace: true },
    );
  }
  const tabs = useTabs(modes, mode, select);
  /** The forms' "sign up instead" / "sign in instead" links: the other tab, focused. */
  function switchTo(next: Mode) {
    select(next);
    tabs.focus(next);
  }

  const heading = mode === 'sign-in' ? t('sign_in.title') : t('sign_up.title');
  const subtitle = mode === 'sign-in' ? t('sign_in.subtitle') : t('sign_up.subtitle');

  return (
    <div className={styles.page}>
      <AuthHeading title={heading} subtitle={subtitle} />
      <div role="tablist" aria-label={t('tabs.label')} className={styles.tabs}>
        {modes.map((item) => (
          <button
            key={item}
            {...tabs.tabProps(item)}
            id={`${baseId}-${item}-tab`}
            aria-controls={mode === item ? `${baseId}-${item}-panel` : undefined}
            className={styles.tab}
            onPointerEnter={item === 'sign-up' ? preloadSignUpForm : undefined}
            onFocus={item === 'sign-up' ? preloadSignUpForm : undefined}
          >
            {item === 'sign-in' ? t('tabs.sign_in') : t('tabs.sign_up')}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${baseId}-${mode}-panel`} aria-labelledby={`${baseId}-${mode}-tab`} className={styles.panel}>
        {mode === 'sign-in' ? (
          <SignInForm onSwitch={() => switchTo('sign-up')} />
        ) : (
          <Suspense
            fallback={
              <div className={styles.panelLoading}>
                <Spinner size="lg" />
              </div>
            }
          >
            <SignUpForm onSwitch={() => switchTo('sign-in')} />
          </Suspense>
        )}
      </div>
      <GoogleSignInButton mode={mode} />
    </div>
  );
}

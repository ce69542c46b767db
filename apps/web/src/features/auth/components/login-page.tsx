import { lazy, Suspense, useId, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { useSearchParams } from 'react-router';
import { Spinner } from '../../../components/ui/spinner.tsx';
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
  const tabRefs = useRef<Record<Mode, HTMLButtonElement | null>>({ 'sign-in': null, 'sign-up': null });

  function select(next: Mode, focus = false) {
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === 'sign-up') params.set(modeParam, 'sign-up');
        else params.delete(modeParam);
        return params;
      },
      { replace: true },
    );
    if (focus) tabRefs.current[next]?.focus();
  }

  function onTabKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const index = modes.indexOf(mode);
    let next: Mode | undefined;
    if (event.key === 'ArrowRight') next = modes[(index + 1) % modes.length];
    else if (event.key === 'ArrowLeft') next = modes[(index - 1 + modes.length) % modes.length];
    else if (event.key === 'Home') next = modes[0];
    else if (event.key === 'End') next = modes[modes.length - 1];
    if (next) {
      event.preventDefault();
      select(next, true);
    }
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
            ref={(element) => {
              tabRefs.current[item] = element;
            }}
            type="button"
            role="tab"
            id={`${baseId}-${item}-tab`}
            aria-selected={mode === item}
            aria-controls={mode === item ? `${baseId}-${item}-panel` : undefined}
            tabIndex={mode === item ? 0 : -1}
            className={styles.tab}
            onClick={() => select(item)}
            onKeyDown={onTabKeyDown}
            onPointerEnter={item === 'sign-up' ? preloadSignUpForm : undefined}
            onFocus={item === 'sign-up' ? preloadSignUpForm : undefined}
          >
            {item === 'sign-in' ? t('tabs.sign_in') : t('tabs.sign_up')}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${baseId}-${mode}-panel`} aria-labelledby={`${baseId}-${mode}-tab`} className={styles.panel}>
        {mode === 'sign-in' ? (
          <SignInForm onSwitch={() => select('sign-up', true)} />
        ) : (
          <Suspense
            fallback={
              <div className={styles.panelLoading}>
                <Spinner size="lg" />
              </div>
            }
          >
            <SignUpForm onSwitch={() => select('sign-in', true)} />
          </Suspense>
        )}
      </div>
      <GoogleSignInButton mode={mode} />
    </div>
  );
}

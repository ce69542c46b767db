import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { useNavigate } from 'react-router';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { apiMessageToastOptions, toast } from '../../../components/ui/toast/toast-store.ts';
import { notifyError } from '../../../lib/api-error.ts';
import { useRuntimeSettings } from '../../../lib/runtime-settings.ts';
import { login as storeSession } from '../../../lib/session.ts';
import { useTheme } from '../../../lib/theme.ts';
import { decodeClaims } from '../../../lib/token-storage.ts';
import { googleLogin } from '../api/google-login.ts';
import styles from './google-sign-in-button.module.css';
import { announceAuth } from '../../../lib/analytics/auth-events.ts';

/*
 * "Sign in with Google" through Google Identity Services (specification §6, §7). The script is
 * fetched from accounts.google.com only when the server supplies a client id; without one (or
 * when the script cannot load) nothing is shown. Google hands back an ID token (`credential`) and
 * how the account was picked (`select_by`); both go to POST /auth/google/login.
 */

export type GoogleButtonSize = 'large' | 'medium' | 'small';
/** Sign-in button heights of §9, in CSS pixels (Google draws the button at these sizes). */
export const googleButtonHeights: Record<GoogleButtonSize, number> = { large: 40, medium: 32, small: 20 };

export const googleScriptUrl = 'https://accounts.google.com/gsi/client';

interface GoogleCredentialResponse {
  credential?: string;
  select_by?: string;
}

interface GoogleAccountsId {
  initialize(options: {
    client_id: string;
    callback: (response: GoogleCredentialResponse) => void;
    context?: 'signin' | 'signup' | 'use';
    ux_mode?: 'popup' | 'redirect';
    itp_support?: boolean;
  }): void;
  renderButton(
    parent: HTMLElement,
    options: {
      type?: 'standard' | 'icon';
      theme?: 'outline' | 'filled_blue' | 'filled_black';
      size?: GoogleButtonSize;
      text?: 'signin_with' | 'signup_with' | 'continue_with' | 'signin';
      shape?: 'rectangular' | 'pill' | 'circle' | 'square';
      logo_alignment?: 'left' | 'center';
      width?: number;
      locale?: string;
    },
  ): void;
}

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleAccountsId } };
  }
}

function googleAccountsId(): GoogleAccountsId | undefined {
  return window.google?.accounts?.id;
}

let scriptLoad: Promise<GoogleAccountsId> | null = null;

/** Adds Google's script once (later callers share it); resolves when `google.accounts.id` is there. */
export function loadGoogleIdentityServices(): Promise<GoogleAccountsId> {
  const ready = googleAccountsId();
  if (ready) return Promise.resolve(ready);
  scriptLoad ??= new Promise<GoogleAccountsId>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = googleScriptUrl;
    script.async = true;
    script.onload = () => {
      const api = googleAccountsId();
      if (api) resolve(api);
      else reject(new Error('Google Identity Services did not start'));
    };
    script.onerror = () => reject(new Error('Google Identity Services could not be loaded'));
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    // Allow a later visit of the page to try again.
    scriptLoad = null;
    throw error;
  });
  return scriptLoad;
}

// Google draws buttons between 200 and 400 px wide.
const minWidth = 200;
const maxWidth = 400;

export interface GoogleSignInButtonProps {
  /** Sign-in (default) or sign-up wording on the button. */
  mode?: 'sign-in' | 'sign-up';
  size?: GoogleButtonSize;
}

export function GoogleSignInButton({ mode = 'sign-in', size = 'large' }: GoogleSignInButtonProps) {
  const { t, i18n } = useTranslation('auth');
  const { settings } = useRuntimeSettings();
  const { isDark } = useTheme();
  const navigate = useNavigate();
  const clientId = settings?.google_client_id ?? null;
  const host = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);

  // Google keeps the first callback it is given; it always calls the current one through this ref.
  const onCredential = useRef<(response: GoogleCredentialResponse) => void>(() => undefined);
  onCredential.current = (response) => {
    void (async () => {
      if (!response.credential) {
        toast.error(t('google.failed'), apiMessageToastOptions);
        return;
      }
      if (busyRef.current) return;
      busyRef.current = true;
      setBusy(true);
      try {
        const tokens = await googleLogin({ credential: response.credential, select_by: response.select_by ?? '' });
        storeSession({ jwt_token: tokens.jwt_token, refresh_token: tokens.refresh_token }, true);
        // The server's words (already in the page language), e.g. that an old password was removed.
        if (tokens.notice) toast.warning(tokens.notice, apiMessageToastOptions);
        announceAuth({ method: 'google', flow: tokens.flow });
        // A new account is welcomed on its way to the phone step; a returning one goes straight in.
        if (tokens.flow === 'sign_up') toast.success(t('google.welcome'), apiMessageToastOptions);
        const claims = decodeClaims(tokens.jwt_token);
        await navigate(claims?.is_phone_verified ? '/worq-trade' : '/mobile-verification', { replace: true });
      } catch (error) {
        void notifyError(error);
      } finally {
        busyRef.current = false;
        setBusy(false);
      }
    })();
  };

  const language = i18n.language;
  useEffect(() => {
    if (!clientId) return;
    let cancelled = false;
    loadGoogleIdentityServices().then(
      (api) => {
        const element = host.current;
        if (cancelled || !element) return;
        api.initialize({
          client_id: clientId,
          callback: (response) => onCredential.current(response),
          context: mode === 'sign-up' ? 'signup' : 'signin',
          ux_mode: 'popup',
          itp_support: true,
        });
        element.replaceChildren();
        const width = Math.round(Math.min(maxWidth, Math.max(minWidth, element.clientWidth || maxWidth)));
        api.renderButton(element, {
          type: 'standard',
          theme: isDark ? 'filled_black' : 'outline',
          size,
          text: mode === 'sign-up' ? 'signup_with' : 'signin_with',
          shape: 'pill',
          logo_alignment: 'left',
          width,
          locale: language,
        });
        setFailed(false);
      },
      (error: unknown) => {
        console.error(error);
        if (!cancelled) setFailed(true);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [clientId, mode, size, isDark, language]);

  if (!clientId || failed) return null;
  return (
    <div className={styles.google}>
      <p className={styles.divider}>
        <span>{t('google.or')}</span>
      </p>
      <div className={styles.slot} aria-busy={busy || undefined}>
        <div ref={host} className={styles.host} style={{ minHeight: googleButtonHeights[size] }} data-size={size} />
        {busy && (
          <div className={styles.busy} role="status">
            <Spinner size="sm" decorative />
            <span>{t('google.busy')}</span>
          </div>
        )}
      </div>
    </div>
  );
}

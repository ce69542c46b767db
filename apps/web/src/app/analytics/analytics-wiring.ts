/*
 * Connects the analytics service to the app (loaded with it, after consent): a page view on every
 * route change, identify after sign-in, reset after sign-out.
 *
 * Identify sends the customer id and, as properties, only what describes use of the product —
 * language, theme, whether the phone is verified — and the campaign: no e-mail, name or phone
 * number goes to the analytics service (KVKK data minimisation).
 */
import type { createBrowserRouter } from 'react-router';
import i18n from '../../lib/i18n.ts';
import {
  identifyUser,
  resetUser,
  setAnalyticsOptOut,
  startAnalytics,
  trackAuth,
  trackPageView,
  type AnalyticsSettings,
} from '../../lib/analytics/analytics.ts';
import { pageNameFor } from '../../lib/analytics/page-name.ts';
import { authEventName, type AuthEventDetail } from '../../lib/analytics/auth-events.ts';
import { recordUtm } from '../../lib/analytics/utm.ts';
import { readStoredDarkMode } from '../../lib/theme.ts';
import { decodeClaims, getAccessToken, subscribeTokens } from '../../lib/token-storage.ts';

export type AnalyticsRouter = Pick<ReturnType<typeof createBrowserRouter>, 'state' | 'subscribe'>;

export interface AnalyticsWiring {
  setOptOut(optOut: boolean): void;
  /** Stops following the router and the session (tests; the page itself never disconnects). */
  disconnect(): void;
}

type RouterState = AnalyticsRouter['state'];

export function connectAnalytics(router: AnalyticsRouter, settings: AnalyticsSettings, landingSearch: string): AnalyticsWiring {
  const utm = recordUtm(landingSearch);
  startAnalytics(settings, { optOut: false, utm });

  let lastPathname: string | null = null;
  const onRouterState = (state: RouterState) => {
    // Counted once the new screen is there (lazy routes load first); a query change is no new page.
    if (!state.initialized || state.navigation.state !== 'idle') return;
    const { pathname } = state.location;
    if (pathname === lastPathname) return;
    lastPathname = pathname;
    trackPageView(pageNameFor(state.matches.map((match) => match.route.path)));
  };
  onRouterState(router.state);
  const stopRouter = router.subscribe(onRouterState);

  let lastIdentity: string | null = null;
  let lastUserId: string | null = null;
  const onTokens = () => {
    const claims = decodeClaims(getAccessToken());
    if (!claims) {
      if (lastUserId !== null) resetUser();
      lastUserId = null;
      lastIdentity = null;
      return;
    }
    const identity = `${claims.customer_id}|${claims.is_phone_verified}`;
    if (identity === lastIdentity) return;
    lastIdentity = identity;
    lastUserId = claims.customer_id;
    identifyUser(
      claims.customer_id,
      {
        language: i18n.language,
        theme: readStoredDarkMode() ? 'dark' : 'light',
        is_phone_verified: claims.is_phone_verified,
      },
      utm,
    );
  };
  onTokens();
  const stopTokens = subscribeTokens(onTokens);
  const onAuth = (event: Event) => trackAuth((event as CustomEvent<AuthEventDetail>).detail);
  window.addEventListener(authEventName, onAuth);

  return {
    setOptOut: setAnalyticsOptOut,
    disconnect: () => {
      stopRouter();
      stopTokens();
      window.removeEventListener(authEventName, onAuth);
    },
  };
}

/*
 * Decides whether the analytics service loads at all (specification §4, §9): only when the server
 * supplies a key and the visitor agreed to analytics cookies. The service itself (and its session
 * replay) is imported after the first paint, while the browser is idle, so the sign-in page never
 * waits for it and its bundle does not grow. No decision yet means no tracking (KVKK: the banner
 * asks first).
 */
import { getAnalyticsConsent, subscribeAnalyticsConsent } from '../../lib/analytics/consent.ts';
import { recordUtm } from '../../lib/analytics/utm.ts';
import { loadRuntimeSettings } from '../../lib/runtime-settings.ts';
import type { AnalyticsRouter, AnalyticsWiring } from './analytics-wiring.ts';

function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    const whenIdle = () => {
      if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => resolve(), { timeout: 3000 });
      else setTimeout(resolve, 200);
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
  });
}

let booted = false;

/** Starts watching the settings and the consent; call once, before the first render. */
export function startAnalyticsBoot(router: AnalyticsRouter): void {
  if (booted) return;
  booted = true;
  // The landing's campaign parameters, read now: a redirect may drop them before consent comes.
  // They are kept at once (`utm`, `initialUtm`: campaign names, not personal data, §3), whatever the
  // visitor decides; only the analytics service, after consent, sends them anywhere.
  const landingSearch = window.location.search;
  recordUtm(landingSearch);
  void loadRuntimeSettings().then((settings) => {
    const apiKey = settings?.amplitude_api_key;
    if (!settings || !apiKey) return;
    const analyticsSettings = { apiKey, serverUrl: settings.amplitude_server_url };
    let wiring: Promise<AnalyticsWiring> | null = null;

    const follow = () => {
      const consent = getAnalyticsConsent();
      if (consent === 'granted') {
        wiring ??= afterFirstPaint()
          .then(() => import('./analytics-wiring.ts'))
          .then((module) => module.connectAnalytics(router, analyticsSettings, landingSearch));
        wiring.then(
          (connected) => connected.setOptOut(false),
          (error: unknown) => {
            console.error('Analytics: loading failed', error);
            wiring = null;
          },
        );
      } else if (consent === 'denied' && wiring) {
        // Loaded earlier in this page: opt out (stops sending, shuts replay down).
        wiring.then(
          (connected) => connected.setOptOut(true),
          () => undefined,
        );
      }
    };
    follow();
    subscribeAnalyticsConsent(follow);
  });
}

import { lazy, Suspense } from 'react';
import { setAnalyticsConsent, useAnalyticsConsent } from '../../lib/analytics/consent.ts';
import { useRuntimeSettings } from '../../lib/runtime-settings.ts';

// Fetched only for a visitor who still has to answer, so it weighs nothing on later visits.
const ConsentBanner = lazy(() => import('../../components/ui/consent-banner.tsx').then((module) => ({ default: module.ConsentBanner })));

/** Asks for analytics consent while the server has an analytics key and no answer is stored. */
export function ConsentGate() {
  const { settings } = useRuntimeSettings();
  const consent = useAnalyticsConsent();
  if (!settings?.amplitude_api_key || consent !== null) return null;
  return (
    <Suspense fallback={null}>
      <ConsentBanner onAccept={() => setAnalyticsConsent('granted')} onReject={() => setAnalyticsConsent('denied')} />
    </Suspense>
  );
}

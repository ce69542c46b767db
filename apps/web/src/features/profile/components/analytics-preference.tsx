import { useTranslation } from '../../../lib/i18n.ts';
import { Card } from '../../../components/ui/card.tsx';
import { Checkbox } from '../../../components/ui/form/checkbox.tsx';
import { setAnalyticsConsent, useAnalyticsConsent } from '../../../lib/analytics/consent.ts';
import { useRuntimeSettings } from '../../../lib/runtime-settings.ts';

/**
 * The same choice as the cookie banner: analytics and session replay on or off. It takes effect at
 * once (opting out stops sending and ends the recording) and is kept for the next visits. Shown
 * only where the product has an analytics service configured.
 */
export function AnalyticsPreference() {
  const { t } = useTranslation('profile');
  const { settings } = useRuntimeSettings();
  const consent = useAnalyticsConsent();
  if (!settings?.amplitude_api_key) return null;
  return (
    <Card title={t('analytics.title')} description={t('analytics.description')}>
      <Checkbox
        name="analytics-consent"
        label={t('analytics.label')}
        checked={consent === 'granted'}
        onChange={(event) => setAnalyticsConsent(event.target.checked ? 'granted' : 'denied')}
      />
    </Card>
  );
}

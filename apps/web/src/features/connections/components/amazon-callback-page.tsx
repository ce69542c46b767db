import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { useSearchParams } from 'react-router';
import { amazonAuthorizationMessageType, type AmazonAuthorizationMessage } from './amazon-message.ts';
import { CallbackOutcome } from './callback-card.tsx';

type Outcome = 'sent' | 'no_opener' | 'missing_params';

/**
 * `/amazon-callback` (no layout): Amazon's consent page sends the seller here in the popup. The
 * page hands spapi_oauth_code, state and selling_partner_id to the window that opened it (same
 * origin only), says so, and closes itself.
 */
export function Component() {
  const { t } = useTranslation('connections');
  const [params] = useSearchParams();
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  useEffect(() => {
    const code = params.get('spapi_oauth_code');
    const state = params.get('state');
    const sellingPartnerId = params.get('selling_partner_id');
    if (!code || !state || !sellingPartnerId) {
      setOutcome('missing_params');
      return;
    }
    const opener = window.opener as Window | null;
    if (!opener) {
      setOutcome('no_opener');
      return;
    }
    const message: AmazonAuthorizationMessage = {
      type: amazonAuthorizationMessageType,
      spapi_oauth_code: code,
      state,
      selling_partner_id: sellingPartnerId,
    };
    // Only a page of this very origin may receive the code.
    opener.postMessage(message, window.location.origin);
    setOutcome('sent');
    window.close();
  }, [params]);

  if (outcome === null) return null;
  const succeeded = outcome === 'sent';

  return (
    <CallbackOutcome
      succeeded={succeeded}
      title={succeeded ? t('callback.success_title') : t('callback.failed_title')}
      text={succeeded ? t('callback.success') : t(`callback.${outcome}`)}
      action={t('callback.close')}
      onAction={() => window.close()}
    />
  );
}

import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { ErrorIcon, SuccessIcon } from '../../../components/ui/icon.tsx';
import { amazonAuthorizationMessageType, type AmazonAuthorizationMessage } from './amazon-message.ts';
import styles from './connections.module.css';

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
    <main className={styles.callback}>
      <div className={styles.callbackCard} role={succeeded ? 'status' : 'alert'}>
        <span className={succeeded ? styles.callbackSuccess : styles.callbackFailure} aria-hidden="true">
          {succeeded ? <SuccessIcon size={40} /> : <ErrorIcon size={40} />}
        </span>
        <h1 className={styles.callbackTitle}>{succeeded ? t('callback.success_title') : t('callback.failed_title')}</h1>
        <p>{succeeded ? t('callback.success') : t(`callback.${outcome}`)}</p>
        <Button variant="secondary" onClick={() => window.close()}>
          {t('callback.close')}
        </Button>
      </div>
    </main>
  );
}

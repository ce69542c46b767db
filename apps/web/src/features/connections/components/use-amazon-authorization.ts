import type { UpsertBody } from '@worq/domain/wire/marketplace';
import { useEffect, useRef, useState } from 'react';
import type { UseFormHandleSubmit } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { getAmazonAuthorizationUrl } from '../api/amazon-authorization.ts';
import { isAmazonAuthorizationMessage } from './amazon-message.ts';
import type { IntegrationValues } from './use-integration-schema.ts';

interface AmazonAuthorizationOptions {
  handleSubmit: UseFormHandleSubmit<IntegrationValues>;
  bodyOf: (values: IntegrationValues, credentials: Record<string, string>) => UpsertBody;
  onSubmit: (body: UpsertBody) => Promise<void>;
}

/** Amazon: consent in a popup, the callback page posts the result back. */
export function useAmazonAuthorization({ handleSubmit, bodyOf, onSubmit }: AmazonAuthorizationOptions) {
  const { t } = useTranslation('connections');
  const [amazonState, setAmazonState] = useState<string | null>(null);
  const [amazonError, setAmazonError] = useState<string | null>(null);
  const amazonValues = useRef<IntegrationValues | null>(null);
  const popupRef = useRef<Window | null>(null);

  useEffect(() => {
    if (!amazonState) return;
    // One answer per state, even if the callback page posts twice (a development double effect).
    let answered = false;
    function onMessage(event: MessageEvent) {
      // Only our own /amazon-callback page may answer, and only for the state we asked for.
      if (event.origin !== window.location.origin) return;
      if (answered || !isAmazonAuthorizationMessage(event.data) || event.data.state !== amazonState) return;
      answered = true;
      const values = amazonValues.current;
      setAmazonState(null);
      if (!values) return;
      const { spapi_oauth_code, state, selling_partner_id } = event.data;
      void onSubmit(bodyOf(values, { spapi_oauth_code, state, selling_partner_id }));
    }
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
    // bodyOf and onSubmit read the latest props; the listener lives as long as the state.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [amazonState]);

  function authorizeOnAmazon() {
    setAmazonError(null);
    // Opened now, inside the click, so that pop-up blockers let it through; the address follows.
    const popup = window.open('', 'amazon-authorization', 'popup,width=640,height=760');
    if (!popup) {
      setAmazonError(t('amazon.popup_blocked'));
      return;
    }
    popupRef.current = popup;
    void handleSubmit(
      async (values) => {
        try {
          const { url, state } = await getAmazonAuthorizationUrl(values.region);
          amazonValues.current = values;
          setAmazonState(state);
          popup.location.href = url;
        } catch (error) {
          popup.close();
          setAmazonError(errorMessage(error));
        }
      },
      () => popup.close(),
    )();
  }

  return { amazonState, amazonError, authorizeOnAmazon };
}

import { useEffect, useState } from 'react';
import type { UseFormSetError } from 'react-hook-form';
import { useLocation } from 'react-router';
import { errorFields, errorMessage } from '../../../lib/api-error.ts';
import { getIdeasoftAuthorizationUrl } from '../api/ideasoft-authorization.ts';
import type { Integration } from '../api/integrations.ts';
import type { Marketplace } from '../api/marketplaces.ts';
import { leaveForConsent, rememberIdeasoftAuthorization } from '../ideasoft-pending.ts';
import type { IntegrationValues } from './use-integration-schema.ts';

interface IdeasoftConsentOptions {
  marketplace: Marketplace;
  integration: Integration | undefined;
  onDirtyChange: ((dirty: boolean) => void) | undefined;
  setError: UseFormSetError<IntegrationValues>;
}

/** Ideasoft: the typed details go to the server, the browser goes to the store's consent page. */
export function useIdeasoftConsent({ marketplace, integration, onDirtyChange, setError }: IdeasoftConsentOptions) {
  const location = useLocation();
  const [ideasoftError, setIdeasoftError] = useState<string | null>(null);
  const [consentUrl, setConsentUrl] = useState<string | null>(null);

  useEffect(() => {
    if (!consentUrl) return;
    // After the render that cleared the dirty flag, so no leave warning stands in the way.
    const timer = window.setTimeout(() => leaveForConsent(consentUrl), 0);
    return () => window.clearTimeout(timer);
  }, [consentUrl]);

  async function authorizeOnIdeasoft(values: IntegrationValues, credentials: Record<string, string>) {
    setIdeasoftError(null);
    const storeName = values.store_name.replace(/\s+/g, ' ');
    try {
      const { url, state } = await getIdeasoftAuthorizationUrl({
        ...(integration ? { integration_id: integration.id } : {}),
        store_name: storeName,
        ...(values.store_link ? { store_link: values.store_link } : {}),
        store_url: credentials.store_url ?? '',
        client_id: credentials.client_id ?? '',
        client_secret: credentials.client_secret ?? '',
      });
      rememberIdeasoftAuthorization({
        state,
        marketplace_id: marketplace.id,
        store_name: storeName,
        ...(integration ? { integration_id: integration.id } : {}),
        return_to: `${location.pathname}${location.search}`,
      });
      onDirtyChange?.(false);
      setConsentUrl(url);
    } catch (error) {
      const fields = errorFields(error);
      let marked = false;
      for (const [name, text] of Object.entries(fields)) {
        if (name === 'store_name' || name === 'store_link') setError(name, { message: text });
        else if (marketplace.fields.some((field) => field.name === name)) setError(`credentials.${name}`, { message: text });
        else continue;
        marked = true;
      }
      if (!marked) setIdeasoftError(errorMessage(error));
    }
  }

  return { ideasoftError, consentUrl, authorizeOnIdeasoft };
}

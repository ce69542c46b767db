import { amazonRegions, isAmazonRegion } from '@worq/domain/wire/choices';
import type { MarketplaceField, UpsertBody } from '@worq/domain/wire/marketplace';
import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Integration } from '../api/integrations.ts';
import type { Marketplace } from '../api/marketplaces.ts';
import type { IntegrationFormProps } from './integration-form.tsx';
import { useAmazonAuthorization } from './use-amazon-authorization.ts';
import { useIdeasoftConsent } from './use-ideasoft-consent.ts';
import { useIntegrationSchema, type IntegrationValues } from './use-integration-schema.ts';

// The integration list carries these identifiers back; a form field of the same name starts with them.
function knownValue(integration: Integration | undefined, field: MarketplaceField): string {
  if (!integration || field.type === 'secret') return '';
  if (field.name === 'seller_id') return integration.seller_id ?? '';
  if (field.name === 'merchant_id') return integration.merchant_id ?? '';
  if (field.type === 'url') return integration.store_link ?? '';
  return '';
}

function isOauth(marketplace: Marketplace): boolean {
  return marketplace.auth_type === 'oauth' || marketplace.code === 'amazon';
}

type IntegrationFormOptions = Pick<IntegrationFormProps, 'marketplace' | 'integration' | 'prefill' | 'onSubmit' | 'onDirtyChange'> & {
  busy: boolean;
};

/** The integration form's state: its fields and values, the submission and the Ideasoft and Amazon authorizations. */
export function useIntegrationForm({ marketplace, integration, prefill, onSubmit, onDirtyChange, busy }: IntegrationFormOptions) {
  const oauth = isOauth(marketplace);
  const fields = useMemo(() => (oauth ? [] : marketplace.fields), [oauth, marketplace.fields]);
  const regions = useMemo(
    () => (marketplace.regions && marketplace.regions.length > 0 ? marketplace.regions : amazonRegions),
    [marketplace.regions],
  );
  const schema = useIntegrationSchema(fields);

  const defaultValues = useMemo<IntegrationValues>(
    () => ({
      store_name: integration?.store_name ?? prefill?.storeName ?? '',
      store_link: integration?.store_link ?? prefill?.storeLink ?? '',
      region: isAmazonRegion(integration?.region) ? integration.region : regions[0],
      credentials: Object.fromEntries(
        fields.map((field) => [
          field.name,
          knownValue(integration, field) || (field.name === 'seller_id' ? (prefill?.sellerId ?? '') : ''),
        ]),
      ),
    }),
    [integration, prefill, fields, regions],
  );

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<IntegrationValues>({ resolver: zodResolver(schema), defaultValues });

  useEffect(() => {
    onDirtyChange?.(isDirty);
  }, [isDirty, onDirtyChange]);

  const bodyOf = (values: IntegrationValues, credentials: Record<string, string>): UpsertBody => ({
    ...(integration ? { integration_id: integration.id } : {}),
    marketplace_id: marketplace.id,
    store_name: values.store_name.replace(/\s+/g, ' '),
    ...(values.store_link ? { store_link: values.store_link } : {}),
    ...(oauth ? { region: values.region } : {}),
    credentials,
  });

  const ideasoft = marketplace.code === 'ideasoft';
  const { ideasoftError, consentUrl, authorizeOnIdeasoft } = useIdeasoftConsent({ marketplace, integration, onDirtyChange, setError });

  const submit = handleSubmit(async (values) => {
    const credentials = Object.fromEntries(Object.entries(values.credentials).map(([name, value]) => [name, String(value)]));
    if (ideasoft) return authorizeOnIdeasoft(values, credentials);
    await onSubmit(bodyOf(values, credentials));
  });

  const { amazonState, amazonError, authorizeOnAmazon } = useAmazonAuthorization({ handleSubmit, bodyOf, onSubmit });

  const disabled = busy || isSubmitting || consentUrl !== null;

  return {
    oauth,
    ideasoft,
    fields,
    regions,
    register,
    errors,
    submit,
    disabled,
    consentUrl,
    ideasoftError,
    amazonState,
    amazonError,
    authorizeOnAmazon,
  };
}

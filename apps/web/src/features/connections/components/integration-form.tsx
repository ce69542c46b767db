import { isValidStoreName } from '@worq/domain/validation';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import * as z from 'zod/mini';
import { Button } from '../../../components/ui/button.tsx';
import { FieldError, FormError } from '../../../components/ui/form/form-error.tsx';
import { PasswordField } from '../../../components/ui/form/password-field.tsx';
import { TextField } from '../../../components/ui/form/text-field.tsx';
import { ExternalLinkIcon, InfoIcon } from '../../../components/ui/icon.tsx';
import { errorFields, errorMessage } from '../../../lib/api-error.ts';
import { getAmazonAuthorizationUrl } from '../api/amazon-authorization.ts';
import { getIdeasoftAuthorizationUrl } from '../api/ideasoft-authorization.ts';
import type { Integration } from '../api/integrations.ts';
import type { Marketplace, MarketplaceField } from '../api/marketplaces.ts';
import type { UpsertIntegrationBody } from '../api/upsert-integration.ts';
import { leaveForConsent, rememberIdeasoftAuthorization } from '../ideasoft-pending.ts';
import { defaultAmazonRegions, marketplaceLogoUrl, regionCode } from '../marketplace-catalogue.ts';
import { useDomainMessage } from '../../../lib/use-domain-message.ts';
import { isAmazonAuthorizationMessage } from './amazon-message.ts';
import styles from './connections.module.css';

export interface IntegrationFormProps {
  id: string;
  marketplace: Marketplace;
  /** The integration being updated or reconnected; its non-secret details are pre-filled. */
  integration?: Integration;
  /** Details known before the form opens (a recognised store address). */
  prefill?: { storeName?: string | null; storeLink?: string | null; sellerId?: string | null } | undefined;
  onSubmit: (body: UpsertIntegrationBody) => Promise<void>;
  onDirtyChange?: (dirty: boolean) => void;
  onHowTo: () => void;
  /** Set while the connection is being verified, or when it failed (the task's message). */
  busy?: boolean;
  taskError?: string | null;
}

const urlPattern = /^(https?:\/\/)?[\p{L}\d-]+(\.[\p{L}\d-]+)+(:\d+)?(\/\S*)?$/u;

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

/**
 * Step 2 of the connect-integration flow: the marketplace's own fields (text, secret with show/hide,
 * url) and a store name; Amazon instead has a region choice and authorization in a popup window.
 */
export function IntegrationForm({
  id,
  marketplace,
  integration,
  prefill,
  onSubmit,
  onDirtyChange,
  onHowTo,
  busy = false,
  taskError = null,
}: IntegrationFormProps) {
  const { t } = useTranslation('connections');
  const message = useDomainMessage();
  const oauth = isOauth(marketplace);
  const fields = useMemo(() => (oauth ? [] : marketplace.fields), [oauth, marketplace.fields]);
  const regions = useMemo(
    () => (marketplace.regions && marketplace.regions.length > 0 ? marketplace.regions.map(regionCode) : defaultAmazonRegions),
    [marketplace.regions],
  );

  const fieldLabel = (field: MarketplaceField) =>
    t(`form.fields.${field.name}`, { defaultValue: field.name.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase()) });

  const schema = useMemo(() => {
    const label = (name: string) =>
      t(`form.fields.${name}`, { defaultValue: name.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase()) });
    const credentialShape: Record<string, z.ZodMiniString<string>> = {};
    for (const field of fields) {
      credentialShape[field.name] = z.string().check(
        z.trim(),
        z.superRefine((value, ctx) => {
          if (value === '') {
            if (field.required) ctx.addIssue({ code: 'custom', message: message('required', { field: label(field.name) }) });
            return;
          }
          if (field.type === 'url' && !urlPattern.test(value)) ctx.addIssue({ code: 'custom', message: t('form.invalid_url') });
        }),
      );
    }
    return z.object({
      store_name: z.string().check(
        z.trim(),
        z.minLength(1, message('required', { field: t('form.store_name') })),
        // §5's second pattern: letters, digits, Turkish letters and spaces.
        z.refine((value) => value === '' || isValidStoreName(value), message('no_special_characters', { field: t('form.store_name') })),
      ),
      store_link: z.string().check(
        z.trim(),
        z.refine((value) => value === '' || urlPattern.test(value), t('form.invalid_url')),
      ),
      region: z.string(),
      credentials: z.object(credentialShape),
    });
  }, [fields, message, t]);
  type IntegrationValues = z.infer<typeof schema>;

  const defaultValues = useMemo<IntegrationValues>(
    () => ({
      store_name: integration?.store_name ?? prefill?.storeName ?? '',
      store_link: integration?.store_link ?? prefill?.storeLink ?? '',
      region: integration?.region ?? regions[0] ?? 'EU',
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

  const bodyOf = (values: IntegrationValues, credentials: Record<string, string>): UpsertIntegrationBody => ({
    ...(integration ? { integration_id: integration.id } : {}),
    marketplace_id: marketplace.id,
    store_name: values.store_name.replace(/\s+/g, ' '),
    ...(values.store_link ? { store_link: values.store_link } : {}),
    ...(oauth ? { region: values.region } : {}),
    credentials,
  });

  // ---- Ideasoft: the typed details go to the server, the browser goes to the store's consent page ---
  const ideasoft = marketplace.code === 'ideasoft';
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

  const submit = handleSubmit(async (values) => {
    const credentials = Object.fromEntries(Object.entries(values.credentials).map(([name, value]) => [name, String(value)]));
    if (ideasoft) return authorizeOnIdeasoft(values, credentials);
    await onSubmit(bodyOf(values, credentials));
  });

  // ---- Amazon: consent in a popup, the callback page posts the result back ---------------------
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

  const disabled = busy || isSubmitting || consentUrl !== null;
  const regionErrorId = `${id}-region-error`;

  return (
    <form id={id} className={styles.form} onSubmit={submit} noValidate aria-busy={busy || undefined}>
      <div className={styles.formIntro}>
        <img src={marketplaceLogoUrl(marketplace.code)} alt="" className={styles.formLogo} width={96} height={32} />
        <Button variant="ghost" size="sm" icon={<InfoIcon />} onClick={onHowTo}>
          {t('form.how_to')}
        </Button>
      </div>
      <TextField
        label={t('form.store_name')}
        requiredMark
        hint={t('form.store_name_hint')}
        disabled={disabled}
        error={errors.store_name?.message}
        {...register('store_name')}
      />
      {oauth ? (
        <>
          <fieldset className={styles.choiceGroup} disabled={disabled} aria-describedby={errors.region ? regionErrorId : undefined}>
            <legend className={styles.legend}>{t('amazon.region_legend')}</legend>
            <div className={styles.choices}>
              {regions.map((region) => (
                <label key={region} className={styles.choice}>
                  <input type="radio" value={region} {...register('region')} />
                  <span>{t(`amazon.regions.${region}`, { defaultValue: region })}</span>
                </label>
              ))}
            </div>
            <FieldError id={regionErrorId} message={errors.region?.message} />
          </fieldset>
          <p className={styles.note}>{amazonState ? t('amazon.waiting') : t('amazon.note')}</p>
          <FormError>{amazonError}</FormError>
          <div>
            <Button variant="secondary" icon={<ExternalLinkIcon />} busy={disabled} onClick={authorizeOnAmazon}>
              {t('amazon.authorize')}
            </Button>
          </div>
        </>
      ) : (
        <>
          {ideasoft && <p className={styles.note}>{t('ideasoft.note')}</p>}
          {integration && fields.some((field) => field.type === 'secret') && <p className={styles.note}>{t('form.secrets_again')}</p>}
          {fields.map((field) => {
            const label = fieldLabel(field);
            const common = {
              label,
              requiredMark: field.required,
              disabled,
              error: errors.credentials?.[field.name]?.message,
              ...register(`credentials.${field.name}`),
            };
            if (field.type === 'secret') {
              return (
                <PasswordField
                  key={field.name}
                  {...common}
                  autoComplete="new-password"
                  showLabel={t('form.show_secret', { field: label })}
                  hideLabel={t('form.hide_secret', { field: label })}
                />
              );
            }
            return (
              <TextField
                key={field.name}
                {...common}
                type={field.type === 'url' ? 'url' : 'text'}
                inputMode={field.type === 'url' ? 'url' : undefined}
                autoComplete="off"
                spellCheck={false}
              />
            );
          })}
          <TextField
            label={t('form.store_link')}
            type="url"
            inputMode="url"
            disabled={disabled}
            error={errors.store_link?.message}
            {...register('store_link')}
          />
        </>
      )}
      {busy && (
        <p className={styles.note} role="status">
          {t('form.verifying')}
        </p>
      )}
      {consentUrl && (
        <p className={styles.note} role="status">
          {t('ideasoft.redirecting')}
        </p>
      )}
      <FormError>{ideasoftError ?? taskError}</FormError>
    </form>
  );
}

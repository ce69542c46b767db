import { isValidStoreName } from '@worq/domain/validation';
import { amazonRegions } from '@worq/domain/wire/choices';
import type { MarketplaceField } from '@worq/domain/wire/marketplace';
import { useMemo } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import * as z from 'zod/mini';
import { useDomainMessage } from '../../../lib/use-domain-message.ts';

const urlPattern = /^(https?:\/\/)?[\p{L}\d-]+(\.[\p{L}\d-]+)+(:\d+)?(\/\S*)?$/u;

/** The integration form's rules: a store name, an optional store address and the marketplace's own fields. */
export function useIntegrationSchema(fields: MarketplaceField[]) {
  const { t } = useTranslation('connections');
  const message = useDomainMessage();
  return useMemo(() => {
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
      region: z.enum(amazonRegions),
      credentials: z.object(credentialShape),
    });
  }, [fields, message, t]);
}

export type IntegrationValues = z.infer<ReturnType<typeof useIntegrationSchema>>;

import { useMemo } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import * as z from 'zod/mini';
import { isValidNationalId, isValidTaxNumber } from '@worq/domain/tax-ids';
import { useDomainMessage } from '../../../lib/use-domain-message.ts';

/** The company form's labels and rules (specification §5). */
export function useCompanySchema() {
  const { t } = useTranslation('connections');
  const message = useDomainMessage();
  const labels = useMemo(
    () => ({
      type: t('company_form.type_legend'),
      tax_number: t('company_form.tax_number'),
      official_full_name: t('company_form.official_full_name'),
      trade_name: t('company_form.trade_name'),
      tax_office: t('company_form.tax_office'),
      national_id: t('company_form.national_id'),
      birth_date: t('company_form.birth_date'),
    }),
    [t],
  );

  const schema = useMemo(() => {
    const required = (field: string) => z.string().check(z.trim(), z.minLength(1, message('required', { field })));
    return z
      .object({
        type: z.string().check(z.refine((value) => ['1', '2', '3'].includes(value), message('select_at_least_one'))),
        tax_number: z.string().check(
          z.trim(),
          z.superRefine((value, ctx) => {
            if (value === '') ctx.addIssue({ code: 'custom', message: message('required', { field: labels.tax_number }) });
            else if (!/^\d{10}$/.test(value)) ctx.addIssue({ code: 'custom', message: message('tax_number_digits') });
            else if (!isValidTaxNumber(value)) ctx.addIssue({ code: 'custom', message: message('invalid_tax_number') });
          }),
        ),
        official_full_name: required(labels.official_full_name),
        trade_name: required(labels.trade_name),
        // Optional (§5: type, tax number, full name and trade name are required).
        tax_office: z.string().check(z.trim()),
        national_id: z.string().check(z.trim()),
        birth_date: z.string(),
      })
      .check(
        z.superRefine((values, ctx) => {
          if (values.type !== '1') return;
          const nationalId = values.national_id;
          if (nationalId === '') {
            ctx.addIssue({ code: 'custom', path: ['national_id'], message: message('required', { field: labels.national_id }) });
          } else if (!/^\d{11}$/.test(nationalId)) {
            ctx.addIssue({ code: 'custom', path: ['national_id'], message: message('national_id_digits') });
          } else if (!isValidNationalId(nationalId)) {
            ctx.addIssue({ code: 'custom', path: ['national_id'], message: message('invalid_national_id') });
          }
          if (values.birth_date === '') {
            ctx.addIssue({ code: 'custom', path: ['birth_date'], message: message('required', { field: labels.birth_date }) });
          }
        }),
      );
  }, [message, labels]);

  return { labels, schema };
}

export type CompanyLabels = ReturnType<typeof useCompanySchema>['labels'];
export type CompanyValues = z.infer<ReturnType<typeof useCompanySchema>['schema']>;

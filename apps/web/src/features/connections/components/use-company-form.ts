import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { isValidNationalId, isValidTaxNumber } from '@worq/domain/tax-ids';
import type { CompanyInput, IdCheck } from '@worq/domain/wire/company';
import { validateNationalId, validateTaxNumber } from '../api/validate-company.ts';
import { useDomainMessage } from '../../../lib/use-domain-message.ts';
import type { CompanyFormProps } from './company-form.tsx';
import { useCompanySchema, type CompanyValues } from './use-company-schema.ts';

export type CheckedField = 'tax_number' | 'national_id';

/** The company form's state: the values, the server checks of the two numbers and the submission. */
export function useCompanyForm({
  onSubmit,
  onDirtyChange,
  onBusyChange,
}: Pick<CompanyFormProps, 'onSubmit' | 'onDirtyChange' | 'onBusyChange'>) {
  const message = useDomainMessage();
  const { labels, schema } = useCompanySchema();

  const {
    register,
    control,
    handleSubmit,
    setError,
    getValues,
    watch,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<CompanyValues>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: { type: '', tax_number: '', official_full_name: '', trade_name: '', tax_office: '', national_id: '', birth_date: '' },
  });
  const type = watch('type');
  const soleProprietorship = type === '1';

  useEffect(() => {
    onDirtyChange?.(isDirty);
  }, [isDirty, onDirtyChange]);

  // Server verdicts by value, kept as promises: a check still running when the form is submitted is
  // awaited rather than sent again.
  const verdicts = useRef(new Map<string, Promise<IdCheck | null>>());
  const [checking, setChecking] = useState<Record<CheckedField, boolean>>({ tax_number: false, national_id: false });

  useEffect(() => {
    onBusyChange?.(isSubmitting);
  }, [isSubmitting, onBusyChange]);

  /** Asks the server; true unless it says the number is invalid (an unreachable check is left to set_company). */
  async function serverCheck(field: CheckedField, value: string): Promise<boolean> {
    const locallyValid = field === 'tax_number' ? isValidTaxNumber(value) : isValidNationalId(value);
    if (!locallyValid) return true;
    const key = `${field}:${value}`;
    let pending = verdicts.current.get(key);
    if (!pending) {
      setChecking((current) => ({ ...current, [field]: true }));
      pending = (field === 'tax_number' ? validateTaxNumber(value) : validateNationalId(value))
        .catch(() => {
          verdicts.current.delete(key);
          return null;
        })
        .finally(() => setChecking((current) => ({ ...current, [field]: false })));
      verdicts.current.set(key, pending);
    }
    const verdict = await pending;
    if (!verdict || verdict.valid) return true;
    // Only if the field still holds the value that was checked.
    if (getValues(field).trim() === value) {
      const fallback = field === 'tax_number' ? message('invalid_tax_number') : message('invalid_national_id');
      setError(field, { type: 'server', message: verdict.message || fallback });
    }
    return false;
  }

  const submit = handleSubmit(async (values) => {
    const checks = [serverCheck('tax_number', values.tax_number)];
    if (values.type === '1') checks.push(serverCheck('national_id', values.national_id));
    const results = await Promise.all(checks);
    if (results.includes(false)) return;
    const company: CompanyInput = {
      type: Number(values.type) as CompanyInput['type'],
      tax_number: values.tax_number,
      official_full_name: values.official_full_name.replace(/\s+/g, ' '),
      trade_name: values.trade_name.replace(/\s+/g, ' '),
      tax_office: values.tax_office,
    };
    if (values.type === '1') {
      company.national_id = values.national_id;
      company.birth_date = values.birth_date;
    }
    await onSubmit(company);
  });

  return { labels, register, control, errors, soleProprietorship, checking, serverCheck, submit };
}

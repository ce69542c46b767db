import { useEffect, useMemo, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { isValidNationalId, isValidTaxNumber } from '@worq/domain/tax-ids';
import { DatePicker } from '../../../components/ui/date-picker.tsx';
import { FieldError } from '../../../components/ui/form/form-error.tsx';
import { TextField } from '../../../components/ui/form/text-field.tsx';
import type { CompanyInput } from '../api/set-company.ts';
import { validateNationalId, validateTaxNumber, type ValidationVerdict } from '../api/validate-company.ts';
import { useDomainMessage } from '../../../lib/use-domain-message.ts';
import styles from './connections.module.css';

export const companyTypes = [1, 2, 3] as const;

export interface CompanyFormProps {
  /** The form's id, so a button outside it (a modal footer) can submit it with `form=`. */
  id: string;
  onSubmit: (company: CompanyInput) => Promise<void> | void;
  /** Reports unsaved changes, for a leave warning owned by the caller. */
  onDirtyChange?: (dirty: boolean) => void;
  /** Reports a submission under way, so the caller can show a busy submit button. */
  onBusyChange?: (busy: boolean) => void;
  disabled?: boolean;
}

type CheckedField = 'tax_number' | 'national_id';

function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/**
 * Company details (specification §3, §5): type, tax number (10 digits, VKN checksum, server check
 * on leaving the field), owner's full name, trade name, tax office; sole proprietorships add the
 * owner's national ID (11 digits, TCKN checksum, server check) and birth date.
 * Reused by the WorqTrade onboarding's connect-store step.
 */
export function CompanyForm({ id, onSubmit, onDirtyChange, onBusyChange, disabled = false }: CompanyFormProps) {
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
  type CompanyValues = z.infer<typeof schema>;

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
  const verdicts = useRef(new Map<string, Promise<ValidationVerdict | null>>());
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

  const typeErrorId = `${id}-type-error`;

  return (
    <form id={id} className={styles.form} onSubmit={submit} noValidate>
      <fieldset
        role="radiogroup"
        className={styles.choiceGroup}
        disabled={disabled}
        aria-invalid={errors.type ? true : undefined}
        aria-describedby={errors.type ? typeErrorId : undefined}
      >
        <legend className={styles.legend}>
          {labels.type}
          <span className={styles.required} aria-hidden="true">
            *
          </span>
        </legend>
        <div className={styles.choices}>
          {companyTypes.map((value) => (
            <label key={value} className={styles.choice}>
              <input type="radio" value={String(value)} {...register('type')} />
              <span>{t(`company_form.types.${value}`)}</span>
            </label>
          ))}
        </div>
        <FieldError id={typeErrorId} message={errors.type?.message} />
      </fieldset>
      <TextField
        label={labels.tax_number}
        requiredMark
        inputMode="numeric"
        autoComplete="off"
        maxLength={10}
        disabled={disabled}
        error={errors.tax_number?.message}
        hint={checking.tax_number ? t('company_form.checking') : undefined}
        {...register('tax_number', { onBlur: (event) => void serverCheck('tax_number', String(event.target.value).trim()) })}
      />
      <div className={styles.row}>
        <TextField
          label={labels.official_full_name}
          requiredMark
          autoComplete="name"
          disabled={disabled}
          error={errors.official_full_name?.message}
          {...register('official_full_name')}
        />
        <TextField
          label={labels.trade_name}
          requiredMark
          autoComplete="organization"
          disabled={disabled}
          error={errors.trade_name?.message}
          {...register('trade_name')}
        />
      </div>
      <TextField label={labels.tax_office} disabled={disabled} error={errors.tax_office?.message} {...register('tax_office')} />
      {soleProprietorship && (
        <div className={styles.soleFields}>
          <p className={styles.note}>{t('company_form.sole_note')}</p>
          <TextField
            label={labels.national_id}
            requiredMark
            inputMode="numeric"
            autoComplete="off"
            maxLength={11}
            disabled={disabled}
            error={errors.national_id?.message}
            hint={checking.national_id ? t('company_form.checking') : undefined}
            {...register('national_id', { onBlur: (event) => void serverCheck('national_id', String(event.target.value).trim()) })}
          />
          <Controller
            control={control}
            name="birth_date"
            render={({ field }) => (
              <DatePicker
                label={labels.birth_date}
                required
                value={field.value}
                onChange={field.onChange}
                max={today()}
                disabled={disabled}
                error={errors.birth_date?.message}
              />
            )}
          />
        </div>
      )}
    </form>
  );
}

import type { ReactNode, SelectHTMLAttributes } from 'react';
import { Controller, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n.ts';
import { FieldError } from '../../../components/ui/form/form-error.tsx';
import { durationBands, revenueBands, salesChannels, type SalesChannel } from '../api/applications.ts';
import type { ContactValues } from './use-contact-form.ts';
import styles from './worq-trade.module.css';

export interface ContactFieldProps {
  id: string;
  label: string;
  errors: FieldErrors<ContactValues>;
  register: UseFormRegister<ContactValues>;
}

/** A field's entry in react-hook-form's errors: present (with its message) while the field is invalid. */
type FieldProblem = { message?: string } | undefined;

function RequiredMark() {
  return (
    <span className={styles.required} aria-hidden="true">
      *
    </span>
  );
}

/** A required group of checkboxes or radios: the legend, the choices in a grid and the error line. */
function ChoiceGroup({
  id,
  label,
  error,
  radio = false,
  children,
}: {
  id: string;
  label: string;
  error: FieldProblem;
  radio?: boolean;
  children: ReactNode;
}) {
  return (
    <fieldset
      role={radio ? 'radiogroup' : undefined}
      className={styles.choiceGroup}
      aria-describedby={error ? `${id}-error` : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className={styles.legend}>
        {label}
        <RequiredMark />
      </legend>
      <div className={styles.choiceGrid}>{children}</div>
      <FieldError id={`${id}-error`} message={error?.message} />
    </fieldset>
  );
}

/**
 * A required drop-down with its label and error line; the options are the children. `notice`
 * stands between the list and the error line.
 */
export function RequiredSelect({
  id,
  label,
  error,
  notice,
  children,
  ...selectProps
}: SelectHTMLAttributes<HTMLSelectElement> & { id: string; label: string; error: FieldProblem; notice?: ReactNode }) {
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
        <RequiredMark />
      </label>
      <select
        id={id}
        className={styles.select}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...selectProps}
      >
        {children}
      </select>
      {notice}
      <FieldError id={`${id}-error`} message={error?.message} />
    </div>
  );
}

/** 'None' means no channel at all, so it and the other channels exclude each other. */
function toggleChannel(current: string[], channel: SalesChannel, checked: boolean): string[] {
  if (!checked) return current.filter((value) => value !== channel);
  if (channel === 'none') return ['none'];
  return [...current.filter((value) => value !== 'none'), channel];
}

export function SalesChannelsField({
  id,
  label,
  errors,
  control,
}: Omit<ContactFieldProps, 'register'> & { control: Control<ContactValues> }) {
  const { t } = useTranslation('worq-trade');
  return (
    <Controller
      control={control}
      name="sales_channels"
      render={({ field }) => (
        <ChoiceGroup id={id} label={label} error={errors.sales_channels}>
          {salesChannels.map((channel, index) => (
            <label key={channel} className={styles.choice}>
              <input
                type="checkbox"
                name={field.name}
                value={channel}
                ref={index === 0 ? field.ref : undefined}
                checked={field.value.includes(channel)}
                onBlur={field.onBlur}
                onChange={(event) => field.onChange(toggleChannel(field.value, channel, event.target.checked))}
              />
              <span>{t(`contact.channels.${channel}`)}</span>
            </label>
          ))}
        </ChoiceGroup>
      )}
    />
  );
}

export function RevenueBandField({ id, label, errors, register }: ContactFieldProps) {
  const { t } = useTranslation('worq-trade');
  return (
    <RequiredSelect id={id} label={label} error={errors.monthly_revenue_band} {...register('monthly_revenue_band')}>
      <option value="">{t('contact.choose')}</option>
      {revenueBands.map((band) => (
        <option key={band} value={band}>
          {t(`contact.revenue_bands.${band}`)}
        </option>
      ))}
    </RequiredSelect>
  );
}

export function DurationBandField({ id, label, errors, register }: ContactFieldProps) {
  const { t } = useTranslation('worq-trade');
  return (
    <ChoiceGroup id={id} label={label} error={errors.ecommerce_duration_band} radio>
      {durationBands.map((band) => (
        <label key={band} className={styles.choice}>
          <input type="radio" value={band} {...register('ecommerce_duration_band')} />
          <span>{t(`contact.duration_bands.${band}`)}</span>
        </label>
      ))}
    </ChoiceGroup>
  );
}

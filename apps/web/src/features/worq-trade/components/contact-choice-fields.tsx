import { Controller, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
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

export function RequiredMark() {
  return (
    <span className={styles.required} aria-hidden="true">
      *
    </span>
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
        <fieldset
          className={styles.choiceGroup}
          aria-describedby={errors.sales_channels ? `${id}-error` : undefined}
          aria-invalid={errors.sales_channels ? true : undefined}
        >
          <legend className={styles.legend}>
            {label}
            <RequiredMark />
          </legend>
          <div className={styles.choiceGrid}>
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
          </div>
          <FieldError id={`${id}-error`} message={errors.sales_channels?.message} />
        </fieldset>
      )}
    />
  );
}

export function RevenueBandField({ id, label, errors, register }: ContactFieldProps) {
  const { t } = useTranslation('worq-trade');
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
        <RequiredMark />
      </label>
      <select
        id={id}
        className={styles.select}
        aria-invalid={errors.monthly_revenue_band ? true : undefined}
        aria-describedby={errors.monthly_revenue_band ? `${id}-error` : undefined}
        {...register('monthly_revenue_band')}
      >
        <option value="">{t('contact.choose')}</option>
        {revenueBands.map((band) => (
          <option key={band} value={band}>
            {t(`contact.revenue_bands.${band}`)}
          </option>
        ))}
      </select>
      <FieldError id={`${id}-error`} message={errors.monthly_revenue_band?.message} />
    </div>
  );
}

export function DurationBandField({ id, label, errors, register }: ContactFieldProps) {
  const { t } = useTranslation('worq-trade');
  return (
    <fieldset
      role="radiogroup"
      className={styles.choiceGroup}
      aria-invalid={errors.ecommerce_duration_band ? true : undefined}
      aria-describedby={errors.ecommerce_duration_band ? `${id}-error` : undefined}
    >
      <legend className={styles.legend}>
        {label}
        <RequiredMark />
      </legend>
      <div className={styles.choiceGrid}>
        {durationBands.map((band) => (
          <label key={band} className={styles.choice}>
            <input type="radio" value={band} {...register('ecommerce_duration_band')} />
            <span>{t(`contact.duration_bands.${band}`)}</span>
          </label>
        ))}
      </div>
      <FieldError id={`${id}-error`} message={errors.ecommerce_duration_band?.message} />
    </fieldset>
  );
}

import { isValidStoreName } from '@worq/domain/validation';
import { useEffect, useId, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import * as z from 'zod/mini';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FieldError } from '../../../components/ui/form/form-error.tsx';
import { applyServerFieldErrors } from '../../../components/ui/form/server-errors.ts';
import { TextField } from '../../../components/ui/form/text-field.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { useLeaveWarning } from '../../../components/ui/use-leave-warning.tsx';
import { notifyError } from '../../../lib/api-error.ts';
import {
  contactNoteMaxLength,
  durationBands,
  revenueBands,
  salesChannels,
  stepPath,
  upsertContactForm,
  useCities,
  type DurationBand,
  type RevenueBand,
  type SalesChannel,
} from '../api/applications.ts';
import { useOnboarding } from '../onboarding-context.ts';
import { useDomainMessage } from '../../../lib/use-domain-message.ts';
import styles from './worq-trade.module.css';

const storeNameMaxLength = 100;

interface ContactValues {
  sales_channels: string[];
  monthly_revenue_band: string;
  ecommerce_duration_band: string;
  best_selling_store_name: string;
  headquarters_city_id: string;
  note: string;
}

const emptyValues: ContactValues = {
  sales_channels: [],
  monthly_revenue_band: '',
  ecommerce_duration_band: '',
  best_selling_store_name: '',
  headquarters_city_id: '',
  note: '',
};

const wireFields = [
  'sales_channels',
  'monthly_revenue_band',
  'ecommerce_duration_band',
  'best_selling_store_name',
  'headquarters_city_id',
  'note',
] as const;

/** 'None' means no channel at all, so it and the other channels exclude each other. */
function toggleChannel(current: string[], channel: SalesChannel, checked: boolean): string[] {
  if (!checked) return current.filter((value) => value !== channel);
  if (channel === 'none') return ['none'];
  return [...current.filter((value) => value !== 'none'), channel];
}

/**
 * `/worq-trade/onboarding/contact`: for sellers who cannot connect a store. The experts see the
 * answers (sales channels, revenue and experience bands, best-selling store, city, a note); the
 * application itself stays where it was.
 */
export function Component() {
  const { t } = useTranslation('worq-trade');
  const message = useDomainMessage();
  const navigate = useNavigate();
  const { application } = useOnboarding();
  const cities = useCities();
  const ids = { channels: useId(), revenue: useId(), duration: useId(), city: useId(), note: useId() };
  const [sent, setSent] = useState(false);

  const labels = useMemo(
    () => ({
      sales_channels: t('contact.fields.sales_channels'),
      monthly_revenue_band: t('contact.fields.monthly_revenue_band'),
      ecommerce_duration_band: t('contact.fields.ecommerce_duration_band'),
      best_selling_store_name: t('contact.fields.best_selling_store_name'),
      headquarters_city_id: t('contact.fields.headquarters_city'),
      note: t('contact.fields.note'),
    }),
    [t],
  );

  const schema = useMemo(
    () =>
      z.object({
        sales_channels: z.array(z.string()).check(z.minLength(1, message('select_at_least_one'))),
        monthly_revenue_band: z.string().check(z.minLength(1, message('required', { field: labels.monthly_revenue_band }))),
        ecommerce_duration_band: z.string().check(z.minLength(1, message('select_at_least_one'))),
        best_selling_store_name: z.string().check(
          z.trim(),
          z.minLength(1, message('required', { field: labels.best_selling_store_name })),
          z.maxLength(storeNameMaxLength, message('max_length', { field: labels.best_selling_store_name, max: storeNameMaxLength })),
          z.refine(
            (value) => value === '' || isValidStoreName(value),
            message('no_special_characters', { field: labels.best_selling_store_name }),
          ),
        ),
        headquarters_city_id: z.string().check(z.minLength(1, message('required', { field: labels.headquarters_city_id }))),
        note: z.string().check(z.maxLength(contactNoteMaxLength, message('max_length', { field: labels.note, max: contactNoteMaxLength }))),
      }),
    [message, labels],
  );

  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ContactValues>({ resolver: zodResolver(schema), defaultValues: emptyValues });
  const leaveWarning = useLeaveWarning(isDirty && !sent);
  const noteLength = watch('note').length;

  // Navigate once the clean form has rendered, so the leave warning lets the page go.
  useEffect(() => {
    if (sent) navigate('/worq-trade/form-success');
  }, [sent, navigate]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const note = values.note.trim();
      await upsertContactForm({
        application_id: application.id,
        sales_channels: values.sales_channels as SalesChannel[],
        monthly_revenue_band: values.monthly_revenue_band as RevenueBand,
        ecommerce_duration_band: values.ecommerce_duration_band as DurationBand,
        best_selling_store_name: values.best_selling_store_name.trim(),
        // The select holds text; the server's id (a number) goes back as it came.
        headquarters_city_id:
          cities.data?.items.find((city) => String(city.id) === values.headquarters_city_id)?.id ?? values.headquarters_city_id,
        ...(note ? { note } : {}),
      });
      reset(values);
      setSent(true);
    } catch (failure) {
      if (!applyServerFieldErrors(failure, setError, wireFields)) void notifyError(failure);
    }
  });

  const required = (
    <span className={styles.required} aria-hidden="true">
      *
    </span>
  );

  return (
    <div className={styles.stepPage}>
      <PageHeader title={t('contact.heading')} subtitle={t('contact.intro')} />
      <Card>
        <form className={styles.form} onSubmit={onSubmit} noValidate>
          <p className={styles.note}>{t('contact.required_note')}</p>
          <Controller
            control={control}
            name="sales_channels"
            render={({ field }) => (
              <fieldset
                className={styles.choiceGroup}
                aria-describedby={errors.sales_channels ? `${ids.channels}-error` : undefined}
                aria-invalid={errors.sales_channels ? true : undefined}
              >
                <legend className={styles.legend}>
                  {labels.sales_channels}
                  {required}
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
                <FieldError id={`${ids.channels}-error`} message={errors.sales_channels?.message} />
              </fieldset>
            )}
          />
          <div className={styles.field}>
            <label className={styles.label} htmlFor={ids.revenue}>
              {labels.monthly_revenue_band}
              {required}
            </label>
            <select
              id={ids.revenue}
              className={styles.select}
              aria-invalid={errors.monthly_revenue_band ? true : undefined}
              aria-describedby={errors.monthly_revenue_band ? `${ids.revenue}-error` : undefined}
              {...register('monthly_revenue_band')}
            >
              <option value="">{t('contact.choose')}</option>
              {revenueBands.map((band) => (
                <option key={band} value={band}>
                  {t(`contact.revenue_bands.${band}`)}
                </option>
              ))}
            </select>
            <FieldError id={`${ids.revenue}-error`} message={errors.monthly_revenue_band?.message} />
          </div>
          <fieldset
            role="radiogroup"
            className={styles.choiceGroup}
            aria-invalid={errors.ecommerce_duration_band ? true : undefined}
            aria-describedby={errors.ecommerce_duration_band ? `${ids.duration}-error` : undefined}
          >
            <legend className={styles.legend}>
              {labels.ecommerce_duration_band}
              {required}
            </legend>
            <div className={styles.choiceGrid}>
              {durationBands.map((band) => (
                <label key={band} className={styles.choice}>
                  <input type="radio" value={band} {...register('ecommerce_duration_band')} />
                  <span>{t(`contact.duration_bands.${band}`)}</span>
                </label>
              ))}
            </div>
            <FieldError id={`${ids.duration}-error`} message={errors.ecommerce_duration_band?.message} />
          </fieldset>
          <TextField
            label={labels.best_selling_store_name}
            requiredMark
            maxLength={storeNameMaxLength}
            autoComplete="organization"
            error={errors.best_selling_store_name?.message}
            {...register('best_selling_store_name')}
          />
          <div className={styles.field}>
            <label className={styles.label} htmlFor={ids.city}>
              {labels.headquarters_city_id}
              {required}
            </label>
            <select
              id={ids.city}
              className={styles.select}
              aria-invalid={errors.headquarters_city_id ? true : undefined}
              aria-describedby={
                [errors.headquarters_city_id ? `${ids.city}-error` : null, cities.error && !cities.data ? `${ids.city}-load` : null]
                  .filter(Boolean)
                  .join(' ') || undefined
              }
              aria-busy={cities.isLoading || undefined}
              {...register('headquarters_city_id')}
            >
              <option value="">{cities.isLoading && !cities.data ? t('contact.cities_loading') : t('contact.choose')}</option>
              {cities.data?.items.map((city) => (
                <option key={city.id} value={city.id}>
                  {city.name}
                </option>
              ))}
            </select>
            {cities.error && !cities.data && (
              <p id={`${ids.city}-load`} className={styles.inlineProblem}>
                {message('data_load_error')}{' '}
                <button type="button" className={styles.textButton} onClick={() => void cities.mutate()}>
                  {t('retry')}
                </button>
              </p>
            )}
            <FieldError id={`${ids.city}-error`} message={errors.headquarters_city_id?.message} />
          </div>
          <div className={styles.field}>
            <label className={styles.label} htmlFor={ids.note}>
              {labels.note} <span className={styles.optional}>{t('contact.optional')}</span>
            </label>
            <textarea
              id={ids.note}
              className={styles.textarea}
              rows={4}
              maxLength={contactNoteMaxLength}
              aria-invalid={errors.note ? true : undefined}
              aria-describedby={[`${ids.note}-count`, errors.note ? `${ids.note}-error` : null].filter(Boolean).join(' ')}
              {...register('note')}
            />
            <p id={`${ids.note}-count`} className={styles.counter}>
              {t('contact.note_count', { count: noteLength, max: contactNoteMaxLength })}
            </p>
            <FieldError id={`${ids.note}-error`} message={errors.note?.message} />
          </div>
          <div className={styles.stepActions}>
            <Link to={stepPath(application.step)} className={styles.linkButtonGhost}>
              {t('contact.back')}
            </Link>
            <Button type="submit" busy={isSubmitting} busyText={t('contact.sending')}>
              {t('contact.submit')}
            </Button>
          </div>
        </form>
      </Card>
      {leaveWarning}
    </div>
  );
}

import { isValidStoreName } from '@worq/domain/validation';
import { useEffect, useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from '../../../lib/i18n.ts';
import { useNavigate } from 'react-router';
import * as z from 'zod/mini';
import { applyServerFieldErrors } from '../../../components/ui/form/server-errors.ts';
import { useLeaveWarning } from '../../../components/ui/use-leave-warning.tsx';
import { notifyError } from '../../../lib/api-error.ts';
import {
  contactNoteMaxLength,
  upsertContactForm,
  useCities,
  type DurationBand,
  type RevenueBand,
  type SalesChannel,
} from '../api/applications.ts';
import { useOnboarding } from '../onboarding-context.ts';
import { useDomainMessage } from '../../../lib/use-domain-message.ts';

export const storeNameMaxLength = 100;

export interface ContactValues {
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

/** The contact form's state: labels, rules, the cities, the submission and the move to the success page. */
export function useContactForm() {
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

  return { application, cities, ids, labels, register, control, errors, isSubmitting, leaveWarning, noteLength, onSubmit };
}

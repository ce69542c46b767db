import { useTranslation } from '../../../lib/i18n.ts';
import { FieldError } from '../../../components/ui/form/form-error.tsx';
import { contactNoteMaxLength, type useCities } from '../api/applications.ts';
import { useDomainMessage } from '../../../lib/use-domain-message.ts';
import { RequiredSelect, type ContactFieldProps } from './contact-choice-fields.tsx';
import styles from './worq-trade.module.css';

export function CityField({ id, label, errors, register, cities }: ContactFieldProps & { cities: ReturnType<typeof useCities> }) {
  const { t } = useTranslation('worq-trade');
  const message = useDomainMessage();
  return (
    <RequiredSelect
      id={id}
      label={label}
      error={errors.headquarters_city_id}
      aria-describedby={
        [errors.headquarters_city_id ? `${id}-error` : null, cities.error && !cities.data ? `${id}-load` : null]
          .filter(Boolean)
          .join(' ') || undefined
      }
      aria-busy={cities.isLoading || undefined}
      {...register('headquarters_city_id')}
      notice={
        cities.error &&
        !cities.data && (
          <p id={`${id}-load`} className={styles.inlineProblem}>
            {message('data_load_error')}{' '}
            <button type="button" className={styles.textButton} onClick={() => void cities.mutate()}>
              {t('retry')}
            </button>
          </p>
        )
      }
    >
      <option value="">{cities.isLoading && !cities.data ? t('contact.cities_loading') : t('contact.choose')}</option>
      {cities.data?.items.map((city) => (
        <option key={city.id} value={city.id}>
          {city.name}
        </option>
      ))}
    </RequiredSelect>
  );
}

export function NoteField({ id, label, errors, register, noteLength }: ContactFieldProps & { noteLength: number }) {
  const { t } = useTranslation('worq-trade');
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label} <span className={styles.optional}>{t('contact.optional')}</span>
      </label>
      <textarea
        id={id}
        className={styles.textarea}
        rows={4}
        maxLength={contactNoteMaxLength}
        aria-invalid={errors.note ? true : undefined}
        aria-describedby={[`${id}-count`, errors.note ? `${id}-error` : null].filter(Boolean).join(' ')}
        {...register('note')}
      />
      <p id={`${id}-count`} className={styles.counter}>
        {t('contact.note_count', { count: noteLength, max: contactNoteMaxLength })}
      </p>
      <FieldError id={`${id}-error`} message={errors.note?.message} />
    </div>
  );
}

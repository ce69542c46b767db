import { useMemo } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n.ts';
import { ordinal } from '@worq/domain/ordinal';
import { FieldError } from '../../../components/ui/form/form-error.tsx';
import type { PlanParameters } from '../api/plan.ts';
import type { PlanFormFields } from './plan-form-schema.ts';
import { offeredDurations, rateBpsFor } from './plan-model.ts';
import nativeFields from '../../../components/ui/form/native-fields.module.css';
import styles from './plan.module.css';

export interface PlanChoiceFieldsProps {
  parameters: PlanParameters;
  register: UseFormRegister<PlanFormFields>;
  errors: FieldErrors<PlanFormFields>;
  busy: boolean;
}

/** The plan form's two choices: the duration (with its rate) and the week the payments start. */
export function PlanChoiceFields({ parameters, register, errors, busy }: PlanChoiceFieldsProps) {
  const { t, i18n } = useTranslation('worq-trade');
  const percent = useMemo(() => new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 1 }), [i18n.language]);
  return (
    <div data-tour="duration" className={styles.choiceGroups}>
      <fieldset className={nativeFields.choiceStack} disabled={busy}>
        <legend className={styles.legend}>{t('plan.form.duration')}</legend>
        <div className={styles.radioCards}>
          {offeredDurations(parameters).map((weeks) => (
            <label key={weeks} className={styles.radioCard}>
              <input type="radio" value={String(weeks)} className={styles.radioInput} {...register('durationWeeks')} />
              <span className={styles.radioTitle}>{t('plan.form.duration_option', { weeks })}</span>
              <span className={styles.radioDetail}>
                {t('plan.form.duration_rate', { rate: percent.format((rateBpsFor(parameters, weeks) ?? 0) / 10_000) })}
              </span>
            </label>
          ))}
        </div>
        <FieldError message={errors.durationWeeks?.message} />
      </fieldset>
      <fieldset className={nativeFields.choiceStack} disabled={busy} aria-describedby="plan-start-week-hint">
        <legend className={styles.legend}>{t('plan.form.start_week')}</legend>
        <div className={styles.radioPills}>
          {parameters.payment_start_weeks.map((week) => (
            <label key={week} className={styles.radioPill}>
              <input type="radio" value={String(week)} className={styles.radioInput} {...register('paymentStartWeek')} />
              <span>{t('plan.form.start_week_option', { number: week, ordinal: ordinal(week) })}</span>
            </label>
          ))}
        </div>
        <p id="plan-start-week-hint" className={styles.hint}>
          {t('plan.form.start_week_hint')}
        </p>
        <FieldError message={errors.paymentStartWeek?.message} />
      </fieldset>
    </div>
  );
}

import { useCallback, type FormEventHandler } from 'react';
import { Controller, type Control, type FieldErrors, type UseFormRegister, type UseFormSetValue } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import type { PlanParameters } from '../api/plan.ts';
import { formatLira } from '../../../lib/format.ts';
import { kurusToLiraInput } from './money.ts';
import { MoneyField } from './money-field.tsx';
import { PlanChoiceFields } from './plan-choice-fields.tsx';
import type { PlanFormFields } from './plan-form-schema.ts';
import { PlanOffer, SalesScenarioNote } from './offer-note.tsx';
import { TurnoverSuggestionNote } from './turnover-suggestion.tsx';
import styles from './plan.module.css';

type AmountName = 'averageMonthlyTurnover' | 'estimatedStockPurchase' | 'estimatedSalesTurnover';

export interface PlanFormProps {
  parameters: PlanParameters;
  control: Control<PlanFormFields>;
  register: UseFormRegister<PlanFormFields>;
  setValue: UseFormSetValue<PlanFormFields>;
  errors: FieldErrors<PlanFormFields>;
  busy: boolean;
  /** The suggested stock purchase in kuruş, or null when the turnover allows none. */
  suggested: number | null;
  onSubmit: FormEventHandler<HTMLFormElement>;
}

/** The plan form's card: the three amounts, the suggested stock, the duration and the start week. */
export function PlanForm({ parameters, control, register, setValue, errors, busy, suggested, onSubmit }: PlanFormProps) {
  const { t } = useTranslation('worq-trade');
  const useSuggestedTurnover = useCallback(
    (kurus: number) =>
      setValue('averageMonthlyTurnover', kurusToLiraInput(kurus), { shouldDirty: true, shouldTouch: true, shouldValidate: true }),
    [setValue],
  );
  const currency = t('plan.form.currency');
  // A render helper, not a component: a component declared here would be a new type on every
  // render, and React would remount the input (losing focus) at each keystroke.
  const amountField = (name: AmountName, label: string, hint: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <MoneyField
          label={label}
          name={field.name}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={fieldState.error?.message}
          hint={hint}
          currency={currency}
          disabled={busy}
        />
      )}
    />
  );

  return (
    <Card title={t('plan.form.title')} className={styles.formCard}>
      <form id="revenue-sharing-plan-form" className={styles.form} onSubmit={onSubmit} noValidate>
        <PlanOffer control={control} setValue={setValue} disabled={busy} />
        <div data-tour="turnover">
          {amountField('averageMonthlyTurnover', t('plan.form.turnover'), t('plan.form.turnover_hint'))}
          <TurnoverSuggestionNote disabled={busy} onUse={useSuggestedTurnover} />
        </div>
        <div data-tour="stock" className={styles.stockGroup}>
          {amountField('estimatedStockPurchase', t('plan.form.stock'), t('plan.form.stock_guidance'))}
          <Button
            variant="secondary"
            size="sm"
            className={styles.suggestButton}
            disabled={suggested === null || busy}
            title={suggested === null ? t('plan.form.use_suggested_disabled') : undefined}
            onClick={() => {
              if (suggested === null) return;
              setValue('estimatedStockPurchase', kurusToLiraInput(suggested), {
                shouldDirty: true,
                shouldTouch: true,
                shouldValidate: true,
              });
            }}
          >
            {suggested === null ? t('plan.form.use_suggested_plain') : t('plan.form.use_suggested', { amount: formatLira(suggested) })}
          </Button>
        </div>
        <div data-tour="sales">
          {amountField('estimatedSalesTurnover', t('plan.form.sales'), t('plan.form.sales_hint'))}
          <SalesScenarioNote control={control} setValue={setValue} disabled={busy} />
        </div>
        <PlanChoiceFields parameters={parameters} register={register} errors={errors} busy={busy} />
      </form>
    </Card>
  );
}

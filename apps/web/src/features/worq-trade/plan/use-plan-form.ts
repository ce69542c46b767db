import { useEffect, useMemo, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from '../../../lib/i18n.ts';
import { useOffer } from '../api/offer.ts';
import type { Plan, PlanParameters } from '../api/plan.ts';
import { planFormDefaults, planFormSchema, readPlanValues, type MoneyFieldName, type PlanFormFields } from './plan-form-schema.ts';
import { compareDurations, planBoundsFor, planFigures, salesSourceOf, suggestedStockFor, type ForecastSales } from './plan-model.ts';

const labelKeys: Record<MoneyFieldName, 'plan.form.turnover' | 'plan.form.stock' | 'plan.form.sales'> = {
  averageMonthlyTurnover: 'plan.form.turnover',
  estimatedStockPurchase: 'plan.form.stock',
  estimatedSalesTurnover: 'plan.form.sales',
};

/**
 * What the plan page shows from the typed fields: the figures, the comparison, the bounds, the
 * suggested stock, and which sales scenario the figures use (a forecast scenario or the seller's own).
 */
function derivePlan(parameters: PlanParameters, watched: PlanFormFields, forecast: readonly ForecastSales[] | undefined) {
  const values = readPlanValues(watched);
  const usable = values !== null && values.averageMonthlyTurnover > 0 && values.estimatedStockPurchase > 0;
  const figures = usable ? planFigures(values) : null;
  const comparisons = usable ? compareDurations(parameters, values, forecast) : [];
  const salesSource = values ? salesSourceOf(forecast, values.durationWeeks, values.estimatedSalesTurnover) : 'own';
  const bounds = usable
    ? planBoundsFor(parameters, values.averageMonthlyTurnover, values.estimatedStockPurchase, values.durationWeeks)
    : null;
  const outOfBounds =
    usable &&
    bounds !== null &&
    (values.estimatedStockPurchase < bounds.minStockPurchase ||
      values.estimatedStockPurchase > bounds.maxStockPurchase ||
      values.estimatedSalesTurnover < bounds.minSalesTurnover ||
      values.estimatedSalesTurnover > bounds.maxSalesTurnover);
  const turnoverAmount =
    readPlanValues({ ...watched, estimatedStockPurchase: '0', estimatedSalesTurnover: '0' })?.averageMonthlyTurnover ?? 0;
  const stockFits =
    turnoverAmount > 0 && planBoundsFor(parameters, turnoverAmount, 0, 4).maxStockPurchase >= parameters.min_stock_purchase_amount;
  const suggested = stockFits ? suggestedStockFor(parameters, turnoverAmount) : null;
  return { values, figures, comparisons, outOfBounds, suggested, salesSource };
}

/** The plan form: its rules in the page's language, its fields, and what follows from what is typed. */
export function usePlanForm(parameters: PlanParameters, saved: Plan | null) {
  const { t } = useTranslation('worq-trade');
  const schema = useMemo(
    () =>
      planFormSchema(parameters, {
        label: (field) => t(labelKeys[field]),
        required: (field) => t('plan.errors.required', { field }),
        invalidAmount: () => t('plan.errors.invalid_amount'),
        positiveAmount: () => t('plan.errors.positive_amount'),
        turnoverTooLow: (min) => t('plan.errors.turnover_too_low', { min }),
        stockBounds: (min, max) => t('plan.errors.stock_bounds', { min, max }),
        salesBounds: (min, max) => t('plan.errors.sales_bounds', { min, max }),
      }),
    [parameters, t],
  );

  const {
    control,
    register,
    handleSubmit,
    setValue,
    setError,
    trigger,
    getFieldState,
    formState: { errors, isDirty, isSubmitting, isSubmitted },
  } = useForm<PlanFormFields>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: planFormDefaults(parameters, saved),
  });

  const watched = useWatch({ control }) as PlanFormFields;
  const { data: offer } = useOffer();
  const derived = derivePlan(parameters, watched, offer?.sales_scenarios);

  // The stock and sales bounds move with the turnover, the stock and the duration: a field already
  // judged is judged again when what its bounds depend on changes.
  const boundsInputs = `${watched.averageMonthlyTurnover}|${watched.estimatedStockPurchase}|${watched.durationWeeks}`;
  const judgedBoundsInputs = useRef(boundsInputs);
  useEffect(() => {
    // Only a change of what the bounds depend on: a server message set after saving must stay.
    if (judgedBoundsInputs.current === boundsInputs) return;
    judgedBoundsInputs.current = boundsInputs;
    const dependants = (['estimatedStockPurchase', 'estimatedSalesTurnover'] as const).filter(
      (field) => isSubmitted || getFieldState(field).isTouched || getFieldState(field).error,
    );
    if (dependants.length > 0) void trigger(dependants);
  }, [boundsInputs, isSubmitted, getFieldState, trigger]);

  return { control, register, handleSubmit, setValue, setError, errors, isDirty, isSubmitting, ...derived };
}

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { ordinal } from '@worq/domain/ordinal';
import type { DurationWeeks } from '@worq/domain/plan';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FieldError } from '../../../components/ui/form/form-error.tsx';
import { applyServerFieldErrors } from '../../../components/ui/form/server-errors.ts';
import { LoadFailed, LoadState } from '../../../components/ui/load-state.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useLeaveWarning } from '../../../components/ui/use-leave-warning.tsx';
import { notifyError } from '../../../lib/api-error.ts';
import { savedPlanKey, upsertPlan, usePlanParameters, useSavedPlan, type Plan, type PlanParameters } from '../api/plan.ts';
import { useOnboarding } from '../onboarding-context.ts';
import { DurationComparison } from './duration-comparison.tsx';
import { formatTry, kurusToLiraInput } from './money.ts';
import { MoneyField } from './money-field.tsx';
import { TurnoverSuggestionNote } from './turnover-suggestion.tsx';
import { PlanChart } from './plan-chart.tsx';
import { PlanFigures } from './plan-figures.tsx';
import {
  moneyFields,
  planFormDefaults,
  planFormSchema,
  readPlanValues,
  serverFieldMap,
  type MoneyFieldName,
  type PlanFormFields,
} from './plan-form-schema.ts';
import { compareDurations, offeredDurations, planBoundsFor, planFigures, rateBpsFor, suggestedStockFor } from './plan-model.ts';
import { PlanSchedule } from './plan-schedule.tsx';
import { hasSeenPlanTour, markPlanTourSeen, PlanTour } from './plan-tour.tsx';
import styles from './plan.module.css';

const fieldNames: (keyof PlanFormFields)[] = [...moneyFields, 'durationWeeks', 'paymentStartWeek'];

const labelKeys: Record<MoneyFieldName, 'plan.form.turnover' | 'plan.form.stock' | 'plan.form.sales'> = {
  averageMonthlyTurnover: 'plan.form.turnover',
  estimatedStockPurchase: 'plan.form.stock',
  estimatedSalesTurnover: 'plan.form.sales',
};

/** Step 1 of the WorqTrade onboarding: the revenue-sharing plan (§2, §3, §5, §9). */
type AmountName = 'averageMonthlyTurnover' | 'estimatedStockPurchase' | 'estimatedSalesTurnover';

export function RevenueSharingPlan() {
  const { t } = useTranslation('worq-trade');
  const parameters = usePlanParameters();
  const saved = useSavedPlan();

  if (parameters.error || saved.error) {
    return (
      <LoadFailed
        text={t('plan.load_error')}
        retryLabel={t('plan.retry')}
        onRetry={() => {
          void parameters.mutate();
          void saved.mutate();
        }}
      />
    );
  }
  if (!parameters.data || saved.data === undefined) {
    return (
      <LoadState>
        <Spinner label={t('plan.loading')} />
      </LoadState>
    );
  }
  return <PlanEditor parameters={parameters.data} saved={saved.data} />;
}

function PlanEditor({ parameters, saved }: { parameters: PlanParameters; saved: Plan | null }) {
  const { t, i18n } = useTranslation('worq-trade');
  const { application, goToStep } = useOnboarding();
  const { mutate } = useSWRConfig();
  const rootRef = useRef<HTMLDivElement>(null);
  const [tourOpen, setTourOpen] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [advancing, setAdvancing] = useState(false);
  const advanceStarted = useRef(false);

  const percent = useMemo(() => new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 1 }), [i18n.language]);
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
  const values = readPlanValues(watched);
  const usable = values !== null && values.averageMonthlyTurnover > 0 && values.estimatedStockPurchase > 0;
  const figures = usable ? planFigures(values) : null;
  const comparisons = usable ? compareDurations(parameters, values) : [];
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

  useEffect(() => {
    if (hasSeenPlanTour()) return;
    markPlanTourSeen();
    setTourOpen(true);
  }, []);

  const leaveDialog = useLeaveWarning(isDirty && !advancing);

  // goToStep navigates; it runs after the render that switched the leave warning off.
  useEffect(() => {
    if (!advancing || advanceStarted.current) return;
    advanceStarted.current = true;
    goToStep(2).catch((error: unknown) => {
      advanceStarted.current = false;
      setAdvancing(false);
      void notifyError(error);
    });
  }, [advancing, goToStep]);

  const submit = handleSubmit(async (fields) => {
    const input = readPlanValues(fields);
    if (!input) return;
    try {
      const plan = await upsertPlan({
        application_id: application.id,
        average_monthly_turnover: input.averageMonthlyTurnover,
        estimated_stock_purchase_amount: input.estimatedStockPurchase,
        estimated_sales_turnover: input.estimatedSalesTurnover,
        duration_weeks: input.durationWeeks,
        payment_start_week: input.paymentStartWeek,
      });
      void mutate(savedPlanKey, plan, { revalidate: false });
      setAdvancing(true);
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, fieldNames, serverFieldMap)) void notifyError(error);
    }
  });

  async function download() {
    if (!values || !figures) return;
    setDownloading(true);
    try {
      const [{ downloadSamplePlan }, { samplePlanContent }] = await Promise.all([
        import('./pdf/download-sample-plan.ts'),
        import('./pdf/sample-plan-content.ts'),
      ]);
      await downloadSamplePlan(samplePlanContent(t, i18n.language, values, figures, new Date()), t('plan.pdf.file_name'));
    } catch {
      void notifyError(new Error(t('plan.download_failed')));
    } finally {
      setDownloading(false);
    }
  }

  function selectDuration(durationWeeks: DurationWeeks) {
    setValue('durationWeeks', String(durationWeeks), { shouldDirty: true });
  }

  const busy = isSubmitting || advancing;
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
    <div className={styles.page} ref={rootRef}>
      <PageHeader
        title={t('plan.title')}
        subtitle={t('plan.intro')}
        align="start"
        actions={
          <Button variant="tertiary" onClick={() => setTourOpen(true)}>
            {t('plan.how_it_works')}
          </Button>
        }
      />

      <div className={styles.columns}>
        <Card title={t('plan.form.title')} className={styles.formCard}>
          <form id="revenue-sharing-plan-form" className={styles.form} onSubmit={submit} noValidate>
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
                {suggested === null ? t('plan.form.use_suggested_plain') : t('plan.form.use_suggested', { amount: formatTry(suggested) })}
              </Button>
            </div>
            <div data-tour="sales">{amountField('estimatedSalesTurnover', t('plan.form.sales'), t('plan.form.sales_hint'))}</div>
            <div data-tour="duration" className={styles.choiceGroups}>
              <fieldset className={styles.fieldset} disabled={busy}>
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
              <fieldset className={styles.fieldset} disabled={busy} aria-describedby="plan-start-week-hint">
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
          </form>
        </Card>

        <div className={styles.sideColumn}>
          <Card
            title={t('plan.figures.title')}
            className={styles.figuresCard}
            data-tour="figures"
            actions={
              <Button
                variant="secondary"
                size="sm"
                onClick={() => void download()}
                disabled={!figures}
                busy={downloading}
                busyText={t('plan.downloading')}
              >
                {t('plan.download')}
              </Button>
            }
          >
            {figures && values ? (
              <div className={styles.figuresBody}>
                {outOfBounds && <p className={styles.warning}>{t('plan.figures.out_of_bounds')}</p>}
                <PlanFigures stockPurchase={values.estimatedStockPurchase} figures={figures} />
                <PlanChart stockPurchase={values.estimatedStockPurchase} figures={figures} />
              </div>
            ) : (
              <p className={styles.muted}>{t('plan.figures.empty')}</p>
            )}
          </Card>
          {figures && (
            <Card padding="sm">
              <PlanSchedule figures={figures} />
            </Card>
          )}
        </div>
      </div>

      <Card title={t('plan.comparison.title')} description={t('plan.comparison.description')}>
        {comparisons.length > 0 && values ? (
          <>
            <DurationComparison comparisons={comparisons} selected={values.durationWeeks} onSelect={selectDuration} disabled={busy} />
            <p className={styles.hint}>{t('plan.comparison.effective_cost_hint')}</p>
          </>
        ) : (
          <p className={styles.muted}>{t('plan.comparison.empty')}</p>
        )}
      </Card>

      <div className={styles.footerActions}>
        <Button type="submit" form="revenue-sharing-plan-form" size="lg" busy={busy} busyText={t('plan.saving')}>
          {t('plan.continue')}
        </Button>
      </div>

      <PlanTour open={tourOpen} onClose={() => setTourOpen(false)} rootRef={rootRef} />
      {leaveDialog}
    </div>
  );
}

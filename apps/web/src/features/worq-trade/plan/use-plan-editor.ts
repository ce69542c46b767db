import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { useSWRConfig } from 'swr';
import type { DurationWeeks } from '@worq/domain/plan';
import { applyServerFieldErrors } from '../../../components/ui/form/server-errors.ts';
import { useLeaveWarning } from '../../../components/ui/use-leave-warning.tsx';
import { notifyError } from '../../../lib/api-error.ts';
import { savedPlanKey, upsertPlan, type Plan, type PlanParameters } from '../api/plan.ts';
import { useOnboarding } from '../onboarding-context.ts';
import { moneyFields, readPlanValues, serverFieldMap, type PlanFormFields } from './plan-form-schema.ts';
import { hasSeenPlanTour, markPlanTourSeen } from './plan-tour.tsx';
import { usePlanForm } from './use-plan-form.ts';

const fieldNames: (keyof PlanFormFields)[] = [...moneyFields, 'durationWeeks', 'paymentStartWeek'];

/** The plan page's state: the form, the tour, the sample PDF, and saving then moving on to step 2. */
export function usePlanEditor(parameters: PlanParameters, saved: Plan | null) {
  const { t, i18n } = useTranslation('worq-trade');
  const { application, goToStep } = useOnboarding();
  const { mutate } = useSWRConfig();
  const [tourOpen, setTourOpen] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [advancing, setAdvancing] = useState(false);
  const advanceStarted = useRef(false);

  const form = usePlanForm(parameters, saved);
  const { handleSubmit, setValue, setError, isDirty, isSubmitting, values, figures, salesSource } = form;

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
      await downloadSamplePlan(samplePlanContent(t, i18n.language, values, figures, salesSource, new Date()), t('plan.pdf.file_name'));
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
  return { ...form, tourOpen, setTourOpen, downloading, leaveDialog, submit, download, selectDuration, busy };
}

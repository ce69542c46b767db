import type { MessageKey, MessageParams } from '@worq/domain/messages';
import { calculatePlan, formatTry, paymentStartWeeks, planLimits, planRates, planViolations, type PlanInputs } from '@worq/domain/plan';
import type { PlanInput, PlanParametersView, PlanView } from '@worq/domain/wire/gpp';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../plugins/errors.ts';
import {
  findActiveApplication,
  findApplication,
  findPlan,
  isActiveApplication,
  recordPlanSaved,
  toPlanView,
} from '../application/public.ts';
import { upsertPlan, type NewPlan } from './repository.ts';

export function planParameters(): PlanParametersView {
  return {
    rates: planRates.map((rate) => ({ duration_weeks: rate.durationWeeks, provider_share_rate: rate.rate })),
    payment_start_weeks: [...paymentStartWeeks],
    min_stock_purchase_amount: planLimits.minStockPurchase,
    max_stock_purchase_amount: planLimits.maxStockPurchase,
    max_stock_to_turnover_ratio: planLimits.maxStockToTurnoverRatio,
    max_sales_to_stock_ratio: planLimits.maxSalesToStockRatio,
    suggested_stock_ratio: planLimits.suggestedStockRatio,
  };
}

/** The stored plan: the inputs and every figure derived from them alone. */
export function planRow(applicationId: string, customerId: string, inputs: PlanInputs): NewPlan {
  const figures = calculatePlan(inputs);
  return {
    applicationId,
    customerId,
    averageMonthlyTurnover: inputs.averageMonthlyTurnover,
    estimatedStockPurchaseAmount: inputs.estimatedStockPurchase,
    estimatedSalesTurnover: inputs.estimatedSalesTurnover,
    durationWeeks: inputs.durationWeeks,
    paymentStartWeek: inputs.paymentStartWeek,
    providerShareRateBps: figures.providerShareRateBps,
    providerShareAmount: figures.providerShare,
    yourShareAmount: figures.yourShare,
    totalPaymentAmount: figures.totalPayment,
    installmentCount: figures.installmentCount,
    installmentAmount: figures.installmentAmount,
    schedule: figures.schedule,
  };
}

/**
 * The 400 of an out-of-bounds plan: one message per field, with the bounds written as lira the
 * Turkish way in both languages, as the plan screen writes them (specification §5).
 */
function boundsError(inputs: PlanInputs): AppError | null {
  const violations = planViolations(inputs);
  const fields: Record<string, { key: MessageKey; params?: MessageParams }> = {};
  for (const [field, violation] of Object.entries(violations)) {
    fields[field] =
      violation.key === 'turnover_too_low'
        ? { key: violation.key, params: { min: formatTry(violation.min) } }
        : { key: violation.key, params: { min: formatTry(violation.min), max: formatTry(violation.max) } };
  }
  return Object.keys(fields).length > 0 ? new AppError(400, 'validation_failed', { fields }) : null;
}

/**
 * Saves the plan of the caller's active application. Every derived figure is computed here from
 * the inputs alone; figures the browser may have computed are never read.
 */
export async function savePlan(db: Db, customerId: string, input: PlanInput): Promise<PlanView> {
  const inputs: PlanInputs = {
    averageMonthlyTurnover: input.average_monthly_turnover,
    estimatedStockPurchase: input.estimated_stock_purchase_amount,
    estimatedSalesTurnover: input.estimated_sales_turnover,
    durationWeeks: input.duration_weeks,
    paymentStartWeek: input.payment_start_week,
  };
  // The application row stays locked until the plan is written, so a submission cannot slip between.
  const saved = await db.transaction(async (tx) => {
    const application = await findApplication(tx, customerId, input.application_id, { lock: true });
    if (!application) throw new AppError(404, 'application_not_found');
    if (!isActiveApplication(application)) throw new AppError(409, 'application_not_active');
    const refused = boundsError(inputs);
    if (refused) throw refused;
    const row = planRow(application.id, customerId, inputs);
    // Saves in a row update one audit event rather than adding one each (recordPlanSaved).
    await recordPlanSaved(tx, {
      applicationId: application.id,
      actorId: customerId,
      detail: {
        estimated_stock_purchase_amount: inputs.estimatedStockPurchase,
        duration_weeks: inputs.durationWeeks,
        total_payment_amount: row.totalPaymentAmount,
      },
    });
    return upsertPlan(tx, row);
  });
  return toPlanView(saved);
}

/** The plan of the caller's active application (404 plan_not_found without one). */
export async function activePlan(db: Db, customerId: string): Promise<PlanView> {
  const application = await findActiveApplication(db, customerId);
  const plan = application ? await findPlan(db, application.id) : undefined;
  if (!plan) throw new AppError(404, 'plan_not_found');
  return toPlanView(plan);
}

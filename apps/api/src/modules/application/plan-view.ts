import type { DurationWeeks, PaymentStartWeek } from '@worq/domain/plan';
import type { PlanView } from '@worq/domain/wire/gpp';
import type { Plan } from './repository.ts';

/** A stored plan as the wire shows it: on its own (gpp), in the seller's list and in the submitted snapshot. */
export function toPlanView(plan: Plan): PlanView {
  const duration = plan.durationWeeks as DurationWeeks;
  return {
    application_id: plan.applicationId,
    average_monthly_turnover: plan.averageMonthlyTurnover,
    estimated_stock_purchase_amount: plan.estimatedStockPurchaseAmount,
    estimated_sales_turnover: plan.estimatedSalesTurnover,
    duration_weeks: duration,
    payment_start_week: plan.paymentStartWeek as PaymentStartWeek,
    provider_share_rate: plan.providerShareRateBps / 10_000,
    provider_share_amount: plan.providerShareAmount,
    your_share_amount: plan.yourShareAmount,
    total_payment_amount: plan.totalPaymentAmount,
    installment_count: plan.installmentCount,
    installment_amount: plan.installmentAmount,
    schedule: plan.schedule,
  };
}

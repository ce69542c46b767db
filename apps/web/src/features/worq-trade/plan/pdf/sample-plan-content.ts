import type { TFunction } from '../../../../lib/translator.ts';
import { ordinal } from '@worq/domain/ordinal';
import type { PlanFigures } from '@worq/domain/plan';
import { formatLira } from '../../../../lib/format.ts';
import type { PlanFormValues, SalesSource } from '../plan-model.ts';
import type { SamplePlanPdfContent } from './sample-plan-pdf.ts';

/**
 * The sample plan's texts in the current language, from the seller's own figures. The schedule names
 * the sales estimate its installments come from (a forecast scenario or the seller's own), as the
 * plan screen does.
 */
export function samplePlanContent(
  t: TFunction,
  language: string,
  values: PlanFormValues,
  figures: PlanFigures,
  salesSource: SalesSource,
  preparedOn: Date,
): SamplePlanPdfContent {
  const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 });
  const date = new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(preparedOn);
  const week = (number: number) => t('plan.form.start_week_option', { number, ordinal: ordinal(number) });
  return {
    language,
    title: t('plan.pdf.title'),
    preparedOn: t('plan.pdf.prepared_on', { date }),
    sections: [
      {
        heading: t('plan.pdf.inputs'),
        rows: [
          [t('plan.form.turnover'), formatLira(values.averageMonthlyTurnover)],
          [t('plan.form.stock'), formatLira(values.estimatedStockPurchase)],
          [t('plan.form.sales'), formatLira(values.estimatedSalesTurnover)],
          [
            t('plan.form.duration'),
            `${t('plan.form.duration_option', { weeks: values.durationWeeks })} · ${t('plan.form.duration_rate', {
              rate: percent.format(figures.providerShareRateBps / 10_000),
            })}`,
          ],
          [t('plan.form.start_week'), week(values.paymentStartWeek)],
        ],
      },
      {
        heading: t('plan.pdf.figures'),
        rows: [
          [t('plan.figures.stock_purchase'), formatLira(values.estimatedStockPurchase)],
          [t('plan.figures.provider_share'), formatLira(figures.providerShare)],
          [t('plan.figures.your_share'), formatLira(figures.yourShare)],
          [
            t('plan.figures.installments'),
            t('plan.figures.installments_value', { count: figures.installmentCount, amount: formatLira(figures.installmentAmount) }),
          ],
          [t('plan.figures.total_payment'), formatLira(figures.totalPayment)],
        ],
      },
    ],
    schedule: {
      heading: t('plan.pdf.schedule'),
      salesSource: t('plan.schedule.source', { source: t(`plan.source.${salesSource}`) }),
      columns: [t('plan.schedule.week'), t('plan.schedule.amount')],
      rows: figures.schedule.map((installment) => [
        t('plan.schedule.week_value', { number: installment.week }),
        formatLira(installment.amount),
      ]),
      total: [t('plan.schedule.total'), formatLira(figures.totalPayment)],
    },
    disclaimer: t('plan.pdf.disclaimer'),
  };
}

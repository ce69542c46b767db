/*
 * The plan form's rules (specification §5): every amount present and readable, the stock purchase
 * and the sales turnover inside the bounds the server's parameters give for this turnover, with the
 * bounds written in TRY in the message.
 */
import * as z from 'zod/mini';
import type { DurationWeeks, PaymentStartWeek } from '@worq/domain/plan';
import type { Plan, PlanParameters } from '../api/plan.ts';
import { formatLira } from '../../../lib/format.ts';
import { kurusToLiraInput, parseLiraInput } from './money.ts';
import { planBoundsFor, type PlanFormValues } from './plan-model.ts';

export interface PlanFormFields {
  averageMonthlyTurnover: string;
  estimatedStockPurchase: string;
  estimatedSalesTurnover: string;
  durationWeeks: string;
  paymentStartWeek: string;
}

export const moneyFields = ['averageMonthlyTurnover', 'estimatedStockPurchase', 'estimatedSalesTurnover'] as const;
export type MoneyFieldName = (typeof moneyFields)[number];

/** Wire names of the server's 400 `fields` → form fields. */
export const serverFieldMap = {
  average_monthly_turnover: 'averageMonthlyTurnover',
  estimated_stock_purchase_amount: 'estimatedStockPurchase',
  estimated_sales_turnover: 'estimatedSalesTurnover',
  duration_weeks: 'durationWeeks',
  payment_start_week: 'paymentStartWeek',
} as const satisfies Record<string, keyof PlanFormFields>;

export interface PlanFormMessages {
  label: (field: MoneyFieldName) => string;
  required: (field: string) => string;
  invalidAmount: () => string;
  positiveAmount: () => string;
  turnoverTooLow: (min: string) => string;
  stockBounds: (min: string, max: string) => string;
  salesBounds: (min: string, max: string) => string;
}

/** The typed fields as numbers, or null while any is missing or unreadable. */
export function readPlanValues(fields: PlanFormFields): PlanFormValues | null {
  const averageMonthlyTurnover = parseLiraInput(fields.averageMonthlyTurnover);
  const estimatedStockPurchase = parseLiraInput(fields.estimatedStockPurchase);
  const estimatedSalesTurnover = parseLiraInput(fields.estimatedSalesTurnover);
  const durationWeeks = Number(fields.durationWeeks);
  const paymentStartWeek = Number(fields.paymentStartWeek);
  if (averageMonthlyTurnover === null || estimatedStockPurchase === null || estimatedSalesTurnover === null) return null;
  if (![4, 6, 8].includes(durationWeeks) || ![1, 2, 3].includes(paymentStartWeek)) return null;
  return {
    averageMonthlyTurnover,
    estimatedStockPurchase,
    estimatedSalesTurnover,
    durationWeeks: durationWeeks as DurationWeeks,
    paymentStartWeek: paymentStartWeek as PaymentStartWeek,
  };
}

export function planFormDefaults(parameters: PlanParameters, saved: Plan | null | undefined): PlanFormFields {
  if (saved) {
    return {
      averageMonthlyTurnover: kurusToLiraInput(saved.average_monthly_turnover),
      estimatedStockPurchase: kurusToLiraInput(saved.estimated_stock_purchase_amount),
      estimatedSalesTurnover: kurusToLiraInput(saved.estimated_sales_turnover),
      durationWeeks: String(saved.duration_weeks),
      paymentStartWeek: String(saved.payment_start_week),
    };
  }
  return {
    averageMonthlyTurnover: '',
    estimatedStockPurchase: '',
    estimatedSalesTurnover: '',
    durationWeeks: String(parameters.rates[0]?.duration_weeks ?? 4),
    paymentStartWeek: String(parameters.payment_start_weeks[0] ?? 1),
  };
}

export function planFormSchema(parameters: PlanParameters, messages: PlanFormMessages) {
  return z
    .object({
      averageMonthlyTurnover: z.string(),
      estimatedStockPurchase: z.string(),
      estimatedSalesTurnover: z.string(),
      durationWeeks: z.string(),
      paymentStartWeek: z.string(),
    })
    .check(
      z.superRefine((fields, ctx) => {
        const amounts: Partial<Record<MoneyFieldName, number>> = {};
        for (const field of moneyFields) {
          const text = fields[field].trim();
          const amount = parseLiraInput(text);
          if (text === '') ctx.addIssue({ code: 'custom', path: [field], message: messages.required(messages.label(field)) });
          else if (amount === null) ctx.addIssue({ code: 'custom', path: [field], message: messages.invalidAmount() });
          else if (amount <= 0) ctx.addIssue({ code: 'custom', path: [field], message: messages.positiveAmount() });
          else amounts[field] = amount;
        }
        const turnover = amounts.averageMonthlyTurnover;
        const stock = amounts.estimatedStockPurchase;
        const sales = amounts.estimatedSalesTurnover;
        const durationWeeks = Number(fields.durationWeeks) as DurationWeeks;
        if (turnover === undefined) return;
        const bounds = planBoundsFor(parameters, turnover, stock ?? 0, durationWeeks);
        if (bounds.maxStockPurchase < bounds.minStockPurchase) {
          // No stock purchase fits this turnover; a range whose maximum is below its minimum would
          // read as nonsense, so the turnover is named as the cause (as the server does).
          const minTurnover = Math.ceil(parameters.min_stock_purchase_amount / parameters.max_stock_to_turnover_ratio);
          ctx.addIssue({ code: 'custom', path: ['averageMonthlyTurnover'], message: messages.turnoverTooLow(formatLira(minTurnover)) });
          return;
        }
        if (stock === undefined) return;
        if (stock < bounds.minStockPurchase || stock > bounds.maxStockPurchase) {
          ctx.addIssue({
            code: 'custom',
            path: ['estimatedStockPurchase'],
            message: messages.stockBounds(formatLira(bounds.minStockPurchase), formatLira(bounds.maxStockPurchase)),
          });
          return;
        }
        if (sales !== undefined && (sales < bounds.minSalesTurnover || sales > bounds.maxSalesTurnover)) {
          ctx.addIssue({
            code: 'custom',
            path: ['estimatedSalesTurnover'],
            message: messages.salesBounds(formatLira(bounds.minSalesTurnover), formatLira(bounds.maxSalesTurnover)),
          });
        }
      }),
    );
}

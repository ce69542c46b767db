/*
 * Wire contract of the Repayments area (API.md "Repayments after approval"): the schedule of an
 * approved application, as the seller and the back-office read it, and a collection an expert records.
 * Money is integer kuruş; days are Istanbul calendar days. The API validates and documents its routes
 * with these schemas; the web imports the types only.
 */
import { z } from 'zod';

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .describe('YYYY-MM-DD, an Istanbul calendar day');

/** The statuses of `InstallmentStatus` in ../repayment.ts. */
export const installmentStatus = z.enum(['upcoming', 'due', 'paid', 'late']);
export type InstallmentStatus = z.output<typeof installmentStatus>;

/** The path of GET /application/{id}/repayments: the application id. */
export const repaymentsParams = z.object({ id: z.guid() });
export type RepaymentsParams = z.input<typeof repaymentsParams>;

/** GET /application/{id}/repayments, GET /admin/applications/{id}/repayments and POST /admin/applications/{id}/payments */
export const repaymentView = z.object({
  approved_at: z.string().describe('ISO 8601 UTC'),
  total_payment_amount: z.number().int().describe('kuruş'),
  paid_amount: z.number().int().describe('kuruş'),
  remaining_amount: z.number().int().describe('kuruş'),
  installments: z.array(
    z.object({
      number: z.number().int(),
      due_date: day,
      amount: z.number().int().describe('kuruş'),
      paid_amount: z.number().int().describe('kuruş'),
      status: installmentStatus.describe('due: the next one to pay; late: unpaid after its due date'),
    }),
  ),
});
export type RepaymentView = z.output<typeof repaymentView>;

/**
 * The client's key of one payment submission: a repeat with the same key (a double click, a retry
 * after a lost answer) gets the first answer and records nothing new.
 */
export const idempotencyKey = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9._:-]{8,128}$/)
  .describe('8–128 letters, digits, ".", "_", ":" or "-"; a UUID per form submission');

/** POST /admin/applications/{id}/payments */
export const paymentBody = z.object({
  amount: z.number().int().min(1).max(100_000_000_000).describe('kuruş'),
  paid_at: z.iso
    .date()
    .describe(
      'YYYY-MM-DD, a real calendar day in Istanbul (no 2026-02-30): the day the money arrived, not before the approval day and not later than today',
    ),
  note: z.string().trim().max(1000).nullish(),
  idempotency_key: idempotencyKey
    .optional()
    .describe('The same as the Idempotency-Key header (either may carry it; when both are sent they must be equal)'),
});
export type PaymentBody = z.input<typeof paymentBody>;

/** The headers POST /admin/applications/{id}/payments reads besides the bearer token. */
export const paymentHeaders = z.looseObject({
  'idempotency-key': idempotencyKey
    .optional()
    .describe('One key per payment submission: a repeat with the same key answers as the first and records nothing new'),
});

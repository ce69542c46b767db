/** Phone verification: a code sent by SMS to the customer's number, and its check. */
import { maskPhone } from '@worq/domain/validation';
import { AppError } from '../../plugins/errors.ts';
import { updateCustomer, type Customer } from './customer-repository.ts';
import { customerOrUnauthorized, type AccountsContext, type SessionTokens } from './context.ts';
import { phoneCodeSms } from './notifications.ts';
import { startSession } from './sessions.ts';
import { consumeCode, issueCode } from './verification-codes.ts';

export interface CodeSent {
  masked_phone: string;
  expires_in_seconds: number;
  resend_in_seconds: number;
}

export async function sendPhoneCode(ctx: AccountsContext, customer: Customer, now = new Date()): Promise<CodeSent> {
  if (!customer.phoneNumber) {
    throw new AppError(400, 'phone_number_required', { fields: { phone_number: { key: 'required' } } });
  }
  const issued = await issueCode(ctx.db, ctx.secret, customer.id, 'phone', customer.phoneNumber, now);
  await ctx.delivery.send(phoneCodeSms(customer.preferredLanguage, customer.phoneNumber, issued.code, issued.expiresInSeconds));
  return {
    masked_phone: maskPhone(customer.phoneNumber),
    expires_in_seconds: issued.expiresInSeconds,
    resend_in_seconds: issued.resendInSeconds,
  };
}

export async function sendPhoneCodeTo(ctx: AccountsContext, customerId: string, now = new Date()): Promise<CodeSent> {
  return sendPhoneCode(ctx, await customerOrUnauthorized(ctx.db, customerId), now);
}

/** A code sent to a number the customer has since replaced proves nothing: it is refused. */
export async function verifyPhone(ctx: AccountsContext, customerId: string, code: string, now = new Date()): Promise<SessionTokens> {
  const { target } = await consumeCode(ctx.db, ctx.secret, customerId, 'phone', code, now);
  const customer = await customerOrUnauthorized(ctx.db, customerId);
  if (customer.phoneNumber !== target) throw new AppError(400, 'invalid_code', { fields: { code: { key: 'invalid_code' } } });
  const verified = (await updateCustomer(ctx.db, customerId, { isPhoneVerified: true })) ?? customer;
  return startSession(ctx, verified, now);
}

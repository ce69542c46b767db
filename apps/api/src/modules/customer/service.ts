import type { Language } from '@worq/domain/language';
import { maskPhone } from '@worq/domain/validation';
import type { CustomerConsents } from '../../db/schema.ts';
import { AppError } from '../../plugins/errors.ts';
import {
  confirmCurrentPassword,
  consentRecords,
  consumeCode,
  emailVerificationCode,
  findCustomerById,
  issueCode,
  notifyContactChanged,
  sendPhoneCode,
  updateCustomer,
  type AccountsContext,
  type Customer,
  type RegistrationInput,
} from '../auth/public.ts';
import { pendingTerms, type PendingTerm } from '../terms/public.ts';
import type { Db } from '../../db/client.ts';

type ConsentChoices = RegistrationInput['consents'];

export interface UserInfo {
  customer_id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string | null;
  is_phone_verified: boolean;
  is_email_verified: boolean;
  consents: CustomerConsents;
  created_at: string;
  preferred_language: Language;
  /** Legal texts accepted in an older version than the one now published (terms/service.ts). */
  pending_terms: PendingTerm[];
}

export async function userInfoOf(db: Db, customer: Customer, language: Language): Promise<UserInfo> {
  return {
    customer_id: customer.id,
    first_name: customer.firstName,
    last_name: customer.lastName,
    email: customer.email,
    phone_number: customer.phoneNumber,
    is_phone_verified: customer.isPhoneVerified,
    is_email_verified: customer.isEmailVerified,
    consents: customer.consents,
    created_at: customer.createdAt.toISOString(),
    preferred_language: customer.preferredLanguage,
    pending_terms: await pendingTerms(db, customer.consents, language),
  };
}

/** The caller's own row; a token whose customer no longer exists is a dead session. */
export async function currentCustomer(ctx: AccountsContext, customerId: string): Promise<Customer> {
  const customer = await findCustomerById(ctx.db, customerId);
  if (!customer) throw new AppError(401, 'unauthorized');
  return customer;
}

/**
 * A new phone number is unproven: it clears is_phone_verified and a code goes to it. When the
 * resend limits hold the code back, the change still stands; the verification screen offers a
 * resend once the wait is over.
 */
export async function updateUserInfo(
  ctx: AccountsContext,
  customerId: string,
  input: {
    first_name: string;
    last_name: string;
    phone_number: string;
    consents?: ConsentChoices | undefined;
    password?: string | undefined;
  },
  language: Language = 'tr',
  now = new Date(),
): Promise<UserInfo> {
  const before = await currentCustomer(ctx, customerId);
  const phoneChanged = before.phoneNumber !== input.phone_number;
  // Replacing a number (not giving the first one) needs the password, and the e-mail hears of it.
  const replacesPhone = phoneChanged && before.phoneNumber !== null;
  if (replacesPhone) await confirmCurrentPassword(ctx, before, input.password, now);
  const updated = await updateCustomer(ctx.db, customerId, {
    firstName: input.first_name,
    lastName: input.last_name,
    phoneNumber: input.phone_number,
    ...(phoneChanged ? { isPhoneVerified: false } : {}),
    ...(input.consents ? { consents: await consentRecords(ctx.db, language, input.consents, now) } : {}),
  });
  if (!updated) throw new AppError(401, 'unauthorized');
  if (replacesPhone) await notifyContactChanged(ctx, before, 'phone', maskPhone(input.phone_number));
  if (phoneChanged) {
    try {
      await sendPhoneCode(ctx, updated, now);
    } catch (error) {
      if (!(error instanceof AppError && error.statusCode === 429)) throw error;
    }
  }
  return userInfoOf(ctx.db, updated, language);
}

export function phoneNumberOf(customer: Customer): { phone_number: string | null; masked_phone: string | null } {
  return {
    phone_number: customer.phoneNumber,
    masked_phone: customer.phoneNumber ? maskPhone(customer.phoneNumber) : null,
  };
}

export async function sendEmailVerificationCode(
  ctx: AccountsContext,
  customerId: string,
  now = new Date(),
): Promise<{ expires_in_seconds: number }> {
  const customer = await currentCustomer(ctx, customerId);
  const issued = await issueCode(ctx.db, ctx.secret, customerId, 'email_verify', customer.email, now);
  await ctx.delivery.send(emailVerificationCode(customer.preferredLanguage, customer.email, issued.code, issued.expiresInSeconds));
  return { expires_in_seconds: issued.expiresInSeconds };
}

/** A code sent to an address the customer has since changed proves nothing: it is refused. */
export async function verifyEmail(
  ctx: AccountsContext,
  customerId: string,
  code: string,
  now = new Date(),
): Promise<{ is_email_verified: true }> {
  const { target } = await consumeCode(ctx.db, ctx.secret, customerId, 'email_verify', code, now);
  const customer = await currentCustomer(ctx, customerId);
  if (customer.email !== target) throw new AppError(400, 'invalid_code', { fields: { code: { key: 'invalid_code' } } });
  await updateCustomer(ctx.db, customerId, { isEmailVerified: true });
  return { is_email_verified: true };
}

export interface TermAnswers {
  disclosure?: boolean | undefined;
  explicit_consent?: boolean | undefined;
  commercial_electronic_message?: boolean | undefined;
}

/**
 * The seller's answer to the updated legal texts: the disclosure must be acknowledged again, each
 * optional consent is confirmed for the new version or withdrawn. Consents not pending are left as
 * they are; an answer to one of them is ignored rather than trusted.
 */
export async function acceptUpdatedTerms(
  ctx: AccountsContext,
  customerId: string,
  answers: TermAnswers,
  language: Language,
  now = new Date(),
): Promise<UserInfo> {
  const customer = await currentCustomer(ctx, customerId);
  const pending = await pendingTerms(ctx.db, customer.consents, language);
  if (pending.length === 0) return userInfoOf(ctx.db, customer, language);
  const missing = pending.filter((term) => term.required && answers[term.consent] !== true);
  if (missing.length > 0) {
    throw new AppError(400, 'consent_required', {
      messageKey: 'consent_required',
      fields: Object.fromEntries(missing.map((term) => [term.consent, { key: 'consent_required' as const }])),
    });
  }
  const consents: CustomerConsents = { ...customer.consents };
  for (const term of pending) {
    const accepted = answers[term.consent] === true;
    consents[term.consent] = accepted
      ? { accepted: true, term_version: term.version, accepted_at: now.toISOString() }
      : { accepted: false, term_version: null, accepted_at: null };
  }
  const updated = await updateCustomer(ctx.db, customerId, { consents });
  if (!updated) throw new AppError(401, 'unauthorized');
  return userInfoOf(ctx.db, updated, language);
}

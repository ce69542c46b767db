/** Changes of e-mail or phone: re-authentication, the old address told, and the e-mail change itself. */
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError } from '../../plugins/errors.ts';
import { findCustomerByEmail, updateCustomer, type Customer } from './customer-repository.ts';
import { accountLimits, clearHits, countHit } from './account-limits.ts';
import { customerOrUnauthorized, type AccountsContext, type SessionTokens } from './context.ts';
import { contactChangedNotice, emailChangeCode } from './notifications.ts';
import { verifyPassword } from './passwords.ts';
import { startSession } from './sessions.ts';
import { consumeCode, issueCode } from './verification-codes.ts';

/* ---------- Re-authentication for contact changes ---------- */

/**
 * A stolen access token alone must not move the account to someone else's e-mail or phone: such a
 * change needs the current password (accounts created through Google have none and are let
 * through). Tries are counted with the change-password limit, atomically, before the check.
 */
export async function confirmCurrentPassword(
  ctx: AccountsContext,
  customer: Customer,
  password: string | undefined,
  now = new Date(),
): Promise<void> {
  if (!customer.passwordHash) return;
  if (!password) throw new AppError(400, 'validation_failed', { fields: { password: { key: 'required' } } });
  await countHit(ctx.db, 'change_password', customer.id, accountLimits.login, now);
  if (!(await verifyPassword(password, customer.passwordHash))) {
    throw new AppError(400, 'wrong_password', { fields: { password: { key: 'wrong_password' } } });
  }
  await clearHits(ctx.db, 'change_password', customer.id);
}

/** `a***@example.com`: enough for the owner to recognise, little for anyone else. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return at <= 0 ? '***' : `${email.slice(0, 1)}***${email.slice(at)}`;
}

/** Tells the old e-mail address about a change of e-mail or phone; a failure does not undo the change. */
export async function notifyContactChanged(
  ctx: AccountsContext,
  before: Customer,
  what: 'email' | 'phone',
  newValue: string,
): Promise<void> {
  await ctx.delivery.send(contactChangedNotice(before.preferredLanguage, before.email, what, newValue));
}

/* ---------- E-mail change ---------- */

export async function requestEmailChange(
  ctx: AccountsContext,
  customerId: string,
  newEmail: string,
  password: string | undefined,
  now = new Date(),
): Promise<{ expires_in_seconds: number }> {
  const customer = await customerOrUnauthorized(ctx.db, customerId);
  await confirmCurrentPassword(ctx, customer, password, now);
  if (newEmail === customer.email) {
    throw new AppError(400, 'validation_failed', { fields: { new_email: { key: 'email_unchanged' } } });
  }
  if (await findCustomerByEmail(ctx.db, newEmail)) {
    throw new AppError(409, 'email_taken', { fields: { new_email: { key: 'email_taken' } } });
  }
  const issued = await issueCode(ctx.db, ctx.secret, customerId, 'email_change', newEmail, now);
  await ctx.delivery.send(emailChangeCode(customer.preferredLanguage, newEmail, issued.code, issued.expiresInSeconds));
  return { expires_in_seconds: issued.expiresInSeconds };
}

/**
 * The new address is proven by the code, so it is verified at once; new tokens carry it. The old
 * address is told, so that an owner who did not ask for the change hears of it.
 */
export async function confirmEmailChange(ctx: AccountsContext, customerId: string, code: string, now = new Date()): Promise<SessionTokens> {
  const { target } = await consumeCode(ctx.db, ctx.secret, customerId, 'email_change', code, now);
  const before = await customerOrUnauthorized(ctx.db, customerId);
  let customer: Customer | undefined;
  try {
    customer = await updateCustomer(ctx.db, customerId, { email: target, isEmailVerified: true });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, 'email_taken');
    throw error;
  }
  if (!customer) throw new AppError(401, 'unauthorized');
  if (before.email !== customer.email) await notifyContactChanged(ctx, before, 'email', maskEmail(customer.email));
  return startSession(ctx, customer, now);
}

/** Passwords: the forgotten-password reset by an e-mailed link, and a change while signed in. */
import { randomBytes } from 'node:crypto';
import type { Language } from '@worq/domain/language';
import { formatMessage } from '@worq/domain/messages';
import { AppError } from '../../plugins/errors.ts';
import { findCustomerByEmail, updateCustomer } from './customer-repository.ts';
import { accountLimits, clearHits, countHit } from './account-limits.ts';
import { customerOrUnauthorized, sha256, type AccountsContext, type SessionTokens } from './context.ts';
import { passwordResetLink } from './notifications.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { insertPasswordResetToken, invalidatePasswordResetTokens, revokeAllRefreshTokens, usePasswordResetToken } from './repository.ts';
import { startSession } from './sessions.ts';

export const passwordResetLifetimeSeconds = 60 * 60;

/** Always the same answer: whether the e-mail has an account is never revealed. */
export async function requestPasswordReset(
  ctx: AccountsContext,
  email: string,
  language: Language,
  now = new Date(),
): Promise<{ message: string }> {
  await countHit(ctx.db, 'forgot_password', email, accountLimits.forgotPassword, now);
  const customer = await findCustomerByEmail(ctx.db, email);
  if (customer) {
    const token = randomBytes(32).toString('base64url');
    await insertPasswordResetToken(ctx.db, {
      tokenHash: sha256(token),
      customerId: customer.id,
      expiresAt: new Date(now.getTime() + passwordResetLifetimeSeconds * 1000),
      createdAt: now,
    });
    const link = new URL('/change-password', ctx.publicUrl);
    link.searchParams.set('token', token);
    await ctx.delivery.send(passwordResetLink(customer.preferredLanguage, customer.email, link.toString(), passwordResetLifetimeSeconds));
  }
  return { message: formatMessage(language, 'password_reset_sent') };
}

/**
 * Sets a new password from an e-mailed link. Opening the link proves the e-mail, and every session
 * ends: whoever knew the old password is signed out.
 */
export async function resetPassword(
  ctx: AccountsContext,
  token: string,
  password: string,
  language: Language,
  now = new Date(),
): Promise<{ message: string }> {
  const customerId = await usePasswordResetToken(ctx.db, sha256(token), now);
  if (!customerId) throw new AppError(400, 'invalid_or_expired_token');
  const customer = await updateCustomer(ctx.db, customerId, { passwordHash: await hashPassword(password), isEmailVerified: true });
  if (!customer) throw new AppError(400, 'invalid_or_expired_token');
  await invalidatePasswordResetTokens(ctx.db, customerId, now);
  await revokeAllRefreshTokens(ctx.db, customerId, now);
  await clearHits(ctx.db, 'login', customer.email);
  return { message: formatMessage(language, 'password_reset_done') };
}

/** Every refresh token is revoked: other devices must sign in with the new password. */
export async function changePassword(
  ctx: AccountsContext,
  customerId: string,
  currentPassword: string,
  newPassword: string,
  language: Language,
  now = new Date(),
): Promise<{ message: string } & SessionTokens> {
  await countHit(ctx.db, 'change_password', customerId, accountLimits.login, now);
  const customer = await customerOrUnauthorized(ctx.db, customerId);
  if (!customer.passwordHash || !(await verifyPassword(currentPassword, customer.passwordHash))) {
    throw new AppError(400, 'wrong_password', { fields: { current_password: { key: 'wrong_password' } } });
  }
  await updateCustomer(ctx.db, customerId, { passwordHash: await hashPassword(newPassword) });
  // Every other session ends; the one that made the change goes on with a fresh pair.
  await revokeAllRefreshTokens(ctx.db, customerId, now);
  await clearHits(ctx.db, 'change_password', customerId);
  const tokens = await startSession(ctx, customer, now);
  return { message: formatMessage(language, 'password_changed'), ...tokens };
}

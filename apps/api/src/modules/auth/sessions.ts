/** Sign-in and sessions: access tokens, refresh-token families and their rotation, sign-out. */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import type { AccessClaims } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';
import { findCustomerByEmail, findCustomerById, updateCustomer, type Customer } from './customer-repository.ts';
import { accountLimits, clearHits, countHit } from './account-limits.ts';
import { sha256, type AccountsContext, type SessionTokens } from './context.ts';
import { decoyPasswordHash, hashPassword, needsRehash, verifyPassword } from './passwords.ts';
import { findRefreshToken, insertRefreshToken, markRotated, revokeAllRefreshTokens, revokeFamily } from './repository.ts';

/**
 * A session's absolute lifetime: the first refresh token of a family expires 30 days after sign-in
 * and every rotated one inherits that moment, so a stolen token cannot be kept alive by rotating.
 */
export const refreshTokenLifetimeMs = 30 * 24 * 60 * 60_000;

const invalidRefreshToken = () => new AppError(401, 'invalid_refresh_token');

/** Exactly the claims of ARCHITECTURE.md §4; `role` only for experts. */
export function accessClaimsOf(customer: Customer): AccessClaims {
  return {
    customer_id: customer.id,
    email: customer.email,
    first_name: customer.firstName,
    last_name: customer.lastName,
    is_phone_verified: customer.isPhoneVerified,
    ...(customer.role === 'expert' ? { role: 'expert' as const } : {}),
  };
}

/**
 * A fresh access token and a refresh token, the first of a new family unless one is given (then
 * with the family's end, `expiresAt`).
 */
export async function startSession(
  ctx: AccountsContext,
  customer: Customer,
  now = new Date(),
  familyId: string = randomUUID(),
  expiresAt: Date = new Date(now.getTime() + refreshTokenLifetimeMs),
): Promise<SessionTokens> {
  const refreshToken = randomBytes(32).toString('base64url');
  await insertRefreshToken(ctx.db, {
    customerId: customer.id,
    familyId,
    tokenHash: sha256(refreshToken),
    expiresAt,
  });
  return { jwt_token: await ctx.signAccessToken(accessClaimsOf(customer)), refresh_token: refreshToken };
}

/**
 * Same answer and about the same time whether or not the e-mail exists: an unknown e-mail still
 * pays for one scrypt. Every try is counted per e-mail in one atomic step BEFORE the password is
 * checked, so parallel wrong tries cannot all slip under the limit; a success clears the count.
 */
export async function signIn(ctx: AccountsContext, email: string, password: string, now = new Date()): Promise<SessionTokens> {
  try {
    await countHit(ctx.db, 'login', email, accountLimits.login, now);
  } catch (error) {
    if (error instanceof AppError) {
      ctx.log?.warn(
        { event: 'sign_in_locked', account: createHash('sha256').update(email).digest('hex').slice(0, 16) },
        'sign-in locked out',
      );
    }
    throw error;
  }
  const customer = await findCustomerByEmail(ctx.db, email);
  const passwordMatches = await verifyPassword(password, customer?.passwordHash ?? (await decoyPasswordHash()));
  if (!customer || !customer.passwordHash || !passwordMatches) {
    // No e-mail in the log: the account id when there is one, so repeated failures can be followed.
    ctx.log?.warn({ event: 'sign_in_failed', customerId: customer?.id ?? null }, 'sign-in failed');
    throw new AppError(401, 'invalid_credentials');
  }
  await clearHits(ctx.db, 'login', email);
  // A hash made at a lower cost is replaced now, while the password is at hand.
  if (needsRehash(customer.passwordHash)) await updateCustomer(ctx.db, customer.id, { passwordHash: await hashPassword(password) });
  return startSession(ctx, customer, now);
}

/* ---------- Refresh tokens ---------- */

/**
 * Rotates a refresh token within its family. A token that was already rotated is being replayed
 * (stolen, or a client bug): the whole family is revoked, so the thief and the owner both have to
 * sign in again.
 */
export async function refreshSession(ctx: AccountsContext, refreshToken: string, now = new Date()): Promise<SessionTokens> {
  const row = await findRefreshToken(ctx.db, sha256(refreshToken));
  if (!row || row.revokedAt) throw invalidRefreshToken();
  if (row.rotatedAt) {
    await revokeFamily(ctx.db, row.familyId, now);
    throw invalidRefreshToken();
  }
  if (row.expiresAt <= now) throw invalidRefreshToken();
  if (!(await markRotated(ctx.db, row.id, now))) {
    await revokeFamily(ctx.db, row.familyId, now);
    throw invalidRefreshToken();
  }
  const customer = await findCustomerById(ctx.db, row.customerId);
  if (!customer) throw invalidRefreshToken();
  return startSession(ctx, customer, now, row.familyId, row.expiresAt);
}

/**
 * Ends the session the refresh token belongs to. The refresh token is the proof (logout must work
 * once the access token has expired); a valid access token of another customer is ignored, and so
 * are unknown tokens.
 */
export async function endSession(
  ctx: AccountsContext,
  customerId: string | undefined,
  refreshToken: string,
  now = new Date(),
): Promise<void> {
  const row = await findRefreshToken(ctx.db, sha256(refreshToken));
  if (row && (customerId === undefined || row.customerId === customerId)) await revokeFamily(ctx.db, row.familyId, now);
}

/** Every session of a customer ends (an expert's action in the back office); access tokens run out within 15 minutes. */
export async function endAllSessions(db: Db, customerId: string, now = new Date()): Promise<boolean> {
  if (!(await findCustomerById(db, customerId))) return false;
  await revokeAllRefreshTokens(db, customerId, now);
  return true;
}

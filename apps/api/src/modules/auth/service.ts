import { createHash, hkdfSync, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Language } from '@worq/domain/language';
import { formatMessage } from '@worq/domain/messages';
import { maskPhone, normalizeEmail } from '@worq/domain/validation';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { CustomerConsents } from '../../db/schema.ts';
import type { AccessClaims } from '../../plugins/auth.ts';
import type { Delivery } from '../../plugins/delivery.ts';
import { AppError } from '../../plugins/errors.ts';
import { activeTerms, consentTermTypes } from '../terms/service.ts';
import {
  findCustomerByEmail,
  findCustomerById,
  insertCustomer,
  isUniqueViolation,
  updateCustomer,
  type Customer,
} from '../customer/repository.ts';
import { accountLimits, assertUnderLimit, clearHits, countHit } from './account-limits.ts';
import { contactChangedNotice, emailChangeCode, passwordResetLink, phoneCodeSms } from './notifications.ts';
import { decoyPasswordHash, hashPassword, needsRehash, verifyPassword } from './passwords.ts';
import {
  findRefreshToken,
  insertPasswordResetToken,
  insertRefreshToken,
  invalidatePasswordResetTokens,
  markRotated,
  revokeAllRefreshTokens,
  revokeFamily,
  usePasswordResetToken,
} from './repository.ts';
import { consumeCode, issueCode } from './verification-codes.ts';

/** What the account services need from the app; built once per route module. */
export interface AccountsContext {
  db: Db;
  delivery: Delivery;
  signAccessToken(claims: AccessClaims): Promise<string>;
  /** Keys the HMAC of stored verification codes. */
  secret: string;
  /** Origin of the web app, for links in e-mails. */
  publicUrl: string;
  /** Security events (failed sign-ins, lock-outs), written without personal data. */
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

/**
 * The key of the stored codes' HMAC, derived from JWT_SECRET for this one use: the signing key of
 * access tokens is never the key of anything else (a leaked derived key signs no token).
 */
export function codeHashKey(jwtSecret: string): string {
  return Buffer.from(hkdfSync('sha256', jwtSecret, 'worqtrade', 'verification-code-hmac', 32)).toString('hex');
}

export function accountsContext(app: FastifyInstance, db: Db, config: Pick<Config, 'jwtSecret' | 'publicUrl'>): AccountsContext {
  return {
    db,
    delivery: app.delivery,
    signAccessToken: (claims) => app.signAccessToken(claims),
    secret: codeHashKey(config.jwtSecret),
    publicUrl: config.publicUrl,
    log: app.log.child({ module: 'accounts' }),
  };
}

export interface SessionTokens {
  jwt_token: string;
  refresh_token: string;
}

/**
 * A session's absolute lifetime: the first refresh token of a family expires 30 days after sign-in
 * and every rotated one inherits that moment, so a stolen token cannot be kept alive by rotating.
 */
export const refreshTokenLifetimeMs = 30 * 24 * 60 * 60_000;
export const passwordResetLifetimeSeconds = 60 * 60;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
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

async function customerOrUnauthorized(db: Db, customerId: string): Promise<Customer> {
  const customer = await findCustomerById(db, customerId);
  if (!customer) throw new AppError(401, 'unauthorized');
  return customer;
}

/* ---------- Registration and sign-in ---------- */

export interface RegistrationInput {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  phone_number: string;
  consents: { disclosure: boolean; explicit_consent: boolean; commercial_electronic_message: boolean };
  utm?: Record<string, string> | undefined;
}

export async function consentRecords(
  db: Db,
  language: Language,
  given: RegistrationInput['consents'],
  now: Date,
): Promise<CustomerConsents> {
  const shown = await activeTerms(db, language);
  const record = (name: keyof typeof consentTermTypes) => {
    const accepted = given[name];
    const version = shown.find((term) => term.term_type === consentTermTypes[name])?.version ?? null;
    return { accepted, term_version: accepted ? version : null, accepted_at: accepted ? now.toISOString() : null };
  };
  return {
    disclosure: record('disclosure'),
    explicit_consent: record('explicit_consent'),
    commercial_electronic_message: record('commercial_electronic_message'),
  };
}

export async function registerCustomer(
  ctx: AccountsContext,
  input: RegistrationInput,
  language: Language,
  now = new Date(),
): Promise<SessionTokens> {
  if (await findCustomerByEmail(ctx.db, input.email)) throw emailTaken();
  // A number that has had its codes for the hour gets no new account (and no text) until it may.
  await assertUnderLimit(ctx.db, 'sms_number', input.phone_number, accountLimits.smsPerNumber, now, 'sms_number_limit');
  const customer = await insertCustomer(ctx.db, {
    firstName: input.first_name,
    lastName: input.last_name,
    email: input.email,
    passwordHash: await hashPassword(input.password),
    phoneNumber: input.phone_number,
    preferredLanguage: language,
    consents: await consentRecords(ctx.db, language, input.consents, now),
    utm: input.utm && Object.keys(input.utm).length > 0 ? input.utm : null,
    createdAt: now,
    updatedAt: now,
  });
  if (!customer) throw emailTaken();
  await sendPhoneCode(ctx, customer, now);
  return startSession(ctx, customer, now);
}

const emailTaken = () => new AppError(409, 'email_taken', { fields: { email: { key: 'email_taken' } } });

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

/**
 * BOOTSTRAP_EXPERT_EMAIL / _PASSWORD: creates the back-office account, or makes an existing one an
 * expert with that password, at every start (ARCHITECTURE.md §3).
 */
export async function ensureBootstrapExpert(db: Db, expert: { email: string; password: string }, now = new Date()): Promise<void> {
  const email = normalizeEmail(expert.email);
  const existing = await findCustomerByEmail(db, email);
  if (existing) {
    // A restart with the same password keeps the expert's sessions; a new password ends them.
    const samePassword = existing.passwordHash !== null && (await verifyPassword(expert.password, existing.passwordHash));
    const passwordHash = samePassword ? existing.passwordHash : await hashPassword(expert.password);
    await updateCustomer(db, existing.id, { role: 'expert', passwordHash, isPhoneVerified: true, isEmailVerified: true });
    if (!samePassword) await revokeAllRefreshTokens(db, existing.id, now);
    return;
  }
  const passwordHash = await hashPassword(expert.password);
  const none = { accepted: false, term_version: null, accepted_at: null };
  await insertCustomer(db, {
    firstName: 'WorqTrade',
    lastName: 'Expert',
    email,
    passwordHash,
    role: 'expert',
    isPhoneVerified: true,
    isEmailVerified: true,
    consents: { disclosure: none, explicit_consent: none, commercial_electronic_message: none },
    createdAt: now,
    updatedAt: now,
  });
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

/* ---------- Phone verification ---------- */

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

/* ---------- Passwords ---------- */

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

/** Registration: a seller's sign-up with the consents they gave, and the bootstrap expert account. */
import type { Language } from '@worq/domain/language';
import { normalizeEmail } from '@worq/domain/validation';
import type { Db } from '../../db/client.ts';
import type { CustomerConsents } from '../../db/schema.ts';
import { AppError } from '../../plugins/errors.ts';
import { activeTerms, consentTermTypes } from '../terms/public.ts';
import { findCustomerByEmail, insertCustomer, updateCustomer } from './customer-repository.ts';
import { accountLimits, assertUnderLimit } from './account-limits.ts';
import type { AccountsContext, SessionTokens } from './context.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { sendPhoneCode } from './phone-verification.ts';
import { revokeAllRefreshTokens } from './repository.ts';
import { startSession } from './sessions.ts';

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

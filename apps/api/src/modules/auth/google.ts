import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload } from 'jose';
import type { Language } from '@worq/domain/language';
import { formatMessage } from '@worq/domain/messages';
import { isValidEmail, normalizeEmail } from '@worq/domain/validation';
import { googleLoginAnswer, googleLoginBody, type GoogleLoginAnswer } from '@worq/domain/wire/auth';
import type { Config } from '../../config.ts';
import type { CustomerConsents } from '../../db/schema.ts';
import { AppError } from '../../plugins/errors.ts';
import { findCustomerByEmail, findCustomerByGoogleSub, insertCustomer, linkGoogleSub, type Customer } from './customer-repository.ts';
import { revokeAllRefreshTokens } from './repository.ts';
import type { AccountsContext } from './context.ts';
import { startSession } from './sessions.ts';

/** The issuers Google signs ID tokens as (developers.google.com/identity/gsi/web/guides/verify-google-id-token). */
export const googleIssuers = ['accounts.google.com', 'https://accounts.google.com'];

/** What sign-in needs from a verified Google ID token. */
export interface GoogleIdentity {
  subject: string;
  email: string;
  givenName: string;
  familyName: string;
}

export type GoogleFlow = GoogleLoginAnswer['flow'];

/** Longer than any real ID token (about 1 KB); a bigger body is not worth parsing. */
const maxCredentialLength = 8192;
/** The same bound as personNameField; Google names can be longer than our column allows. */
const maxNameLength = 50;

const invalidCredential = (messageKey: 'invalid_google_credential' | 'google_email_not_verified' = 'invalid_google_credential') =>
  new AppError(401, 'invalid_google_credential', { messageKey });

/** Google's signing keys as a JSON Web Key Set (developers.google.com/identity/gsi/web/guides/verify-google-id-token). */
export const googleJwksUrl = 'https://www.googleapis.com/oauth2/v3/certs';
/** Google rotates its keys every few days and announces them hours ahead; an hour's cache is safe. */
const keysCacheMs = 3_600_000;
const keysTimeoutMs = 5_000;

/** The claims of a Google ID token that sign-in reads. */
interface GoogleClaims extends JWTPayload {
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  name?: string;
}

/**
 * Checks an ID token from Google Identity Services with jose: RS256 signature against Google's
 * key set (or the one at `certsUrl`, for tests), audience = our client id, one of Google's two
 * issuer spellings, expiry, and a verified e-mail. An unknown key id fetches the set again (key
 * rotation), at most once in 30 seconds.
 */
export function googleCredentialVerifier(clientId: string, certsUrl?: string) {
  const keys = createRemoteJWKSet(new URL(certsUrl ?? googleJwksUrl), { cacheMaxAge: keysCacheMs, timeoutDuration: keysTimeoutMs });

  return async (credential: string): Promise<GoogleIdentity> => {
    let payload: GoogleClaims;
    try {
      ({ payload } = await jwtVerify<GoogleClaims>(credential, keys, { audience: clientId, issuer: googleIssuers, algorithms: ['RS256'] }));
    } catch (error) {
      // Not the user's fault: Google's keys could not be fetched or read.
      if (!(error instanceof errors.JOSEError) || error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid) {
        throw new AppError(503, 'service_unavailable');
      }
      throw invalidCredential();
    }
    if (!payload.sub || typeof payload.email !== 'string' || !isValidEmail(payload.email)) throw invalidCredential();
    if (payload.email_verified !== true) throw invalidCredential('google_email_not_verified');
    const email = normalizeEmail(payload.email);
    return {
      subject: payload.sub,
      email,
      givenName: personName(payload.given_name) || personName(payload.name) || personName(email.split('@')[0]),
      familyName: personName(payload.family_name),
    };
  };
}

function personName(value: string | undefined): string {
  return (value ?? '').trim().replace(/\s+/g, ' ').slice(0, maxNameLength).trim();
}

const noConsent = { accepted: false, term_version: null, accepted_at: null };

/**
 * A Google account already linked (by its `sub`) signs into its account, whatever e-mail Google
 * now gives; otherwise a known e-mail signs in and is linked to this Google account from then on,
 * and a new one becomes an account linked to it. Google has proven the e-mail, so it counts as
 * verified either way; the phone has not been, so the tokens say is_phone_verified false until the
 * customer gives a number (POST /customer/update_user_info) and confirms its code.
 *
 * An account linked to another Google account is never joined on the e-mail alone (409
 * google_account_mismatch): a Google account that took over the address (a recycled Workspace
 * address, for one) does not get into the account of the one linked first.
 *
 * The Google button shows no terms, so a Google sign-up has accepted none of them: its consents
 * are all recorded as not accepted, for the web to ask for later.
 */
export async function signInWithGoogle(
  ctx: AccountsContext,
  identity: GoogleIdentity,
  language: Language,
  now = new Date(),
): Promise<GoogleLoginAnswer> {
  const linked = await findCustomerByGoogleSub(ctx.db, identity.subject);
  if (linked) {
    if (linked.role === 'expert') throw new AppError(403, 'google_sign_in_not_allowed');
    return { ...(await startSession(ctx, linked, now)), flow: 'sign_in' };
  }
  const existing = await findCustomerByEmail(ctx.db, identity.email);
  if (existing) return joinExisting(ctx, existing, identity.subject, language, now);

  const consents: CustomerConsents = { disclosure: noConsent, explicit_consent: noConsent, commercial_electronic_message: noConsent };
  const created = await insertCustomer(ctx.db, {
    firstName: identity.givenName,
    lastName: identity.familyName,
    email: identity.email,
    passwordHash: null,
    phoneNumber: null,
    isPhoneVerified: false,
    isEmailVerified: true,
    preferredLanguage: language,
    consents,
    utm: null,
    googleSub: identity.subject,
    createdAt: now,
    updatedAt: now,
  });
  if (created) return { ...(await startSession(ctx, created, now)), flow: 'sign_up' };

  // Another request created the account between our look-up and insert (a double click).
  const raced = (await findCustomerByGoogleSub(ctx.db, identity.subject)) ?? (await findCustomerByEmail(ctx.db, identity.email));
  if (!raced) throw new AppError(500, 'internal_error');
  return joinExisting(ctx, raced, identity.subject, language, now);
}

const accountOfAnotherGoogleAccount = () => new AppError(409, 'google_account_mismatch');

/**
 * Signs Google's user into the account with that e-mail and links the account to this Google
 * account (`sub`); an account already linked to another one is refused. An account whose e-mail
 * was never proven may have been opened by someone else in the owner's name (pre-account
 * takeover): its password is dropped and its sessions end, so whoever typed that password cannot
 * come back; the answer's `notice` tells the owner, who can set a new password through "forgot
 * password".
 */
async function joinExisting(
  ctx: AccountsContext,
  customer: Customer,
  googleSub: string,
  language: Language,
  now: Date,
): Promise<GoogleLoginAnswer> {
  // The back office signs in with its password only: a Google account must not be a way in.
  if (customer.role === 'expert') throw new AppError(403, 'google_sign_in_not_allowed');
  if (customer.googleSub !== null && customer.googleSub !== googleSub) throw accountOfAnotherGoogleAccount();
  if (customer.googleSub === googleSub) return { ...(await startSession(ctx, customer, now)), flow: 'sign_in' };
  const takeOver = !customer.isEmailVerified;
  const { linked, customer: joined } = await linkGoogleSub(
    ctx.db,
    customer.id,
    googleSub,
    takeOver ? { isEmailVerified: true, passwordHash: null } : {},
  );
  // Another Google account was linked first, between our look-up and the update.
  if (!joined || joined.googleSub !== googleSub) throw accountOfAnotherGoogleAccount();
  // Only the call that linked the account took it over (a double click's second one just signs in).
  if (!linked || !takeOver || customer.passwordHash === null) return { ...(await startSession(ctx, joined, now)), flow: 'sign_in' };
  await revokeAllRefreshTokens(ctx.db, customer.id, now);
  return {
    ...(await startSession(ctx, joined, now)),
    flow: 'sign_in',
    notice: formatMessage(language, 'google_password_removed'),
  };
}

/**
 * POST /auth/google/login (API.md Auth). Off (503 google_sign_in_disabled) while GOOGLE_CLIENT_ID is
 * unset. A missing, malformed, forged, foreign or expired credential is 401 invalid_google_credential.
 */
export const googleLoginRoutes: FastifyPluginAsyncZod<{
  ctx: AccountsContext;
  config: Pick<Config, 'googleClientId' | 'googleCertsUrl'>;
}> = async (app, { ctx, config }) => {
  const verify = config.googleClientId ? googleCredentialVerifier(config.googleClientId, config.googleCertsUrl) : undefined;

  app.post(
    '/auth/google/login',
    {
      // The same per-IP limit as /auth/login (plugins/rate-limit.ts).
      config: { rateLimit: {} },
      schema: {
        tags: ['auth'],
        summary: 'Signs in or signs up with a Google ID token; flow says which. A new account has no phone yet (is_phone_verified false)',
        body: googleLoginBody,
        response: { 200: googleLoginAnswer },
      },
    },
    async (request) => {
      if (!verify) throw new AppError(503, 'google_sign_in_disabled');
      const credential = request.body.credential?.trim() ?? '';
      if (!credential || credential.length > maxCredentialLength) throw invalidCredential();
      const identity = await verify(credential);
      return signInWithGoogle(ctx, identity, request.language);
    },
  );
};

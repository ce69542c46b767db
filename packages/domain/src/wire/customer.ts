/*
 * Wire contract of the Customer area (API.md Customer): the signed-in customer's own profile.
 * The API validates and documents its routes with these schemas; the web imports the types only.
 */
import { z } from 'zod';
import { currentPasswordField, personNameField, phoneField, verificationCodeField } from '../validation-schemas.ts';
import { languages } from '../language.ts';
import { consentsField } from './auth.ts';

export const consentKeys = ['disclosure', 'explicit_consent', 'commercial_electronic_message'] as const;
export type ConsentKey = (typeof consentKeys)[number];

export const consentRecord = z.object({
  accepted: z.boolean(),
  term_version: z.number().int().nullable().describe('Version of the term text accepted'),
  accepted_at: z.string().nullable(),
});

export const pendingTerm = z.object({
  consent: z.enum(consentKeys),
  term_type: z.enum(['disclosure', 'consent', 'electronic_message']),
  version: z.number().int().describe('The version now published'),
  accepted_version: z.number().int().describe('The version the customer accepted'),
  title: z.string(),
  change_note: z.string().nullable().describe('What changed, in the request language'),
  required: z.boolean().describe('true: must be accepted to go on (the disclosure); false: confirmed or withdrawn'),
});
export type PendingTerm = z.output<typeof pendingTerm>;

/** GET /customer/get_user_info and the answer of every call that changes the profile. */
export const userInfo = z.object({
  customer_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone_number: z.string().nullable().describe('Ten digits, 5XXXXXXXXX'),
  is_phone_verified: z.boolean(),
  is_email_verified: z.boolean(),
  consents: z.object({
    disclosure: consentRecord,
    explicit_consent: consentRecord,
    commercial_electronic_message: consentRecord,
  }),
  created_at: z.string(),
  preferred_language: z.enum(languages),
  pending_terms: z
    .array(pendingTerm)
    .describe('Legal texts published in a newer version than the one accepted; the web asks for them before anything else'),
});
export type UserInfo = z.output<typeof userInfo>;

/** POST /customer/accept_terms: true accepts the new version; false or absent withdraws an optional consent. */
export const acceptTermsBody = z.object({
  disclosure: z.boolean().optional(),
  explicit_consent: z.boolean().optional(),
  commercial_electronic_message: z.boolean().optional(),
});
export type AcceptTermsBody = z.input<typeof acceptTermsBody>;

/** POST /customer/update_user_info */
export const updateUserInfoBody = z.object({
  first_name: personNameField,
  last_name: personNameField,
  phone_number: phoneField,
  /** Accounts created through Google give the sign-up consents here, with their phone number. */
  consents: consentsField.optional(),
  password: currentPasswordField
    .optional()
    .describe('The current password; required when an existing phone number is replaced (unless the account has none)'),
});
export type UpdateUserInfoBody = z.input<typeof updateUserInfoBody>;

/** GET /customer/get_customer_phone_number */
export const customerPhoneNumber = z.object({ phone_number: z.string().nullable(), masked_phone: z.string().nullable() });
export type CustomerPhoneNumber = z.output<typeof customerPhoneNumber>;

/** GET /customer/get_email */
export const customerEmail = z.object({ email: z.string(), is_email_verified: z.boolean() });
export type CustomerEmail = z.output<typeof customerEmail>;

/** POST /customer/activate_email (no fields) */
export const emailCodeSent = z.object({ expires_in_seconds: z.number().int() });
export type EmailCodeSent = z.output<typeof emailCodeSent>;

/** POST /customer/verify_email */
export const verifyEmailBody = z.object({ code: verificationCodeField });
export type VerifyEmailBody = z.input<typeof verifyEmailBody>;
export const emailVerified = z.object({ is_email_verified: z.literal(true) });
export type EmailVerified = z.output<typeof emailVerified>;

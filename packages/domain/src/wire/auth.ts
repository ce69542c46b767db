/*
 * Wire contract of the Auth area (API.md Auth): sign-up, sign-in, sessions, phone and password.
 * The API validates and documents its routes with these schemas; the web imports the types only.
 */
import { z } from 'zod';
import {
  currentPasswordField,
  emailField,
  newPasswordField,
  personNameField,
  phoneField,
  verificationCodeField,
} from '../validation-schemas.ts';
import { messageAnswer } from './common.ts';

/** The three sign-up checkboxes; the disclosure (aydınlatma metni) must be acknowledged. */
export const consentsField = z.object({
  disclosure: z.boolean().refine((accepted) => accepted, 'consent_required'),
  explicit_consent: z.boolean().default(false),
  commercial_electronic_message: z.boolean().default(false),
});
export type Consents = z.input<typeof consentsField>;

/** A refresh or reset token as the client hands it back: opaque, bounded. */
const opaqueToken = z.string().trim().min(1, 'required').max(512);

/**
 * The access token's claims (specification §3, ARCHITECTURE.md §4); `role` only on an expert's token.
 * The API signs and verifies with this schema; the web reads the same type from the token it holds.
 */
export const accessClaims = z.object({
  customer_id: z.string().min(1),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  is_phone_verified: z.boolean(),
  role: z.literal('expert').optional(),
});
export type AccessClaims = z.output<typeof accessClaims>;

/** The answer of every call that starts or renews a session. */
export const sessionTokens = z.object({
  jwt_token: z.string().describe('JWT access token, valid 15 minutes'),
  refresh_token: z.string().describe('Opaque refresh token, valid 30 days, rotated on every refresh'),
});
export type SessionTokens = z.output<typeof sessionTokens>;

/** A 204 answer: no body. */
export const noContent = z.null().describe('No content');

/** POST /auth/register_customer (201 with sessionTokens) */
export const registerCustomerBody = z.object({
  first_name: personNameField,
  last_name: personNameField,
  email: emailField,
  password: newPasswordField,
  phone_number: phoneField,
  consents: consentsField,
  utm: z
    .record(z.string().max(64), z.string().max(500))
    .refine((utm) => Object.keys(utm).length <= 20, 'invalid_value')
    .optional()
    .describe('utm_* query values seen when the visitor arrived'),
});
export type RegisterCustomerBody = z.input<typeof registerCustomerBody>;

/** POST /auth/login */
export const loginBody = z.object({ email: emailField, password: currentPasswordField });
export type LoginBody = z.input<typeof loginBody>;

/** POST /auth/google/login */
export const googleLoginBody = z.object({
  credential: z.string().optional().describe('The ID token (JWT) Google Identity Services hands the page in its credential response'),
  select_by: z
    .string()
    .max(64)
    .optional()
    .describe('How the user picked the account (the credential response select_by: btn, user, auto, …); informational'),
});
export type GoogleLoginBody = z.input<typeof googleLoginBody>;

/** POST /auth/google/login: the session, and whether this call created the account. */
export const googleLoginAnswer = sessionTokens.extend({
  flow: z.enum(['sign_up', 'sign_in']).describe('sign_up when this call created the account'),
  notice: z
    .string()
    .optional()
    .describe('Set when the join removed the password of an account whose e-mail was never verified; show it to the user'),
});
export type GoogleLoginAnswer = z.output<typeof googleLoginAnswer>;

/** POST /auth/token/refresh and POST /auth/logout (204) */
export const refreshTokenBody = z.object({ refresh_token: opaqueToken });
export type RefreshTokenBody = z.input<typeof refreshTokenBody>;

/** POST /auth/otp/send (no fields) */
export const phoneCodeSent = z.object({
  masked_phone: z.string(),
  expires_in_seconds: z.number().int(),
  resend_in_seconds: z.number().int(),
});
export type PhoneCodeSent = z.output<typeof phoneCodeSent>;

/** POST /auth/otp/verify and POST /auth/email_change_verify: the code; both answer sessionTokens. */
export const verificationCodeBody = z.object({ code: verificationCodeField });
export type VerificationCodeBody = z.input<typeof verificationCodeBody>;

/** POST /auth/forgot_password (answers messageAnswer) */
export const forgotPasswordBody = z.object({ email: emailField });
export type ForgotPasswordBody = z.input<typeof forgotPasswordBody>;

/** POST /auth/reset_password (answers messageAnswer) */
export const resetPasswordBody = z.object({ token: opaqueToken, password: newPasswordField });
export type ResetPasswordBody = z.input<typeof resetPasswordBody>;

/** POST /auth/change_password */
export const changePasswordBody = z.object({ current_password: currentPasswordField, new_password: newPasswordField });
export type ChangePasswordBody = z.input<typeof changePasswordBody>;
/** The sentence for the user and the fresh pair that replaces the ended sessions. */
export const passwordChanged = messageAnswer.extend(sessionTokens.shape);
export type PasswordChanged = z.output<typeof passwordChanged>;

/** POST /auth/email_change_request */
export const emailChangeRequestBody = z.object({
  new_email: emailField,
  password: currentPasswordField.optional().describe('The current password; required unless the account has none (Google)'),
});
export type EmailChangeRequestBody = z.input<typeof emailChangeRequestBody>;
export const emailChangeCodeSent = z.object({ expires_in_seconds: z.number().int() });
export type EmailChangeCodeSent = z.output<typeof emailChangeCodeSent>;

/*
 * The rules of validation.ts as zod fields, for the server's request schemas. A message is a key of
 * messages.ts; the server's error handler (and the web's i18n) turn it into the §5 wording with the
 * field's label.
 */
import { z } from 'zod';
import {
  isValidEmail,
  isValidPassword,
  isValidStoreName,
  nameProblem,
  normalizeEmail,
  normalizePhone,
  phoneCodeLength,
} from './validation.ts';

export const nameMaxLength = 50;
export const emailMaxLength = 254;
/** Bounds the work scrypt does for one request. */
export const passwordMaxLength = 128;

/** A first or last name: letters (Turkish letters included) and single spaces. */
export const personNameField = z
  .string()
  .trim()
  .min(1, 'required')
  .max(nameMaxLength)
  .refine((value) => value === '' || nameProblem(value) !== 'invalid_format', 'invalid_format')
  .refine((value) => value === '' || nameProblem(value) !== 'no_special_characters', 'no_special_characters')
  .transform((value) => value.replace(/\s+/g, ' '));

/** A store's name or the best-selling store's name: letters, digits, Turkish letters and spaces (§5). */
export const storeNameField = (max: number) =>
  z
    .string()
    .trim()
    .min(1, 'required')
    .max(max)
    .refine((value) => value === '' || isValidStoreName(value), 'no_special_characters');

/** Checked for shape, then lower-cased so that one address is one account. */
export const emailField = z
  .string()
  .trim()
  .min(1, 'required')
  .max(emailMaxLength)
  .refine((value) => value === '' || isValidEmail(value), 'invalid_email')
  .transform(normalizeEmail);

/** A new password: the specification's rule. */
export const newPasswordField = z
  .string()
  .min(1, 'required')
  .max(passwordMaxLength)
  .refine((value) => value === '' || isValidPassword(value), 'password_rule');

/** A password being checked against a stored one: any non-empty text. */
export const currentPasswordField = z.string().min(1, 'required').max(passwordMaxLength);

/** Any written form of a Turkish mobile number, normalised to ten digits. */
export const phoneField = z
  .string()
  .trim()
  .min(1, 'required')
  .max(32)
  .refine((value) => value === '' || normalizePhone(value) !== null, 'invalid_phone')
  .transform((value) => normalizePhone(value) ?? value);

/** A six-digit code from an SMS or e-mail; spaces a user pasted are dropped. */
export const verificationCodeField = z
  .string()
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .min(1, 'required')
      .regex(new RegExp(`^\\d{${phoneCodeLength}}$`), 'invalid_format'),
  );

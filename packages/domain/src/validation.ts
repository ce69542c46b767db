/** Field rules of specification §5, shared by the web forms and the server schemas. */
import { z } from 'zod';

export const passwordMinLength = 8;
export const phoneCodeLength = 6;

/** At least 8 characters with a lowercase letter, an uppercase letter and a digit. */
export function isValidPassword(password: string): boolean {
  return (
    password.length >= passwordMinLength &&
    /\p{Ll}/u.test(password) &&
    /\p{Lu}/u.test(password) &&
    /\d/.test(password)
  );
}

/** Letters (Turkish letters included) and spaces only. */
export const namePattern = /^[A-Za-zÇĞİÖŞÜçğıöşüÂâÎîÛû]+(?: [A-Za-zÇĞİÖŞÜçğıöşüÂâÎîÛû]+)*$/;
/** Letters, digits, Turkish letters and whitespace. */
export const alphanumericNamePattern = /^[0-9A-Za-zÇĞİÖŞÜçğıöşüÂâÎîÛû\s]+$/;

export function isValidName(value: string): boolean {
  return namePattern.test(value.trim().replace(/\s+/g, ' '));
}

const emailPattern = /^[^\s@"'<>()[\],;:\\]+@[^\s@"'<>()[\],;:\\]+\.[A-Za-z]{2,}$/;

export function isValidEmail(value: string): boolean {
  return value.length <= 254 && emailPattern.test(value.trim());
}

export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

/**
 * Turkish mobile number as ten digits (5XXXXXXXXX): strips +90, a leading 0, spaces, dashes and
 * parentheses. Returns null when what remains is not a mobile number.
 */
export function normalizePhone(value: string): string | null {
  let digits = value.replace(/[\s()\-.]/g, '');
  if (digits.startsWith('+90')) digits = digits.slice(3);
  else if (digits.startsWith('0090')) digits = digits.slice(4);
  else if (digits.length === 12 && digits.startsWith('90')) digits = digits.slice(2);
  if (digits.length === 11 && digits.startsWith('0')) digits = digits.slice(1);
  return /^5\d{9}$/.test(digits) ? digits : null;
}

/** `+90 XXX XXX XXXX` */
export function formatPhone(tenDigits: string): string {
  const d = normalizePhone(tenDigits) ?? tenDigits;
  return `+90 ${d.slice(0, 3)} ${d.slice(3, 6)} ${d.slice(6)}`;
}

/** Keeps the country prefix and the last four digits: `+90 *** *** 1234`. */
export function maskPhone(tenDigits: string): string {
  const d = normalizePhone(tenDigits) ?? tenDigits;
  return `+90 *** *** ${d.slice(-4)}`;
}

/*
 * The same rules as zod fields, for the server's request schemas and the web's forms. A message is a
 * key of messages.ts; the server's error handler (and the web's i18n) turn it into the §5 wording
 * with the field's label.
 */

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
  .refine((value) => value === '' || isValidName(value), 'no_special_characters')
  .transform((value) => value.replace(/\s+/g, ' '));

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
  .pipe(z.string().min(1, 'required').regex(new RegExp(`^\\d{${phoneCodeLength}}$`), 'invalid_format'));

/**
 * Field rules of specification §5, shared by the web forms and the server schemas. Plain functions
 * only: the zod fields built on them live in validation-schemas.ts, so that code needing a rule
 * (a web page normalising a phone number) does not carry zod with it.
 */

export const passwordMinLength = 8;
export const phoneCodeLength = 6;

/** At least 8 characters with a lowercase letter, an uppercase letter and a digit. */
export function isValidPassword(password: string): boolean {
  return password.length >= passwordMinLength && /\p{Ll}/u.test(password) && /\p{Lu}/u.test(password) && /\d/.test(password);
}

/** Letters (Turkish letters included) and spaces only. */
export const namePattern = /^[A-Za-zÇĞİÖŞÜçğıöşüÂâÎîÛû]+(?: [A-Za-zÇĞİÖŞÜçğıöşüÂâÎîÛû]+)*$/;
/** Letters, digits, Turkish letters and whitespace. */
export const alphanumericNamePattern = /^[0-9A-Za-zÇĞİÖŞÜçğıöşüÂâÎîÛû\s]+$/;

export function isValidName(value: string): boolean {
  return namePattern.test(value.trim().replace(/\s+/g, ' '));
}

/**
 * What is wrong with a person's name (§5): a digit is a format problem ("not in a valid format"),
 * any other character outside the pattern a special character; null when it is fine.
 */
export function nameProblem(value: string): 'invalid_format' | 'no_special_characters' | null {
  if (isValidName(value)) return null;
  return /\d/.test(value) ? 'invalid_format' : 'no_special_characters';
}

/** Store names (a store's own, the best-selling one): the second pattern of §5. */
export function isValidStoreName(value: string): boolean {
  return alphanumericNamePattern.test(value.trim());
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

/*
 * zod building blocks for the common fields, over the shared rules of @worq/domain (one password
 * rule, one name pattern, one phone normalization). The caller supplies the words, so the same
 * blocks serve every feature and language. Built with zod/mini: the sign-in page carries these
 * blocks, and the classic API would add the whole of zod to it (the schemas behave the same).
 */
import * as z from 'zod/mini';
import { isValidEmail, isValidPassword, nameProblem, normalizePhone, passwordMinLength } from '@worq/domain/validation';

export interface FieldRuleMessages {
  /** '{field} cannot be empty.' — `field` is already capitalised for the start of a sentence. */
  required: (field: string) => string;
  noSpecialCharacters: (field: string) => string;
  /** '{field} is not in a valid format.' — for a name with digits (§5). */
  invalidFormat: (field: string) => string;
  minLength: (field: string, min: number) => string;
  invalidEmail: () => string;
  invalidPhone: () => string;
  passwordRule: () => string;
}

export function fieldRules(messages: FieldRuleMessages) {
  const required = (field: string) => z.string().check(z.trim(), z.minLength(1, messages.required(field)));
  return {
    required,
    /** Letters (Turkish ones included) and spaces. */
    name: (field: string) =>
      required(field).check(
        z.refine((value: string) => nameProblem(value) !== 'invalid_format', messages.invalidFormat(field)),
        z.refine((value: string) => nameProblem(value) !== 'no_special_characters', messages.noSpecialCharacters(field)),
      ),
    email: (field: string) => required(field).check(z.refine(isValidEmail, messages.invalidEmail())),
    /** A Turkish mobile number in any usual writing (+90, 0, spaces, parentheses). */
    phone: (field: string) => required(field).check(z.refine((value: string) => normalizePhone(value) !== null, messages.invalidPhone())),
    /** Any non-empty password (sign-in, current password): the rule applies only to new ones. */
    password: (field: string) => z.string().check(z.minLength(1, messages.required(field))),
    /** A new password: the specification's rule. */
    newPassword: (field: string) =>
      z
        .string()
        .check(
          z.minLength(1, messages.required(field)),
          z.minLength(passwordMinLength, messages.minLength(field, passwordMinLength)),
          z.refine(isValidPassword, messages.passwordRule()),
        ),
  };
}

/**
 * For the form's object: the repeated password must equal the new one. The message lands on the
 * repeat field.
 */
export function passwordsMatch(password: string, repeat: string, message: string) {
  return z.refine<Record<string, unknown>>((values) => values[password] === values[repeat], { path: [repeat], message });
}

export interface PasswordCriteria {
  length: boolean;
  lowercase: boolean;
  uppercase: boolean;
  digit: boolean;
}

/*
 * Each criterion is read from the one shared rule rather than rewritten: padding the password with
 * characters that satisfy every other criterion leaves isValidPassword answering for one criterion
 * alone. If the rule ever changes, the checklist follows.
 */
export function passwordCriteria(password: string): PasswordCriteria {
  const pad = (extra: string) => password + extra.repeat(passwordMinLength);
  return {
    length: password.length >= passwordMinLength,
    lowercase: isValidPassword(pad('A1')),
    uppercase: isValidPassword(pad('a1')),
    digit: isValidPassword(pad('aA')),
  };
}

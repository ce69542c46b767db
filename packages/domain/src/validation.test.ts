import { describe, expect, it } from 'vitest';
import {
  emailField,
  formatPhone,
  isValidEmail,
  isValidName,
  isValidPassword,
  maskPhone,
  newPasswordField,
  normalizePhone,
  personNameField,
  phoneField,
  verificationCodeField,
} from './validation.ts';

describe('password rule', () => {
  it('needs 8 characters with lower case, upper case and a digit', () => {
    expect(isValidPassword('Secret12')).toBe(true);
    expect(isValidPassword('Şifre123')).toBe(true);
    expect(isValidPassword('Secret1')).toBe(false);
    expect(isValidPassword('secret12')).toBe(false);
    expect(isValidPassword('SECRET12')).toBe(false);
    expect(isValidPassword('Secretss')).toBe(false);
  });
});

describe('names and e-mail', () => {
  it('accepts Turkish letters and single spaces in names, nothing else', () => {
    expect(isValidName('Çağla Şükriye')).toBe(true);
    expect(isValidName('İlker')).toBe(true);
    expect(isValidName('Ali3')).toBe(false);
    expect(isValidName('Ali!')).toBe(false);
  });
  it('checks e-mail shape', () => {
    expect(isValidEmail('seller@example.com.tr')).toBe(true);
    expect(isValidEmail('seller@example')).toBe(false);
    expect(isValidEmail('sel ler@example.com')).toBe(false);
  });
});

describe('phone numbers', () => {
  it('normalises +90, spaces, parentheses and a leading zero', () => {
    expect(normalizePhone('+90 (532) 123 45 67')).toBe('5321234567');
    expect(normalizePhone('0532 123 4567')).toBe('5321234567');
    expect(normalizePhone('5321234567')).toBe('5321234567');
  });
  it('refuses numbers that are not Turkish mobiles', () => {
    expect(normalizePhone('212 123 4567')).toBeNull();
    expect(normalizePhone('53212345')).toBeNull();
  });
  it('formats and masks for display', () => {
    expect(formatPhone('5321234567')).toBe('+90 532 123 4567');
    expect(maskPhone('5321234567')).toBe('+90 *** *** 4567');
  });
});

describe('zod fields', () => {
  const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
    result.error?.issues[0]?.message;

  it('names the message key of the broken rule', () => {
    expect(firstMessage(personNameField.safeParse('  '))).toBe('required');
    expect(firstMessage(personNameField.safeParse('Ali3'))).toBe('no_special_characters');
    expect(firstMessage(emailField.safeParse('seller@'))).toBe('invalid_email');
    expect(firstMessage(newPasswordField.safeParse('secret12'))).toBe('password_rule');
    expect(firstMessage(phoneField.safeParse('212 123 4567'))).toBe('invalid_phone');
    expect(firstMessage(verificationCodeField.safeParse('12a456'))).toBe('invalid_format');
  });

  it('gives one empty field one message, not two', () => {
    expect(emailField.safeParse('').error?.issues).toHaveLength(1);
    expect(newPasswordField.safeParse('').error?.issues).toHaveLength(1);
  });

  it('normalises what it accepts', () => {
    expect(personNameField.parse('  Çağla   Şükriye ')).toBe('Çağla Şükriye');
    expect(emailField.parse(' Seller@Example.COM ')).toBe('seller@example.com');
    expect(phoneField.parse('+90 (532) 123 45 67')).toBe('5321234567');
    expect(verificationCodeField.parse('123 456')).toBe('123456');
  });
});

import { describe, expect, it } from 'vitest';
import { formatPhone, isValidEmail, isValidName, isValidPassword, maskPhone, normalizePhone } from './validation.ts';

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

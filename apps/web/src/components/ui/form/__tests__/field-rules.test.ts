import { fieldRules, passwordCriteria } from '../field-rules.ts';

const rules = fieldRules({
  required: (field) => `${field}: required`,
  noSpecialCharacters: (field) => `${field}: letters only`,
  invalidFormat: (field) => `${field}: format`,
  minLength: (field, min) => `${field}: at least ${min}`,
  invalidEmail: () => 'invalid email',
  invalidPhone: () => 'invalid phone',
  passwordRule: () => 'password rule',
});

function firstMessage(result: { success: boolean; error?: { issues: Array<{ message: string }> } }) {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

describe('field rules', () => {
  it('reports an empty or blank field as required before any other rule', () => {
    expect(firstMessage(rules.name('Ad').safeParse('   '))).toBe('Ad: required');
    expect(firstMessage(rules.email('E-posta').safeParse(''))).toBe('E-posta: required');
    expect(firstMessage(rules.phone('Telefon').safeParse(''))).toBe('Telefon: required');
    expect(firstMessage(rules.password('Şifre').safeParse(''))).toBe('Şifre: required');
    expect(firstMessage(rules.newPassword('Şifre').safeParse(''))).toBe('Şifre: required');
  });

  it('names the broken rule of a filled field', () => {
    // §5: digits are a format problem, other characters special ones.
    expect(firstMessage(rules.name('Ad').safeParse('Ali3'))).toBe('Ad: format');
    expect(firstMessage(rules.name('Ad').safeParse('Ali!'))).toBe('Ad: letters only');
    expect(firstMessage(rules.email('E-posta').safeParse('seller@'))).toBe('invalid email');
    expect(firstMessage(rules.phone('Telefon').safeParse('212 123 4567'))).toBe('invalid phone');
    expect(firstMessage(rules.newPassword('Şifre').safeParse('Ab1'))).toBe('Şifre: at least 8');
    expect(firstMessage(rules.newPassword('Şifre').safeParse('secret12'))).toBe('password rule');
  });

  it('accepts valid values, trimming the text fields', () => {
    expect(rules.name('Ad').parse('  Çağla Şükriye ')).toBe('Çağla Şükriye');
    expect(rules.email('E-posta').parse(' seller@example.com.tr ')).toBe('seller@example.com.tr');
    expect(rules.phone('Telefon').parse('+90 (532) 123 45 67')).toBe('+90 (532) 123 45 67');
    expect(rules.password('Şifre').parse(' any ')).toBe(' any ');
    expect(rules.newPassword('Şifre').parse('Guclu123')).toBe('Guclu123');
  });
});

describe('password checklist', () => {
  it('ticks each criterion on its own', () => {
    expect(passwordCriteria('abcdefgh')).toEqual({ length: true, lowercase: true, uppercase: false, digit: false });
    expect(passwordCriteria('A1')).toEqual({ length: false, lowercase: false, uppercase: true, digit: true });
  });
});

import { describe, expect, it } from 'vitest';
import { emailField, newPasswordField, personNameField, phoneField, storeNameField, verificationCodeField } from './validation-schemas.ts';

describe('zod fields', () => {
  const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => result.error?.issues[0]?.message;

  it('names the message key of the broken rule', () => {
    expect(firstMessage(personNameField.safeParse('  '))).toBe('required');
    // §5: a digit is a format problem; other characters outside the pattern are special characters.
    expect(firstMessage(personNameField.safeParse('Ali3'))).toBe('invalid_format');
    expect(personNameField.safeParse('Ali3').error?.issues).toHaveLength(1);
    expect(firstMessage(personNameField.safeParse('Ali!'))).toBe('no_special_characters');
    expect(personNameField.safeParse('Ayşe  Nur').data).toBe('Ayşe Nur');
    expect(firstMessage(storeNameField(120).safeParse('Moda & Co.'))).toBe('no_special_characters');
    expect(storeNameField(120).safeParse('Butik 34 Çiçek').success).toBe(true);
    expect(firstMessage(storeNameField(120).safeParse(' '))).toBe('required');
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

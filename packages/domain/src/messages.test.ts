import { describe, expect, it } from 'vitest';
import { fieldLabel } from './field-labels.ts';
import { formatMessage, isMessageKey, messages, type MessageKey } from './messages.ts';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('message catalogue', () => {
  it('uses the same placeholders in Turkish and English for every message', () => {
    for (const [key, text] of Object.entries(messages)) {
      expect(placeholders(text.tr), key).toEqual(placeholders(text.en));
      expect(text.tr.trim(), key).not.toBe('');
    }
  });

  it('keeps the specification wording for field validation', () => {
    expect(formatMessage('en', 'required', { field: fieldLabel('en', 'first_name') })).toBe('First name cannot be empty.');
    expect(formatMessage('en', 'invalid_email')).toBe('Enter a valid email.');
    expect(formatMessage('en', 'no_special_characters', { field: fieldLabel('en', 'last_name') })).toBe(
      'Last name should not contain special characters.',
    );
    expect(formatMessage('en', 'min_length', { field: fieldLabel('en', 'password'), min: 8 })).toBe(
      'Please enter a password with at least 8 characters.',
    );
    expect(formatMessage('tr', 'min_length', { field: fieldLabel('tr', 'password'), min: 8 })).toBe(
      'Lütfen en az 8 karakterden oluşan bir şifre girin.',
    );
  });

  it('capitalises a label that opens the sentence, with Turkish casing rules', () => {
    expect(formatMessage('tr', 'required', { field: fieldLabel('tr', 'first_name') })).toBe('Ad boş bırakılamaz.');
    expect(formatMessage('tr', 'required', { field: 'iletişim adresi' })).toBe('İletişim adresi boş bırakılamaz.');
  });

  it('leaves an unknown placeholder visible rather than dropping it', () => {
    expect(formatMessage('en', 'max_length', { field: 'note' })).toBe('Note can be at most {max} characters.');
  });

  it('recognises catalogue keys only', () => {
    expect(isMessageKey('not_found')).toBe(true);
    expect(isMessageKey('toString')).toBe(false);
    expect(isMessageKey('nope' as MessageKey)).toBe(false);
  });
});

describe('fieldLabel', () => {
  it('names known fields per language and spells out unknown ones', () => {
    expect(fieldLabel('tr', 'phone_number')).toBe('telefon numarası');
    expect(fieldLabel('en', 'phone_number')).toBe('phone number');
    expect(fieldLabel('en', 'monthly_revenue_band')).toBe('monthly revenue band');
  });
});

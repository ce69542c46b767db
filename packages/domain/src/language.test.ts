import { describe, expect, it } from 'vitest';
import { pickLanguage } from './language.ts';
import { formatMessage } from './messages.ts';

describe('pickLanguage', () => {
  it('defaults to Turkish', () => {
    expect(pickLanguage(undefined)).toBe('tr');
    expect(pickLanguage('de-DE,fr;q=0.8')).toBe('tr');
  });
  it('honours English and quality values', () => {
    expect(pickLanguage('en')).toBe('en');
    expect(pickLanguage('en-GB,tr;q=0.5')).toBe('en');
    expect(pickLanguage('en;q=0.4,tr;q=0.9')).toBe('tr');
  });
});

describe('formatMessage', () => {
  it('fills placeholders in the chosen language', () => {
    expect(formatMessage('en', 'min_length', { field: 'password', min: 8 })).toBe('Please enter a password with at least 8 characters.');
    expect(formatMessage('tr', 'required', { field: 'Ad' })).toBe('Ad boş bırakılamaz.');
  });
});
